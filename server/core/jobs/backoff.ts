/** Delays between the attempts of a job (ADR 060). */

/** An exponential backoff: `baseMs`, then twice as long after each failure, at most `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/** How long to wait after failed attempt number `attempt` (from 1) before the next. */
export function backoffDelay(backoff: Backoff, attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  // 2 ** 60 and beyond would only lose precision: the cap binds long before.
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(exponent, 60));
}
