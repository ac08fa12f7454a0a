/**
 * The two sides of a change fan-out: the {@link ChangeReceiver} (the realtime broker) to which
 * a {@link ChangeFanout} hands the committed record changes of the cluster.
 */
import type { RecordChange } from "../records/record-events.ts";
import type { RemoteClients, RemoteRequest, RemoteResult } from "./realtime-broker.ts";

/** Where a fan-out hands changes (the realtime broker). */
export interface ChangeReceiver {
  /** Queues a change for delivery to this instance's clients. */
  enqueue(change: RecordChange): void;
  /** Asks every client to resync (events may have been lost). */
  resync(): void;
  /** Other instances' clients; the Redis fan-out sets itself here. */
  remote: RemoteClients | null;
  /** Answers a request forwarded by another instance (null: not a client of this one). */
  handleRemote(request: RemoteRequest): Promise<RemoteResult | null>;
}

/** A running fan-out. */
export interface ChangeFanout {
  /** Stops relaying (and closes connections). */
  close(): Promise<void>;
}
