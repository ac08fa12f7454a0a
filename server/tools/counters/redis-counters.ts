/**
 * Rate-limit counters in Redis, shared by every instance that uses the same `REDIS_URL` and
 * key prefix. One Lua script counts a hit atomically (INCR, then PEXPIRE on the first hit of
 * a window), so concurrent requests on several instances never lose a count.
 *
 * Commands fail fast instead of queueing while Redis is unreachable (`enableOfflineQueue:
 * false`, a 1 s command timeout; only the very first connection is waited for, up to 2 s):
 * the limiter then lets the request through and logs a warning (fail open), so an outage of
 * Redis never turns into failed requests.
 */
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import type { CounterHit, CounterStore } from "./counters.ts";

/** INCR + PEXPIRE on the window's first hit; answers `{count, pttl}`. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;
const HIT_SHA = createHash("sha1").update(HIT_SCRIPT).digest("hex");

/** How long the first requests wait for the first connection to Redis. */
const FIRST_CONNECTION_WAIT_MS = 2000;

/** Options of {@link RedisCounters}. */
export interface RedisCountersOptions {
  /** `redis://…` or `rediss://…`. */
  url: string;
  /** Prepended to every key, e.g. `cahier:rate:` (tests use a unique one per run). */
  prefix: string;
  /** Called when the connection reports an error (the limiter logs it, throttled). */
  onError?: (error: Error) => void;
}

/**
 * Counters in Redis (see the module comment). The connection opens on the first hit, so a
 * store built while limits are off costs nothing until the settings API switches them on.
 */
export class RedisCounters implements CounterStore {
  private readonly options: RedisCountersOptions;
  private link: { redis: Redis; firstConnection: Promise<void> } | null = null;

  constructor(options: RedisCountersOptions) {
    this.options = options;
  }

  /** The connection, opened on first use; resolves once it is ready (or failed, or 2 s). */
  private async connection(): Promise<Redis> {
    if (!this.link) {
      const redis = new Redis(this.options.url, {
        enableOfflineQueue: false,
        commandTimeout: 1000,
        maxRetriesPerRequest: 0,
        // Keep trying to reconnect in the background, at most every 2 s.
        retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
      });
      redis.on("error", (error: Error) => this.options.onError?.(error));
      const firstConnection = new Promise<void>((resolve) => {
        const settle = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(settle, FIRST_CONNECTION_WAIT_MS);
        timer.unref();
        redis.once("ready", settle);
        redis.once("error", settle);
      });
      this.link = { redis, firstConnection };
    }
    await this.link.firstConnection;
    return this.link.redis;
  }

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const redis = await this.connection();
    const fullKey = this.options.prefix + key;
    const window = String(Math.max(1, Math.round(windowMs)));
    let reply: unknown;
    try {
      reply = await redis.evalsha(HIT_SHA, 1, fullKey, window);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      reply = await redis.eval(HIT_SCRIPT, 1, fullKey, window);
    }
    const [count, ttl] = reply as [number, number];
    return { count, resetMs: ttl };
  }

  async reset(key: string): Promise<void> {
    const redis = await this.connection();
    await redis.del(this.options.prefix + key);
  }

  async close(): Promise<void> {
    const link = this.link;
    if (!link) return;
    this.link = null;
    try {
      await link.redis.quit();
    } catch {
      link.redis.disconnect();
    }
  }
}
