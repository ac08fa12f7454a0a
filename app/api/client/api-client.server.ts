/**
 * The SDK client of one server-rendered request: authenticated from the `pb_auth` cookie (the
 * browser mirrors its auth store into it) and verified before any page trusts it: by the
 * server's own token check (`confirmSession`, the checks of auth-refresh without a request or
 * a new token, ADR 048), else by an auth-refresh through the API. SECURITY: the cookie only
 * renders pages; every change the browser makes goes through `/api` with the Authorization
 * header, never through this cookie.
 */
import type PocketBase from "pocketbase";
import type { RecordModel } from "pocketbase";
import {
  AUTH_COOKIE,
  createApiClient,
  type ApiFetch,
  type SessionConfirmer,
} from "./api-client.ts";
import { refreshEndsSession, toSessionUser, type SessionUser } from "../auth/session.ts";

const AUTH_COLLECTIONS = new Set(["users", "_superusers"]);

/** The request's client and who it speaks for. */
export interface RequestApiClient {
  pb: PocketBase;
  /** The confirmed account, `null` for a guest or an unconfirmed session. */
  user: SessionUser | null;
  /**
   * The cookie named a session the server could not confirm right now (a 5xx, a 429, no
   * answer): the page renders as a guest, and a page that needs an account answers 503
   * instead of a login redirect or a 403 that would be untrue.
   */
  sessionUnconfirmed: boolean;
}

/**
 * Creates the request's client. With `transport` (the in-process API of the same server) the
 * SDK never touches the network; without it, it calls the request's own origin. With
 * `confirmSession` the cookie's session is checked by the server directly (no auth-refresh
 * per page: the browser renews its token itself, at start and near expiry).
 */
export async function createRequestApiClient(
  request: Request,
  transport: ApiFetch | null,
  lang: string,
  confirmSession: SessionConfirmer | null = null,
): Promise<RequestApiClient> {
  const pb = createApiClient({
    baseUrl: transport ? "/" : new URL(request.url).origin,
    fetch: transport ?? undefined,
    lang,
  });
  const cookie = request.headers.get("cookie");
  if (!cookie?.includes(`${AUTH_COOKIE}=`)) return { pb, user: null, sessionUnconfirmed: false };
  pb.authStore.loadFromCookie(cookie, AUTH_COOKIE);
  const collection = pb.authStore.record?.collectionName;
  // An expired token is left to the server's check, which logs whose session it turns away
  // and why (issue 22); a cookie naming no auth collection is no session at all.
  if (!pb.authStore.token || !collection || !AUTH_COLLECTIONS.has(collection)) {
    pb.authStore.clear();
    return { pb, user: null, sessionUnconfirmed: false };
  }
  if (confirmSession) {
    const token = pb.authStore.token;
    try {
      // The cookie's record is only a hint: the server checks the token and gives the
      // account as it is now (role, name, avatar).
      const confirmed = await confirmSession(token);
      if (!confirmed || confirmed.record.collectionName !== collection) {
        pb.authStore.clear();
        return { pb, user: null, sessionUnconfirmed: false };
      }
      const record = confirmed.record as RecordModel;
      pb.authStore.save(confirmed.token, record);
      return { pb, user: toSessionUser(record, confirmed.token), sessionUnconfirmed: false };
    } catch {
      pb.authStore.clear();
      return { pb, user: null, sessionUnconfirmed: true };
    }
  }
  try {
    // The cookie's record is only a hint: the API checks the token and returns the account
    // as it is now (role, name, avatar).
    const result = await pb.collection(collection).authRefresh();
    return { pb, user: toSessionUser(result.record, result.token), sessionUnconfirmed: false };
  } catch (error) {
    pb.authStore.clear();
    return { pb, user: null, sessionUnconfirmed: !refreshEndsSession(error) };
  }
}
