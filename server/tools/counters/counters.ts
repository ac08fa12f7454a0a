/**
 * Fixed-window counters behind the rate limiter: in process memory on one instance
 * ({@link MemoryCounters}), in Redis when several instances share them (`redis-counters.ts`).
 */

/** A counter after one hit. */
export interface CounterHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

/** Where counters live. Every method may reject (Redis down); the limiter then fails open. */
export interface CounterStore {
  /** Counts one hit on `key`; the first hit of a window opens a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<CounterHit>;
  /** Forgets `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  /** Releases connections and timers. */
  close(): Promise<void>;
}

/** Most keys kept in memory; past it, expired keys go first, then the oldest. */
export const MEMORY_COUNTERS_MAX_KEYS = 100_000;

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counters in this process's memory. Expired windows are swept every minute (an unref'd
 * timer) and whenever the map is full; a full map of live windows drops the oldest.
 */
export class MemoryCounters implements CounterStore {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(options: { now?: () => number; maxKeys?: number } = {}) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? MEMORY_COUNTERS_MAX_KEYS;
    this.sweeper = setInterval(() => {
      this.sweep();
    }, 60_000);
    this.sweeper.unref();
  }

  /** Keys currently held (for tests and diagnostics). */
  get size(): number {
    return this.windows.size;
  }

  hit(key: string, windowMs: number): Promise<CounterHit> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window && this.windows.size >= this.maxKeys) this.makeRoom();
      window = { count: 0, resetAt: now + windowMs };
      // Re-inserted so the map stays ordered by window start (oldest first).
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, resetMs: window.resetAt - now });
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
    return Promise.resolve();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }

  private makeRoom(): void {
    this.sweep();
    while (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest === undefined) break;
      this.windows.delete(oldest);
    }
  }
}
