/**
 * The bus between instances (ADR 057): publish JSON messages on named channels, subscribe
 * handlers to them; in process for one instance, Redis pub/sub with `REDIS_URL`. The
 * guarantees (own messages, lost messages, JSON) are in `bus.ts`. The module's only public
 * entry.
 *
 * @example
 * const bus = createBus({ redis, prefix: "cahier:", log });
 * const subscription = bus.subscribe("settings", (message) => reload(message), {
 *   onActive: () => reload(null), // missed messages: read again
 * });
 * await bus.publish("settings", { v: 1, origin });
 * subscription.close();
 */
import type { RedisConnections } from "../redis/index.ts";
import type { Bus, BusLog } from "./bus.ts";
import { LocalBus } from "./local-bus.ts";
import { RedisBus } from "./redis-bus.ts";

export type { Bus, BusHandler, BusLog, BusSubscription, SubscribeOptions } from "./bus.ts";
export { LocalBus } from "./local-bus.ts";
export { RedisBus, type RedisBusOptions } from "./redis-bus.ts";

/** The instance's bus: on Redis when it has connections to one, in process otherwise. */
export function createBus(options: {
  redis: RedisConnections | null;
  /** Prefix of the channel names in Redis (`REDIS_PREFIX`). */
  prefix: string;
  log?: BusLog;
}): Bus {
  const { redis, prefix, log } = options;
  return redis
    ? new RedisBus({ connections: redis, prefix, ...(log ? { log } : {}) })
    : new LocalBus(log ? { log } : {});
}
