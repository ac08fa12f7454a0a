/**
 * The fan-out's own messages that Redis did not take (the commands connection was down or
 * still reconnecting), published again in their order once it takes them. Without it, a
 * change published while this instance's subscription was already back but its commands
 * connection was not yet would reach no other instance, and their clients, which had already
 * resynced, would never hear of it.
 *
 * While messages wait, later ones wait behind them (one order per instance). More than
 * {@link BACKLOG_LIMIT} waiting are replaced by one "reset": the other instances drop their
 * caches and ask their clients to resync, as after a restore.
 */
import type { RealtimeLog } from "./realtime-broker.ts";

/** At most this many messages wait; beyond, the backlog becomes one reset. */
export const BACKLOG_LIMIT = 1000;
/** How long after a failed publish the backlog tries again (ms). */
export const BACKLOG_RETRY_MS = 250;

/** Options of {@link PublishBacklog}. */
export interface PublishBacklogOptions {
  /** Publishes one message on the changes channel (rejects when Redis does not take it). */
  publish: (message: unknown) => Promise<unknown>;
  /** The message sent instead of an overflowing backlog. */
  reset: () => unknown;
  log: RealtimeLog;
  retryMs?: number;
}

/** Messages waiting to be published again, in order (see the module comment). */
export class PublishBacklog {
  private readonly options: PublishBacklogOptions;
  private readonly waiting: unknown[] = [];
  private overflowed = false;
  private timer: NodeJS.Timeout | null = null;
  private flushing = false;
  private closed = false;

  constructor(options: PublishBacklogOptions) {
    this.options = options;
  }

  /** Whether messages wait: a new one must wait behind them. */
  get pending(): boolean {
    return this.overflowed || this.waiting.length > 0;
  }

  /** Keeps `message` to publish after those already waiting. */
  add(message: unknown): void {
    if (this.closed) return;
    if (this.overflowed) return;
    if (this.waiting.length >= BACKLOG_LIMIT) {
      this.waiting.length = 0;
      this.overflowed = true;
      this.options.log(
        "warn",
        `realtime: more than ${BACKLOG_LIMIT} changes could not be published; the other instances will resync instead`,
      );
    } else {
      this.waiting.push(message);
    }
    this.schedule();
  }

  /** Forgets what waits (the instance is stopping). */
  close(): void {
    this.closed = true;
    this.waiting.length = 0;
    this.overflowed = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer || this.flushing || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.retryMs ?? BACKLOG_RETRY_MS);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      if (this.overflowed) {
        await this.options.publish(this.options.reset());
        this.overflowed = false;
      }
      while (this.waiting.length > 0 && !this.closed) {
        await this.options.publish(this.waiting[0]);
        this.waiting.shift();
      }
    } catch {
      // Still down: try again later (the fan-out already logged the outage).
    } finally {
      this.flushing = false;
    }
    if (this.pending) this.schedule();
  }
}
