/**
 * The page cache's shared generation (issue 23 finding 7), on the real Redis: moved on by a
 * write, read back batched (many readers, few GETs; a reader never gets a read sent before it
 * asked), and a cache that forgets its pages when the generation moved.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_REDIS_URL, uniqueRedisPrefix } from "#tests/helpers/redis-server.ts";
import { RedisConnections } from "../../tools/redis/index.ts";
import { RedisCacheGeneration, type CacheGeneration } from "./cache-generation.ts";
import { PageCache } from "./page-cache.ts";

describe("RedisCacheGeneration", () => {
  let redis: RedisConnections;
  let admin: Redis;
  beforeAll(async () => {
    redis = new RedisConnections({ url: SHARED_REDIS_URL, prefix: uniqueRedisPrefix() });
    admin = new Redis(SHARED_REDIS_URL);
    await redis.connected();
  });
  afterAll(async () => {
    await redis.close();
    await admin.quit();
  });

  it("reads 0 before any write, then each write's new generation", async () => {
    const prefix = uniqueRedisPrefix();
    const generation = new RedisCacheGeneration(() => redis.commands, prefix);
    expect(await generation.read()).toBe("0");
    await generation.bump();
    expect(await generation.read()).toBe("1");
    expect(await admin.get(`${prefix}page-cache:generation`)).toBe("1");
    await admin.del(`${prefix}page-cache:generation`);
  });

  it("answers a hundred readers with few reads, none sent before the reader asked", async () => {
    const prefix = uniqueRedisPrefix();
    let gets = 0;
    const counting = () => {
      const commands = redis.commands;
      return {
        ...commands,
        get: (key: string) => {
          gets += 1;
          return commands.get(key);
        },
        incr: (key: string) => commands.incr(key),
      };
    };
    const generation = new RedisCacheGeneration(counting, prefix);
    const first = generation.read();
    // Asked while the first read is on its way, after a write: they must see the write.
    await generation.bump();
    const later = Array.from({ length: 100 }, () => generation.read());
    expect(await first).toMatch(/^[01]$/);
    expect(new Set(await Promise.all(later))).toEqual(new Set(["1"]));
    // The first read, then one or two for the hundred (one more when the first later reader
    // found no read on its way and sent its own): never one per reader.
    expect(gets).toBeGreaterThanOrEqual(2);
    expect(gets).toBeLessThanOrEqual(3);
    await admin.del(`${prefix}page-cache:generation`);
  });
});

describe("PageCache.sync", () => {
  /** A generation held in memory, moved by hand. */
  function memoryGeneration(): CacheGeneration & { value: number; fail: boolean } {
    const state = {
      value: 0,
      fail: false,
      bump() {
        state.value += 1;
        return Promise.resolve();
      },
      read() {
        return state.fail
          ? Promise.reject(new Error("down"))
          : Promise.resolve(String(state.value));
      },
    };
    return state;
  }

  it("keeps pages while the generation stays, forgets them when it moves, and says when unsure", async () => {
    const shared = memoryGeneration();
    const cache = new PageCache<string>({
      ttlMs: 60_000,
      maxEntries: 10,
      maxBytes: 1_000,
      sizeOf: (value) => value.length,
      shared,
    });
    expect(await cache.sync()).toBe(true);
    cache.set("/blog", "page", cache.ticket());
    expect(await cache.sync()).toBe(true);
    expect(cache.get("/blog")).toBe("page");
    const stale = cache.ticket();
    await shared.bump();
    expect(await cache.sync()).toBe(true);
    expect(cache.get("/blog")).toBeUndefined();
    // A render begun before the move cannot store what it made.
    expect(cache.set("/blog", "old page", stale)).toBe(false);
    shared.fail = true;
    expect(await cache.sync()).toBe(false);
  });

  it("is current at once without a shared generation (one instance)", async () => {
    const cache = new PageCache<string>({
      ttlMs: 60_000,
      maxEntries: 10,
      maxBytes: 1_000,
      sizeOf: (value) => value.length,
    });
    expect(await cache.sync()).toBe(true);
  });
});
