/**
 * An instance's Redis connections against the real Redis: opened on first use, at most two,
 * named per instance in `CLIENT LIST`, closed once; fast failures while Redis is unreachable.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_REDIS_URL, uniqueRedisPrefix } from "#tests/helpers/redis-server.ts";
import { freePort } from "#tests/helpers/server-process.ts";
import { RedisConnections } from "./redis-connections.ts";

/** The names of the clients `CLIENT LIST` shows whose name starts with `name`. */
async function clientNames(admin: Redis, name: string): Promise<string[]> {
  const list = (await admin.client("LIST")) as string;
  return list
    .split("\n")
    .map((line) => /(?:^| )name=(\S*)/.exec(line)?.[1] ?? "")
    .filter((client) => client.startsWith(name))
    .sort();
}

describe("RedisConnections", () => {
  let admin: Redis;

  beforeAll(() => {
    admin = new Redis(SHARED_REDIS_URL);
  });
  afterAll(async () => {
    await admin.quit();
  });

  it("opens each connection on first use, names them after the instance, and closes both once", async () => {
    const prefix = uniqueRedisPrefix();
    const redis = new RedisConnections({ url: SHARED_REDIS_URL, prefix });
    expect(redis.name).toMatch(new RegExp(`^${prefix}instance:[0-9a-f]{12}$`));
    const other = new RedisConnections({ url: SHARED_REDIS_URL, prefix });
    expect(other.name).not.toBe(redis.name);
    try {
      expect(await clientNames(admin, redis.name)).toEqual([]);
      await redis.connected();
      expect(await redis.commands.ping()).toBe("PONG");
      await redis.subscriber.subscribe(`${prefix}x`);
      // Used many times, still two.
      for (let i = 0; i < 5; i++) {
        await redis.commands.publish(`${prefix}x`, "m");
        await redis.connected();
      }
      expect(redis.subscriber).toBe(redis.subscriber);
      expect(await clientNames(admin, redis.name)).toEqual([
        `${redis.name}:commands`,
        `${redis.name}:subscriber`,
      ]);
    } finally {
      await Promise.all([redis.close(), redis.close(), other.close()]);
    }
    await expect.poll(() => clientNames(admin, redis.name), { timeout: 10_000 }).toEqual([]);
    expect(() => redis.commands).toThrow(/closed/);
    expect(() => redis.subscriber).toThrow(/closed/);
  });

  it("fails commands fast while Redis cannot be reached, and reports the errors", async () => {
    const port = await freePort();
    const errors: string[] = [];
    const redis = new RedisConnections({
      url: `redis://127.0.0.1:${String(port)}`,
      prefix: uniqueRedisPrefix(),
      onError: (_error, connection) => errors.push(connection),
    });
    try {
      await redis.connected();
      await expect(redis.commands.ping()).rejects.toThrow();
      await expect(redis.commands.publish("x", "y")).rejects.toThrow();
      expect(errors).toContain("commands");
    } finally {
      await redis.close();
    }
  });
});
