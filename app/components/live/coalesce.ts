/**
 * Coalescing of bursts: realtime events arrive one by one (an import, a batch, a cascade of
 * updates) but one refetch after the burst is what a page needs. Pure, with injectable timers,
 * so its logic is tested without waiting.
 */

/** The timer functions a {@link createCoalescer} uses (the browser's by default). */
export interface CoalescerTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  now(): number;
}

const browserTimers: CoalescerTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
  now: () => Date.now(),
};

/** Options of {@link createCoalescer}. */
export interface CoalescerOptions {
  /** Quiet time after the last item before the batch runs (ms). */
  wait: number;
  /** Longest time the first item of a batch waits, however long the burst lasts (ms). */
  maxWait: number;
  timers?: CoalescerTimers;
}

/** Collects items and hands them over in batches. */
export interface Coalescer<T> {
  /** Adds an item to the pending batch (starting one if none is pending). */
  push(item: T): void;
  /** Runs the pending batch now, if any. */
  flush(): void;
  /** Drops the pending batch without running it (on unmount). */
  cancel(): void;
}

/**
 * A trailing debounce with a ceiling: the batch runs `wait` ms after the last item, or
 * `maxWait` ms after the first, whichever comes first; every item pushed meanwhile is in it.
 *
 * @example
 * const refetch = createCoalescer<LiveEvent>((events) => revalidate(), { wait: 250, maxWait: 2000 });
 * refetch.push(event);
 */
export function createCoalescer<T>(
  run: (batch: T[]) => void,
  options: CoalescerOptions,
): Coalescer<T> {
  const timers = options.timers ?? browserTimers;
  let batch: T[] = [];
  let first = 0;
  let timer: unknown = null;

  const clear = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const flush = () => {
    clear();
    if (batch.length === 0) return;
    const items = batch;
    batch = [];
    run(items);
  };
  return {
    push(item) {
      if (batch.length === 0) first = timers.now();
      batch.push(item);
      clear();
      const left = Math.max(0, first + options.maxWait - timers.now());
      timer = timers.set(flush, Math.min(options.wait, left));
    },
    flush,
    cancel() {
      clear();
      batch = [];
    },
  };
}
