/**
 * Why a session's token was turned away (issue 22): an auth-refresh answered 401 or 403, or a
 * page request whose cookie no longer names a valid session. Each refusal is reported with the
 * account the token names (read without trusting it) and one reason, so that a person found
 * signed out can be explained from the log.
 */

/** The reasons a token is refused, in the order they are checked. */
export type RefusalReason =
  /** Not a JWT of the expected shape, or not an auth token. */
  | "malformed token"
  /** Its collection is unknown or not an auth collection. */
  | "unknown collection"
  /** Its record no longer exists (deleted account). */
  | "account not found"
  /** Its `exp` has passed. */
  | "token expired"
  /** Its signature does not match: the password or email changed, or the account was suspended. */
  | "token key changed"
  /** Its device was signed out (logout, sign out of other devices, device removed). */
  | "device signed out"
  /** The collection's authRule refuses the account (suspended). */
  | "auth rule"
  /** No token at all where one was needed. */
  | "no token";

/** A refused session: where, whose and why. */
export interface SessionRefusal {
  /** `auth-refresh` for the API, `page` for a server-rendered page's cookie. */
  where: "auth-refresh" | "page";
  reason: RefusalReason;
  /** The collection the token names, `""` when unreadable. */
  collection: string;
  /** The record id the token names, `""` when unreadable. */
  account: string;
  /** The device the token names, `""` for none. */
  device: string;
}

/** Receives every refusal (the app logs them). */
export type RefusalListener = (refusal: SessionRefusal) => void;

/** The reason a verified-signature check failed: expiry when `exp` has passed, else the key. */
export function signatureRefusal(exp: number | undefined, nowMs: number): RefusalReason {
  return typeof exp === "number" && exp * 1000 <= nowMs ? "token expired" : "token key changed";
}
