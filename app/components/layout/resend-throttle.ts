/**
 * The pause between two "send the confirmation link again" requests of one account, kept in
 * local storage so a reload or another tab does not reset it. The API has its own limits;
 * this one keeps people from flooding their own inbox by clicking twice.
 */

/** Minimum time between two resend requests of one account, in milliseconds. */
export const RESEND_INTERVAL_MS = 60_000;

/** The local storage key of an account's last resend time. */
export function resendStorageKey(userId: string): string {
  return `cahier-verification-sent:${userId}`;
}

/** Milliseconds left before the next resend is allowed (0 when allowed now). */
export function resendWait(lastSent: number | null, now: number, interval = RESEND_INTERVAL_MS) {
  if (lastSent === null || lastSent > now) return lastSent === null ? 0 : interval;
  return Math.max(0, lastSent + interval - now);
}

/** The last resend time saved for an account, or `null` (none, or storage unavailable). */
export function readLastResend(storage: Pick<Storage, "getItem"> | undefined, userId: string) {
  try {
    const value = Number(storage?.getItem(resendStorageKey(userId)) ?? "");
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Saves an account's last resend time (ignored when storage is unavailable). */
export function saveLastResend(
  storage: Pick<Storage, "setItem"> | undefined,
  userId: string,
  now: number,
): void {
  try {
    storage?.setItem(resendStorageKey(userId), String(now));
  } catch {
    // Storage may be disabled: the pause then lasts as long as the page.
  }
}
