/**
 * The delivery queue of the Redis fan-out for this instance's own changes. While subscribed,
 * an instance delivers its own change to its clients only when the change comes back on the
 * channel (its echo), so every instance sees the cluster's changes in the channel's one order.
 * A change whose echo cannot come (the publish failed, the subscription dropped) or does not
 * come in time is delivered locally at once instead: never twice, never lost.
 */
import type { RecordChange } from "../records/record-events.ts";
import type { RealtimeLog } from "./realtime-broker.ts";

/** An own message whose echo has not come back after this long is delivered locally (ms). */
export const ECHO_TIMEOUT_MS = 5000;

/** Own changes published while subscribed, by sequence number, waiting for their echo. */
export class EchoQueue {
  private readonly waiting = new Map<number, { change: RecordChange; timer: NodeJS.Timeout }>();
  private readonly deliver: (change: RecordChange) => void;
  private readonly log: RealtimeLog;
  private readonly timeoutMs: number;

  /**
   * @param deliver hands a change to this instance's clients (the broker's `enqueue`).
   * @param log told when an echo timed out.
   */
  constructor(
    deliver: (change: RecordChange) => void,
    log: RealtimeLog,
    timeoutMs = ECHO_TIMEOUT_MS,
  ) {
    this.deliver = deliver;
    this.log = log;
    this.timeoutMs = timeoutMs;
  }

  /** Holds `change` (published as `seq`) until {@link release} or the echo timeout. */
  hold(seq: number, change: RecordChange): void {
    const timer = setTimeout(() => {
      if (this.waiting.delete(seq)) {
        this.log("warn", "realtime: no Redis echo for a change; delivered locally");
        this.deliver(change);
      }
    }, this.timeoutMs);
    timer.unref();
    this.waiting.set(seq, { change, timer });
  }

  /**
   * Delivers the change held as `seq` now (its echo came, or it cannot come); does nothing
   * when it was already delivered.
   */
  release(seq: number): void {
    const entry = this.waiting.get(seq);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.waiting.delete(seq);
    this.deliver(entry.change);
  }

  /** Delivers every held change now (the subscription dropped: no echo can come). */
  releaseAll(): void {
    for (const seq of [...this.waiting.keys()]) this.release(seq);
  }

  /** Forgets every held change without delivering it (the fan-out is closing). */
  drop(): void {
    for (const entry of this.waiting.values()) clearTimeout(entry.timer);
    this.waiting.clear();
  }
}
