/**
 * The bus between instances (issue 24, ADR 057): named channels carrying JSON messages. One
 * contract, two implementations: `LocalBus` (one instance, in process) and `RedisBus`
 * (`REDIS_URL`: Redis pub/sub, channel names prefixed with `REDIS_PREFIX`).
 *
 * What every implementation guarantees:
 *
 * - **Every subscriber receives every message, the publisher's own included**, once per
 *   subscription, in the order the channel carried them. A consumer that must ignore its own
 *   messages puts its own id in them (the page cache and the settings do); the realtime
 *   fan-out relies on its own echo to deliver changes in the cluster's one order, and on
 *   `publish` counting the instances that received a request.
 * - **At most once, never queued**: a message published while Redis is unreachable is not
 *   kept for later. `publish` rejects at once (after waiting briefly for the very first
 *   connection), so the publisher knows and falls back (the fan-out delivers its change to
 *   its own clients, the settings try again later); a subscription that was down says so,
 *   and when it is back `onActive(true)` tells its consumer that messages may have been
 *   missed, so it resyncs (realtime clients get a fresh `PB_CONNECT`, the page cache forgets
 *   every page, the settings are read again).
 * - **Messages are JSON**: what is published is serialised with `JSON.stringify`; handlers
 *   get the parsed value, as `unknown`. SECURITY: on Redis any peer can publish anything, so
 *   handlers validate the shape; text that is not JSON is dropped and logged by the bus, and
 *   a handler that throws is logged, never allowed to take the process down (B26).
 */

/** Receives one message (the parsed JSON value; treat it as read-only) and its channel. */
export type BusHandler = (message: unknown, channel: string) => void;

/** What a subscriber is told about its subscription. */
export interface SubscribeOptions {
  /**
   * The subscription receives messages now: the first time `again` is false; after an
   * interruption it is true, and messages published meanwhile were missed.
   */
  onActive?: (again: boolean) => void;
  /** The subscription stopped receiving (the Redis connection was lost). */
  onInactive?: (error: Error) => void;
}

/** One subscription to one or more channels. */
export interface BusSubscription {
  /** Whether messages published now reach the handler. */
  readonly active: boolean;
  /** Stops the handler and the notifications (idempotent). */
  close(): void;
}

/** Named channels between the instances of one deployment. */
export interface Bus {
  /** Whether other instances may be listening (false for the in-process bus). */
  readonly shared: boolean;
  /**
   * Sends `message` (JSON-serialisable) on `channel`; resolves with how many instances
   * received it, this one included when subscribed; rejects when it could not be sent
   * (Redis unreachable). Resolves 0 once the bus is closed.
   */
  publish(channel: string, message: unknown): Promise<number>;
  /** Calls `handler` with every message on `channels` until the subscription is closed. */
  subscribe(
    channels: string | readonly string[],
    handler: BusHandler,
    options?: SubscribeOptions,
  ): BusSubscription;
  /** Ends every subscription; the connections belong to their owner and stay open. */
  close(): Promise<void>;
}

/** Where a bus reports dropped messages and failed handlers. */
export type BusLog = (level: "warn" | "error", message: string, error?: unknown) => void;

/** Serialises a message, rejecting what JSON cannot carry. */
export function serializeMessage(message: unknown): string {
  const text = JSON.stringify(message) as string | undefined;
  if (text === undefined) throw new TypeError("A bus message must be serialisable as JSON");
  return text;
}

/** Calls a subscriber's code, reporting what it throws instead of letting it escape. */
export function guarded(log: BusLog, what: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    log("error", `bus: ${what} failed`, error);
  }
}
