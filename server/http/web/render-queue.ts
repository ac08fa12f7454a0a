/**
 * The line page renders wait in (ADR 045): at most `concurrency` renders run at once (their
 * loaders and React's first pass); the others wait in order of arrival. Load is shed rather
 * than left to hang: a render is refused at once ({@link RenderBusyError}, answered `503` with
 * `Retry-After`) when `maxQueue` renders already wait, or when the wait it would face (those
 * ahead of it times the recent time of a render, over `concurrency`) is longer than
 * `maxWaitMs`; and one still waiting after `maxWaitMs` is refused then. So a reader either
 * gets the page within about `maxWaitMs` plus its render, or hears at once that the server
 * is busy, and an overloaded server spends itself on the pages it can deliver in time.
 */

/** A render refused: the line is full, or too long to wait in. */
export class RenderBusyError extends Error {
  override name = "RenderBusyError";
  /** Seconds to suggest in `Retry-After`. */
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Options of a {@link RenderQueue}. */
export interface RenderQueueOptions {
  /** Renders running at once. */
  concurrency: number;
  /** Renders waiting at most. */
  maxQueue: number;
  /** Longest wait for a slot, in milliseconds (expected or actual). */
  maxWaitMs: number;
  /** The clock (ms); default `performance.now`. */
  now?: () => number;
}

/** The weight of the newest render in the running average of render times. */
const AVERAGE_WEIGHT = 0.2;
/** The longest `Retry-After` suggested, in seconds. */
const MAX_RETRY_AFTER_SECONDS = 30;

/** Renders in line (see the module comment). */
export class RenderQueue {
  private readonly concurrency: number;
  private readonly maxQueue: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private active = 0;
  private readonly waiters: (() => void)[] = [];
  /** Running average of a render's time (ms); 0 until one finished. */
  private averageMs = 0;

  constructor(options: RenderQueueOptions) {
    this.concurrency = Math.max(1, options.concurrency);
    this.maxQueue = Math.max(0, options.maxQueue);
    this.maxWaitMs = options.maxWaitMs;
    this.now = options.now ?? (() => performance.now());
  }

  /** Renders running now. */
  get running(): number {
    return this.active;
  }

  /** Renders waiting now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * Runs `render` when a slot is free, unless `abandoned()` says by then that nobody waits for
   * it any more (its reader left): then it answers null at once and the slot goes on. Rejects
   * with {@link RenderBusyError} when refused.
   */
  async run<T>(render: () => Promise<T>, abandoned?: () => boolean): Promise<T | null> {
    if (this.active < this.concurrency) this.active++;
    else await this.waitForSlot();
    if (abandoned?.()) {
      this.release();
      return null;
    }
    const started = this.now();
    try {
      return await render();
    } finally {
      const took = this.now() - started;
      this.averageMs =
        this.averageMs === 0 ? took : this.averageMs + AVERAGE_WEIGHT * (took - this.averageMs);
      this.release();
    }
  }

  /** Hands the slot straight to the next in line, so nobody can overtake it in between. */
  private release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.active--;
  }

  /** The wait a render joining the line now would face, in milliseconds. */
  private expectedWaitMs(): number {
    return ((this.waiters.length + 1) * this.averageMs) / this.concurrency;
  }

  private busy(message: string, waitMs: number): RenderBusyError {
    const seconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(waitMs / 1000)));
    return new RenderBusyError(message, seconds);
  }

  private waitForSlot(): Promise<void> {
    const expected = this.expectedWaitMs();
    if (this.waiters.length >= this.maxQueue)
      return Promise.reject(this.busy("too many renders waiting", expected));
    if (expected > this.maxWaitMs)
      return Promise.reject(this.busy("the wait for a render is too long", expected));
    return new Promise<void>((resolve, reject) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(this.busy("waited too long for a render", this.expectedWaitMs()));
      }, this.maxWaitMs);
      timer.unref();
      this.waiters.push(waiter);
    });
  }
}
