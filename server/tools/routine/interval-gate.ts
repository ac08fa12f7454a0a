/**
 * A gate for chores that run at most once per interval in a process, such as sweeping
 * expired rows on the way through a request, instead of on a timer of their own.
 *
 * @example
 * const sweeps = new IntervalGate(10 * 60_000);
 * if (sweeps.due()) await deleteExpired();
 */
export class IntervalGate {
  private readonly intervalMs: number;
  private readonly clock: () => number;
  private last = 0;

  /**
   * @param intervalMs the least time between two runs.
   * @param clock milliseconds since the epoch (a test's own, or `Date.now`); the first run is
   *   due once the clock reads `intervalMs` or more.
   */
  constructor(intervalMs: number, clock: () => number = Date.now) {
    this.intervalMs = intervalMs;
    this.clock = clock;
  }

  /** Whether the chore is due now; when it is, the next run is due `intervalMs` later. */
  due(): boolean {
    const now = this.clock();
    if (now - this.last < this.intervalMs) return false;
    this.last = now;
    return true;
  }
}
