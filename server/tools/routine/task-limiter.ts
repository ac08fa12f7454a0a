/**
 * Bounds concurrent background work (thumbnail generation): at most `concurrency` tasks run,
 * at most `maxQueue` wait, and a waiter gives up after `maxWaitMs`. Work past those bounds is
 * refused at once, so a burst of requests can never pile up unbounded CPU or memory.
 */

/** Thrown when a task is refused (queue full) or waited too long for a slot. */
export class LimiterBusyError extends Error {
  override name = "LimiterBusyError";
}

/** A counting semaphore with a bounded, time-limited queue. */
export class TaskLimiter {
  private readonly concurrency: number;
  private readonly maxQueue: number;
  private readonly maxWaitMs: number;
  private active = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(options: { concurrency: number; maxQueue: number; maxWaitMs: number }) {
    this.concurrency = Math.max(1, options.concurrency);
    this.maxQueue = Math.max(0, options.maxQueue);
    this.maxWaitMs = options.maxWaitMs;
  }

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** Runs `task` when a slot is free; rejects with `LimiterBusyError` when refused. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) this.active++;
    else await this.waitForSlot();
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so nobody can overtake it in between.
      const next = this.waiters.shift();
      if (next) next();
      else this.active--;
    }
  }

  private waitForSlot(): Promise<void> {
    if (this.waiters.length >= this.maxQueue) {
      return Promise.reject(new LimiterBusyError("too many tasks waiting"));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new LimiterBusyError("waited too long for a slot"));
      }, this.maxWaitMs);
      timer.unref();
      this.waiters.push(waiter);
    });
  }
}
