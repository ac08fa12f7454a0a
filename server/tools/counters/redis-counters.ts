/**
 * Rate-limit counters in Redis, shared by every instance that uses the same `REDIS_URL` and
 * key prefix. One Lua script counts a hit atomically (INCR, then PEXPIRE on the first hit of
 * a window), so concurrent requests on several instances never lose a count.
 *
 * The counters use the instance's shared commands connection (`tools/redis`), which fails
 * fast instead of queueing while Redis is unreachable (only the very first connection is
 * waited for, up to 2 s): the limiter then lets the request through and logs a warning (fail
 * open), so an outage of Redis never turns into failed requests.
 */
import { createHash } from "node:crypto";
import type { RedisCommands, RedisConnections } from "../redis/index.ts";
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

/** Options of {@link RedisCounters}. */
export interface RedisCountersOptions {
  /** The instance's Redis connections (the counters use the commands one). */
  redis: RedisConnections;
  /** Prepended to every key, e.g. `cahier:rate:` (tests use a unique one per run). */
  prefix: string;
  /** Called when the connection reports an error (the limiter logs it, throttled). */
  onError?: (error: Error) => void;
}

/**
 * Counters in Redis (see the module comment). Nothing touches the connection before the
 * first hit, so a store built while limits are off costs nothing until the settings API
 * switches them on. Closing the store leaves the shared connection open (its owner closes it).
 */
export class RedisCounters implements CounterStore {
  private readonly options: RedisCountersOptions;
  private readonly onError = (error: Error) => this.options.onError?.(error);
  private listening: RedisCommands | null = null;

  constructor(options: RedisCountersOptions) {
    this.options = options;
  }

  /** The commands connection, once its first connection settled. */
  private async connection(): Promise<RedisCommands> {
    const { redis } = this.options;
    if (!this.listening) {
      this.listening = redis.commands;
      this.listening.on("error", this.onError);
    }
    await redis.connected();
    return redis.commands;
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

  close(): Promise<void> {
    this.listening?.off("error", this.onError);
    this.listening = null;
    return Promise.resolve();
  }
}
