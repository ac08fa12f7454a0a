/**
 * The session a client holds (the SDK's auth store): its token and auth record, and changes
 * to it. In the browser the store is the tab's (local storage, shared by the tabs, mirrored
 * into the `pb_auth` cookie: `client/browser-client.ts`); on the server, the request's.
 */
import type { RecordModel } from "pocketbase";
import { sdk, type ApiClient } from "../client/api-client.ts";
import { isAuthAnswer } from "../client/session-store.ts";

/** An auth record as the API answers it (a `users` record or a superuser). */
export type AuthRecord = RecordModel;

/** The session's token, `""` when signed out. */
export function authToken(api: ApiClient): string {
  return sdk(api).authStore.token;
}

/** The session's auth record, `null` when signed out. */
export function authRecord(api: ApiClient): AuthRecord | null {
  return sdk(api).authStore.record;
}

/**
 * Calls `listener` after every change of the session (a save or a clear); returns the
 * unsubscribe function.
 */
export function onAuthChange(api: ApiClient, listener: () => void): () => void {
  return sdk(api).authStore.onChange(listener);
}

/** Ends the session in this client (and, in the browser, in every tab and the cookie). */
export function clearAuth(api: ApiClient): void {
  sdk(api).authStore.clear();
}

/**
 * Asks the API to renew the session of `token` (`POST /api/collections/{collection}/auth-refresh`,
 * `_superusers` or `users` after the record's collection) and keeps the answer only while
 * the client still runs on `token`: a logout or another sign-in meanwhile (in this tab or
 * another) wins. The SDK's `authRefresh()` would save the answer whatever happened meanwhile,
 * so the request is sent as is. A 200 whose body never arrived (the page navigating away)
 * reads as `{}`: no answer, the session stays (issue 22). Rejects as the request does.
 */
export async function renewSession(api: ApiClient, token: string): Promise<void> {
  const pb = sdk(api);
  const collection =
    pb.authStore.record?.collectionName === "_superusers" ? "_superusers" : "users";
  const auth = await pb.send<unknown>(`/api/collections/${collection}/auth-refresh`, {
    method: "POST",
  });
  if (!isAuthAnswer(auth)) return;
  if (pb.authStore.token === token) pb.authStore.save(auth.token, auth.record);
}
