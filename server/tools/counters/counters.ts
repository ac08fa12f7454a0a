/**
 * Fixed-window counters behind the rate limiter: in process memory on one instance
 * ({@link MemoryCounters}), in Redis when several instances share them (`redis-counters.ts`).
 */
import { BoundedCache } from "../cache/bounded-cache.ts";

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

/** How often expired windows are swept away. */
const SWEEP_INTERVAL_MS = 60_000;

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counters in this process's memory, one {@link BoundedCache} entry a key that expires with
 * its window. Expired windows are swept every minute (an unref'd timer) and whenever the cache
 * is full; a full cache of live windows drops the oldest window (windows are only peeked at,
 * so the cache keeps them in the order they opened).
 */
export class MemoryCounters implements CounterStore {
  private readonly windows: BoundedCache<string, Window>;
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(options: { now?: () => number; maxKeys?: number } = {}) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? MEMORY_COUNTERS_MAX_KEYS;
    this.windows = new BoundedCache({ max: this.maxKeys, now: this.now });
    this.sweeper = setInterval(() => {
      this.windows.pruneExpired();
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  /** Keys currently held (for tests and diagnostics). */
  get size(): number {
    return this.windows.size;
  }

  hit(key: string, windowMs: number): Promise<CounterHit> {
    const now = this.now();
    let window = this.windows.peek(key);
    if (!window || window.resetAt <= now) {
      // Spare live windows: expired ones make room first, the oldest live one only after.
      if (this.windows.size >= this.maxKeys) this.windows.pruneExpired();
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window, { ttlMs: windowMs });
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
}
