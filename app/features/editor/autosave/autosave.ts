/**
 * When the editor's autosave runs (issue 13, ADR 047): shortly after the writer stops typing
 * (and at least every {@link AUTOSAVE_MAX_WAIT_MS} while they type on), at once when asked
 * (the page is hidden or left), again with growing pauses while the server cannot be reached,
 * and at once when the browser says the connection is back. What one autosave sends is the
 * caller's business (`use-autosave.ts`); this scheduler only decides when.
 */

/** Quiet time after the last change before an autosave (what is typed reaches the server within 5 s). */
export const AUTOSAVE_DELAY_MS = 2_000;

/**
 * Quiet time before the autosave that creates a new record while the writer is still in its
 * title: the record's address is made from its first title, so a pause mid-title should not
 * freeze half a word into it.
 */
export const AUTOSAVE_TITLE_DELAY_MS = 4_000;

/** Longest a change waits while the writer keeps typing without a pause. */
export const AUTOSAVE_MAX_WAIT_MS = 10_000;

/** Pauses between attempts while the server cannot be reached; the last one repeats. */
export const RETRY_DELAYS_MS: readonly number[] = [3_000, 10_000, 30_000, 60_000];

/**
 * How one autosave went: `saved` (or nothing to save), `offline` (the server could not be
 * reached: it is tried again), `stopped` (refused or not possible now: it waits for the next
 * change or an explicit {@link AutosaveScheduler.flush}).
 */
export type AutosaveOutcome = "saved" | "offline" | "stopped";

/** Timer functions (the browser's by default; fake ones in tests). */
export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
  now: () => number;
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
  now: () => Date.now(),
};

/** Decides when autosaves run; see the module comment. */
export class AutosaveScheduler {
  private readonly runSave: () => Promise<AutosaveOutcome>;
  private readonly timers: Timers;
  private timer: unknown = null;
  /** When the oldest change not yet saved was made, or null when all is saved. */
  private firstChange: number | null = null;
  private lastChange = 0;
  private failures = 0;
  private disposed = false;

  constructor(run: () => Promise<AutosaveOutcome>, timers: Timers = browserTimers) {
    this.runSave = run;
    this.timers = timers;
  }

  /** Whether an autosave is waiting for the server to be reachable again. */
  get retrying(): boolean {
    return this.failures > 0;
  }

  /** A change was made: the autosave runs after `delay` ms of quiet (or the longest wait). */
  changed(delay: number = AUTOSAVE_DELAY_MS): void {
    if (this.disposed) return;
    const now = this.timers.now();
    this.firstChange ??= now;
    this.lastChange = now;
    const left = Math.max(0, this.firstChange + AUTOSAVE_MAX_WAIT_MS - now);
    this.schedule(Math.min(delay, left));
  }

  /** Runs an autosave now (the page is hidden or left, or a pause ended). */
  async flush(): Promise<AutosaveOutcome> {
    this.cancel();
    if (this.disposed) return "stopped";
    const started = this.timers.now();
    const outcome = await this.runSave();
    // Disposed while it ran: nothing more to schedule.
    if (this.isDisposed()) return outcome;
    if (outcome === "offline") {
      const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)] ?? 0;
      this.failures += 1;
      this.schedule(delay);
      return outcome;
    }
    this.failures = 0;
    // A change made while it ran is not saved yet: its own timer runs, its wait goes on.
    this.firstChange = this.lastChange > started ? this.lastChange : null;
    return outcome;
  }

  /** The browser is online again: a save that was waiting for it runs now. */
  online(): void {
    if (this.failures > 0 || this.firstChange !== null) void this.flush();
  }

  /** Whether {@link dispose} was called. */
  isDisposed(): boolean {
    return this.disposed;
  }

  /** Stops every timer for good (the editor is gone). */
  dispose(): void {
    this.cancel();
    this.disposed = true;
  }

  private schedule(delay: number): void {
    this.cancel();
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private cancel(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
