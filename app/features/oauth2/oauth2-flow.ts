/**
 * The browser side of the OAuth2 redirect flow on `/login` (spec §5): before leaving for the
 * provider the page keeps `{provider, state, codeVerifier}` in session storage; when the
 * provider sends the browser back to `/login?code=…&state=…`, the saved attempt is taken out
 * (used once) and its `state` must equal the returned one, else the login fails with
 * "State parameters don't match" and nothing is sent to the server. The attempt also keeps the
 * page a guard sent the visitor from (`?redirectTo=`), where the sign-in ends.
 */
import { returnPath } from "../../lib/browser/navigation.ts";
import { paths } from "../../lib/paths.ts";

/** Session storage key of the attempt in progress. */
export const PENDING_KEY = "cahier.oauth2.pending";

/** How long a saved attempt stays usable (the provider's page may take a while). */
export const PENDING_MAX_AGE_MS = 15 * 60 * 1000;

/** The path providers send the browser back to (the callback URL to register is `APP_URL/login`). */
export const CALLBACK_PATH = paths.login();

/** A login attempt kept while the browser is at the provider. */
export interface PendingLogin {
  provider: string;
  displayName: string;
  state: string;
  codeVerifier: string;
  /** Where to go once signed in (a path of this site; `/` when none). */
  returnTo: string;
  /** When it started (ms since the epoch). */
  startedAt: number;
}

/** The part of `Storage` used here (session storage in the browser). */
export type PendingStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** What the provider put in the callback URL. */
export type Callback =
  | { kind: "none" }
  | { kind: "error"; error: string }
  | { kind: "code"; code: string; state: string };

/** The callback URL: this site's `/login`. */
export function callbackUrl(origin: string): string {
  return `${origin}${CALLBACK_PATH}`;
}

/** The provider URL to go to: its `authURL` (ending with `redirect_uri=`) plus the callback. */
export function providerUrl(authURL: string, origin: string): string {
  return `${authURL}${encodeURIComponent(callbackUrl(origin))}`;
}

/** Saves the attempt before leaving for the provider. */
export function savePending(
  storage: PendingStorage,
  login: Omit<PendingLogin, "startedAt">,
  now = Date.now(),
): void {
  storage.setItem(PENDING_KEY, JSON.stringify({ ...login, startedAt: now }));
}

/** Takes the saved attempt out (it is good for one callback only); null when none is usable. */
export function takePending(storage: PendingStorage, now = Date.now()): PendingLogin | null {
  const raw = storage.getItem(PENDING_KEY);
  storage.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingLogin> | null;
    if (
      !value ||
      typeof value.provider !== "string" ||
      typeof value.state !== "string" ||
      typeof value.codeVerifier !== "string" ||
      typeof value.startedAt !== "number" ||
      value.state === "" ||
      now - value.startedAt > PENDING_MAX_AGE_MS ||
      value.startedAt > now + 60_000
    )
      return null;
    return {
      provider: value.provider,
      displayName: typeof value.displayName === "string" ? value.displayName : value.provider,
      state: value.state,
      codeVerifier: value.codeVerifier,
      // Only a path of this site.
      returnTo: returnPath(typeof value.returnTo === "string" ? value.returnTo : null),
      startedAt: value.startedAt,
    };
  } catch {
    return null;
  }
}

/** Reads the callback parameters of `/login`. */
export function readCallback(search: URLSearchParams): Callback {
  const error = search.get("error");
  if (error !== null) return { kind: "error", error };
  const code = search.get("code");
  if (code !== null) return { kind: "code", code, state: search.get("state") ?? "" };
  return { kind: "none" };
}

/**
 * Whether the returned `state` is the one this browser sent: both present and equal (compared
 * in constant time, as a secret should be).
 */
export function stateMatches(pending: PendingLogin | null, returned: string): boolean {
  if (!pending || !pending.state || !returned || pending.state.length !== returned.length)
    return false;
  let difference = 0;
  for (let i = 0; i < returned.length; i++)
    difference |= returned.charCodeAt(i) ^ pending.state.charCodeAt(i);
  return difference === 0;
}

/** RFC 6749 and OpenID Connect error codes that get their own message. */
const KNOWN_ERRORS = [
  "access_denied",
  "temporarily_unavailable",
  "server_error",
  "login_required",
  "consent_required",
  "interaction_required",
] as const;

/** A provider error code this page explains. */
export type KnownProviderError = (typeof KNOWN_ERRORS)[number];

/**
 * The provider's error as something safe to show: a known code, or the code itself reduced
 * to a short `[a-z_]` word (the provider's free-text `error_description` is never shown, so
 * a crafted link cannot put arbitrary text on this page).
 */
export function describeProviderError(
  error: string,
): { known: KnownProviderError } | { code: string } {
  const known = KNOWN_ERRORS.find((k) => k === error);
  if (known) return { known };
  return { code: error.replace(/[^a-z_]/gi, "").slice(0, 40) || "unknown" };
}
