/**
 * Rate limits: PocketBase's per-IP rules plus per-account limits, counted in memory on one
 * instance or in Redis when `REDIS_URL` is set (design §2).
 */
import { MemoryCounters } from "../../tools/counters/counters.ts";
import { RedisCounters } from "../../tools/counters/redis-counters.ts";
import type { RedisConnections } from "../../tools/redis/index.ts";
import { RateLimiter, type LimiterWarn } from "./rate-limiter.ts";
import type { RateLimitSettings } from "./rules.ts";

export { RateLimiter, type LimitedRequest, type LimitDecision } from "./rate-limiter.ts";
export * from "./rules.ts";

/** Options of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  settings: RateLimitSettings;
  /**
   * The instance's Redis connections (`REDIS_URL`): counters go to Redis when given, shared
   * with every instance using the same prefix.
   */
  redis: RedisConnections | null;
  redisPrefix: string;
  warn?: LimiterWarn;
}

/**
 * Creates the limiter with its counter store: Redis whenever the instance has Redis
 * connections, memory otherwise, whether limits are on at start or switched on later through
 * the settings API. The counters use the instance's shared commands connection (ADR 057).
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const warn = options.warn ?? (() => {});
  let lastConnectionWarning = 0;
  const store = options.redis
    ? new RedisCounters({
        redis: options.redis,
        prefix: options.redisPrefix,
        // ioredis reports every failed reconnection: one line per 30 s is enough.
        onError: (error) => {
          if (Date.now() - lastConnectionWarning < 30_000) return;
          lastConnectionWarning = Date.now();
          warn(error, "rate-limit Redis connection error; requests are not being limited");
        },
      })
    : new MemoryCounters();
  return new RateLimiter(options.settings, store, warn);
}
