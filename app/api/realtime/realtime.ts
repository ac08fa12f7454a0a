/**
 * Realtime record changes (`/api/realtime`, server-sent events, same origin) through the SDK's
 * realtime client: the connection's own events (connected, disconnected) and subscriptions to
 * a collection's records (`*`) or to one record. The server re-authorises every event for the
 * viewer (ADR 021). Browser only.
 */
import type PocketBase from "pocketbase";
import type { RecordSubscription } from "pocketbase";
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { ApiRecord } from "../records/records.ts";

/** A record change: `create`, `update` or `delete`, and the record as the viewer may see it. */
export interface RecordEvent {
  action: string;
  record: ApiRecord;
}

/** Ends a subscription. */
export type Unsubscribe = () => Promise<void>;

/** What a subscription asks of each event, as in a list request. */
export interface SubscriptionOptions {
  filter?: string | undefined;
  expand?: string | undefined;
  fields?: string | undefined;
  /** Other `@request.query` values the rules read: an unlisted record's link (ADR 062). */
  query?: Record<string, string> | undefined;
}

/** Calls `listener` each time the realtime connection is (re)established. */
export function subscribeConnect(api: ApiClient, listener: () => void): Promise<Unsubscribe> {
  return sdk(api).realtime.subscribe("PB_CONNECT", listener);
}

/** Calls `listener` with the changes of `collection`'s records (`topic`: `*` or a record id). */
export function subscribeRecords(
  api: ApiClient,
  collection: string,
  topic: string,
  listener: (event: RecordEvent) => void,
  options: SubscriptionOptions,
): Promise<Unsubscribe> {
  return sdk(api)
    .collection(collection)
    .subscribe(
      topic,
      (event: RecordSubscription) => {
        listener({ action: event.action, record: event.record });
      },
      options,
    );
}

/** Whether the realtime connection is established now. */
export function realtimeConnected(api: ApiClient): boolean {
  return sdk(api).realtime.isConnected;
}

const installed = new WeakSet<PocketBase>();
const disconnectListeners = new Set<(stillWanted: boolean) => void>();

/**
 * Calls `listener` when the realtime connection drops (`stillWanted`: subscriptions remain,
 * the SDK reconnects); returns the unsubscribe function. The SDK has one `onDisconnect` slot
 * per client; this fans it out to every listener and keeps any handler that was there before.
 */
export function onRealtimeDisconnect(
  api: ApiClient,
  listener: (stillWanted: boolean) => void,
): () => void {
  const pb = sdk(api);
  if (!installed.has(pb)) {
    installed.add(pb);
    const previous = pb.realtime.onDisconnect;
    pb.realtime.onDisconnect = (active) => {
      previous?.(active);
      for (const notify of disconnectListeners) notify(active.length > 0);
    };
  }
  disconnectListeners.add(listener);
  return () => {
    disconnectListeners.delete(listener);
  };
}
