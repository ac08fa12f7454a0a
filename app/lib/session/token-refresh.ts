/**
 * When the browser renews its auth token (ADR 048): once at app start (spec §4, the session
 * provider), then shortly before the token expires, never on a navigation. A token's expiry
 * is its `exp` claim, read without checking the signature (the server checks the token when
 * it matters). Timers cannot be trusted across a sleeping laptop or a hidden tab, so the tab
 * also asks {@link refreshIsDue} when it comes back.
 */
import { tokenClaims } from "../../api/auth/tokens.ts";
import { isImpersonationToken } from "../../api/auth/session.ts";

/** How long before its expiry a refreshable token is renewed: one hour. */
export const REFRESH_MARGIN_MS = 60 * 60 * 1000;

/**
 * The shortest wait before a scheduled refresh: one minute. A server whose clock is behind
 * the browser's may still call a token valid that the browser sees as due; the next try then
 * waits instead of repeating at once.
 */
export const MIN_REFRESH_DELAY_MS = 60 * 1000;

/** The longest single wait (`setTimeout` holds at most about 24.8 days): one day. */
export const MAX_REFRESH_DELAY_MS = 24 * 60 * 60 * 1000;

/** A token's expiry in milliseconds since the epoch, `null` when it has none or is unreadable. */
export function tokenExpiry(token: string): number | null {
  if (!token) return null;
  const exp: unknown = tokenClaims(token).exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * The moment a token should be renewed: {@link REFRESH_MARGIN_MS} before it expires; for a
 * token that cannot be renewed (a "View as" session, ADR 025), the moment it expires, when
 * the refresh answers 401 and the session provider ends the session. `null` for no token or
 * one without an expiry.
 */
export function refreshTime(token: string): number | null {
  const expiry = tokenExpiry(token);
  if (expiry === null) return null;
  return isImpersonationToken(token) ? expiry : expiry - REFRESH_MARGIN_MS;
}

/** Whether the token is due for renewal at `now` (a tab coming back, the network returning). */
export function refreshIsDue(token: string, now: number): boolean {
  const time = refreshTime(token);
  return time !== null && time <= now;
}

/**
 * How long to wait at `now` before the next scheduled refresh of `token`: at least
 * {@link MIN_REFRESH_DELAY_MS}, at most {@link MAX_REFRESH_DELAY_MS} (the schedule is then
 * made again); `null` when there is nothing to schedule.
 */
export function refreshDelay(token: string, now: number): number | null {
  const time = refreshTime(token);
  if (time === null) return null;
  return Math.min(Math.max(time - now, MIN_REFRESH_DELAY_MS), MAX_REFRESH_DELAY_MS);
}
