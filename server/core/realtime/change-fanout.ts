/**
 * How committed record changes reach the realtime broker of every instance.
 *
 * - {@link LocalFanout} (one instance, the in-process bus): nobody else to tell, so this
 *   instance's changes go straight to its broker, in the same turn, with nothing serialised.
 * - `BusFanout` (`bus-fanout.ts`, a shared bus: Redis with `REDIS_URL`): changes travel on
 *   the bus to the broker of every instance; its wire format is in `fanout-messages.ts`, its
 *   forwarded requests in `fanout-rpc.ts`, the delivery of its own changes in `echo-queue.ts`.
 *
 * {@link createFanout} picks one for the instance's bus (ADR 057).
 */
import type { Bus } from "../../tools/bus/index.ts";
import type { RecordEvents } from "../records/record-events.ts";
import { BusFanout } from "./bus-fanout.ts";
import type { ChangeFanout, ChangeReceiver } from "./change-receiver.ts";
import type { RealtimeLog } from "./realtime-broker.ts";

export type { ChangeFanout, ChangeReceiver } from "./change-receiver.ts";
export { BusFanout, type BusFanoutOptions } from "./bus-fanout.ts";

/** The instance's fan-out: on the bus when other instances share it, local otherwise. */
export function createFanout(options: {
  bus: Bus;
  events: RecordEvents;
  broker: ChangeReceiver;
  log: RealtimeLog;
}): ChangeFanout {
  return options.bus.shared
    ? new BusFanout(options)
    : new LocalFanout(options.events, options.broker);
}

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
