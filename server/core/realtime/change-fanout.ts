/**
 * How committed record changes reach the realtime broker of every instance.
 *
 * - {@link LocalFanout} (one instance): this instance's changes go straight to its broker.
 * - `RedisFanout` (`REDIS_URL`, `redis-fanout.ts`): changes travel through one Redis pub/sub
 *   channel to the broker of every instance; its wire format is in `fanout-messages.ts`, its
 *   forwarded requests in `fanout-rpc.ts`, the delivery of its own changes in `echo-queue.ts`.
 *
 * This module is the entry the composition root imports both from.
 */
import type { RecordEvents } from "../records/record-events.ts";
import type { ChangeFanout, ChangeReceiver } from "./change-receiver.ts";

export type { ChangeFanout, ChangeReceiver } from "./change-receiver.ts";
export { RedisFanout, type RedisFanoutOptions } from "./redis-fanout.ts";

/** One instance: changes go straight from `RecordEvents` to the broker. */
export class LocalFanout implements ChangeFanout {
  private readonly off: () => void;
  private readonly offReset: () => void;

  constructor(events: RecordEvents, broker: ChangeReceiver) {
    this.off = events.on((change) => {
      if (!change.remote) broker.enqueue(change);
    });
    // After a restore every client resyncs (a fresh PB_CONNECT: pages refetch).
    this.offReset = events.onReset(() => {
      broker.resync();
    });
  }

  close(): Promise<void> {
    this.off();
    this.offReset();
    return Promise.resolve();
  }
}
