/**
 * The Redis counters against the real Redis server (`REDIS_TEST_URL`, default
 * redis://127.0.0.1:6379), under a unique key prefix per run.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/helpers/server-process.ts";
import { RedisConnections } from "../redis/index.ts";
import { RedisCounters } from "./redis-counters.ts";

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

describe("RedisCounters", () => {
  const prefix = `cahier-test:${randomBytes(6).toString("hex")}:`;
  let admin: Redis;
  let connections: RedisConnections;
  let counters: RedisCounters;

  beforeAll(() => {
    admin = new Redis(REDIS_URL);
    connections = new RedisConnections({ url: REDIS_URL, prefix });
    counters = new RedisCounters({ redis: connections, prefix });
  });
  afterAll(async () => {
    await counters.close();
    await connections.close();
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    await admin.quit();
  });

  it("counts hits in a window that expires", async () => {
    expect(await counters.hit("a", 60_000)).toMatchObject({ count: 1 });
    const second = await counters.hit("a", 60_000);
    expect(second.count).toBe(2);
    expect(second.resetMs).toBeGreaterThan(50_000);
    expect(second.resetMs).toBeLessThanOrEqual(60_000);
    const ttl = await admin.pttl(`${prefix}a`);
    expect(ttl).toBeGreaterThan(50_000);
    await counters.hit("short", 200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await counters.hit("short", 200)).count).toBe(1);
  });

  it("never loses a count under concurrency", async () => {
    const hits = await Promise.all(Array.from({ length: 50 }, () => counters.hit("burst", 60_000)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it("resets a key", async () => {
    await counters.hit("r", 60_000);
    await counters.reset("r");
    expect(await admin.exists(`${prefix}r`)).toBe(0);
    expect((await counters.hit("r", 60_000)).count).toBe(1);
  });

  it("loads its script again after Redis forgets it", async () => {
    await admin.script("FLUSH");
    expect((await counters.hit("flushed", 60_000)).count).toBe(1);
  });

  it("fails fast when Redis cannot be reached", async () => {
    const port = await freePort();
    const errors: Error[] = [];
    const link = new RedisConnections({ url: `redis://127.0.0.1:${String(port)}`, prefix });
    const unreachable = new RedisCounters({
      redis: link,
      prefix,
      onError: (error) => errors.push(error),
    });
    const started = Date.now();
    await expect(unreachable.hit("x", 1000)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
    await unreachable.close();
    await link.close();
  });
});
