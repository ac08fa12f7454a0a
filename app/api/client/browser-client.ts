/**
 * The browser's SDK client: one per tab (a browser holds one person's session), with the
 * SDK's LocalAuthStore (local storage key `AUTH_STORAGE_KEY`, synced across tabs by the
 * storage event; `session-store.ts`: saving no session never ends one) mirrored into the
 * `pb_auth` cookie that server rendering reads.
 * SECURITY: never call this on the server; server code uses the per-request client of
 * `apiContext`.
 */
import type PocketBase from "pocketbase";
import { AUTH_COOKIE, createApiClient, type ApiClient } from "./api-client.ts";
import { AUTH_STORAGE_KEY } from "./auth-storage.ts";
import { SessionStore } from "./session-store.ts";

let client: PocketBase | undefined;

/** Writes the auth store into the `pb_auth` cookie (or expires it when signed out). */
function mirrorAuthCookie(pb: PocketBase): void {
  if (!pb.authStore.token) {
    document.cookie = `${AUTH_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
    return;
  }
  document.cookie = pb.authStore.exportToCookie(
    { httpOnly: false, secure: location.protocol === "https:", sameSite: "Lax", path: "/" },
    AUTH_COOKIE,
  );
}

/** The tab's SDK client, created on first use; its auth changes keep the cookie in sync. */
export function getBrowserClient(): ApiClient {
  if (typeof window === "undefined") throw new Error("getBrowserClient() runs in the browser only");
  if (!client) {
    const pb = createApiClient({ baseUrl: "/", authStore: new SessionStore(AUTH_STORAGE_KEY) });
    pb.authStore.onChange(() => {
      mirrorAuthCookie(pb);
    }, true);
    client = pb;
  }
  return client;
}
