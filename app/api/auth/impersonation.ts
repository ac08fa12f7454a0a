/**
 * "View as" in the browser (ADR 025): a superuser's session is set aside while the tab runs
 * on an impersonation token of another account, and comes back on Stop or when that token
 * ends. The set-aside session lives in local storage next to the SDK's own auth store (the
 * same trust as the superuser's token already had), so every tab of the browser shares it.
 * SECURITY: never call these on the server; nothing here reaches a cookie.
 */
import { isTokenExpired, type RecordModel } from "pocketbase";
import { sdk, type ApiClient } from "../client/api-client.ts";
import { isImpersonationToken } from "./session.ts";

/** Local storage key of the set-aside superuser session. */
export const IMPERSONATOR_KEY = "cahier_impersonator";

/** How long an impersonation token lasts (seconds): it cannot be refreshed. */
export const IMPERSONATION_SECONDS = 3600;

interface SavedSession {
  token: string;
  record: RecordModel;
}

function readSaved(): SavedSession | null {
  try {
    const raw = localStorage.getItem(IMPERSONATOR_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SavedSession> | null;
    if (typeof value?.token !== "string" || typeof value.record?.id !== "string") return null;
    return { token: value.token, record: value.record };
  } catch {
    return null;
  }
}

/** Forgets the set-aside superuser session (on logout). */
export function forgetImpersonator(): void {
  try {
    localStorage.removeItem(IMPERSONATOR_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

/**
 * Starts viewing the site as user `id`: asks the API for an impersonation token (superusers
 * only; the API refuses anyone else), sets the current superuser session aside, and switches
 * the tab's auth store (and so the `pb_auth` cookie) to the token. Answers the user record.
 */
export async function startImpersonation(api: ApiClient, id: string): Promise<RecordModel> {
  const pb = sdk(api);
  const superuser = { token: pb.authStore.token, record: pb.authStore.record };
  if (!pb.authStore.isSuperuser || !superuser.record) {
    throw new Error("only a superuser session can view as someone else");
  }
  const auth = await pb.send<{ token: string; record: RecordModel }>(
    `/api/collections/users/impersonate/${encodeURIComponent(id)}`,
    { method: "POST", body: { duration: IMPERSONATION_SECONDS } },
  );
  localStorage.setItem(IMPERSONATOR_KEY, JSON.stringify(superuser));
  pb.authStore.save(auth.token, auth.record);
  return auth.record;
}

/** Whether the tab runs on an impersonation token with a superuser session set aside. */
export function isImpersonating(api: ApiClient): boolean {
  const pb = sdk(api);
  return Boolean(pb.authStore.token) && isImpersonationToken(pb.authStore.token) && !!readSaved();
}

/**
 * Ends an impersonation: the set-aside superuser session comes back (`"restored"`), or, when
 * it has expired meanwhile or is missing, the tab is signed out (`"signedOut"`).
 */
export function stopImpersonation(api: ApiClient): "restored" | "signedOut" {
  const pb = sdk(api);
  const saved = readSaved();
  forgetImpersonator();
  if (saved && !isTokenExpired(saved.token)) {
    pb.authStore.save(saved.token, saved.record);
    return "restored";
  }
  pb.authStore.clear();
  return "signedOut";
}
