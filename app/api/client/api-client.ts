/**
 * The `pocketbase` SDK client factory shared by server rendering and the browser, and the
 * handle the rest of the app passes around ({@link ApiClient}). The web app reaches the data
 * only through this client and the API's access rules, and only through `app/api/`: the rest
 * of the app holds the client but calls none of its methods (ADR 059).
 */
import PocketBase, { BaseAuthStore } from "pocketbase";

/**
 * The API client as the app outside `app/api/` sees it: a handle to pass to the API layer's
 * functions (`findPost(api, …)`), without the SDK's methods. Only `app/api/` opens it
 * ({@link sdk}); lint keeps the `pocketbase` package itself inside `app/api/` (ADR 059).
 */
export type ApiClient = Pick<PocketBase, "baseURL">;

/** The SDK behind a handle: for `app/api/` only. */
export function sdk(client: ApiClient): PocketBase {
  return client as PocketBase;
}

/** Name of the cookie that mirrors the SDK's auth store for server rendering. */
export const AUTH_COOKIE = "pb_auth";

/** A `fetch`-compatible function (the in-process transport on the server). */
export type ApiFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * The server's check of a session token during server rendering (given by the web plugin,
 * ADR 048): the token and its auth record as auth-refresh presents it, without renewing it;
 * `null` when the session is not valid; a rejection when it cannot be checked right now.
 */
export type SessionConfirmer = (
  token: string,
) => Promise<{ token: string; record: Record<string, unknown> } | null>;

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  /** API base URL: `/` in the browser, the request's origin (or `/` in process) on the server. */
  baseUrl: string;
  /** Auth store; a fresh in-memory one by default. */
  authStore?: BaseAuthStore;
  /** Sends every request through this function instead of the global `fetch`. */
  fetch?: ApiFetch;
  /** Language sent as `Accept-Language`. */
  lang?: string;
}

/**
 * Creates an SDK client. SECURITY: on the server, call it once per request; a client holds
 * the auth of one person and must never be shared between requests.
 */
export function createApiClient(options: ApiClientOptions): PocketBase {
  const pb = new PocketBase(
    options.baseUrl,
    options.authStore ?? new BaseAuthStore(),
    options.lang,
  );
  // Requests of one page never cancel each other (the SDK cancels duplicates by default).
  pb.autoCancellation(false);
  const transport = options.fetch;
  if (transport) {
    pb.beforeSend = (url, sendOptions) => ({ url, options: { ...sendOptions, fetch: transport } });
  }
  return pb;
}
