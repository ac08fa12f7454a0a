/**
 * One bus between instances (ADR 057): every instance holds at most two Redis connections
 * (commands and publishing on one, subscribing on the other), counted in Redis's own
 * `CLIENT LIST` by the client name each instance sets, after the rate limiter, the health
 * check, the realtime fan-out, the page cache and the settings have all used Redis; and a
 * settings change made through one server process is in force on the other as soon as the
 * bus carries it (nothing polls any more).
 *
 * The in-process part runs on every engine; the server processes need PostgreSQL
 * (`DIALECTS=…postgres` with `DATABASE_URL`).
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiRequest,
  cleanupInstances,
  startInstances,
  superuserToken,
  until,
} from "#tests/helpers/instances.ts";
import { SHARED_REDIS_URL, uniqueRedisPrefix } from "#tests/helpers/redis-server.ts";
import type { ServerProcess } from "#tests/helpers/server-process.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

/** How many connections Redis holds per instance of the deployment `prefix`, by instance name. */
async function connectionsPerInstance(
  admin: Redis,
  prefix: string,
): Promise<Map<string, string[]>> {
  const list = (await admin.client("LIST")) as string;
  const instances = new Map<string, string[]>();
  for (const line of list.split("\n")) {
    const name = /(?:^| )name=(\S*)/.exec(line)?.[1] ?? "";
    const match = new RegExp(`^(${escape(prefix)}instance:[0-9a-f]+):(.+)$`).exec(name);
    if (!match?.[1] || !match[2]) continue;
    instances.set(match[1], [...(instances.get(match[1]) ?? []), match[2]].sort());
  }
  return instances;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe.each(DIALECTS)("Redis connections per instance (%s)", (dialect) => {
  const prefix = uniqueRedisPrefix();
  const apps: TestApp[] = [];
  let admin: Redis;

  beforeAll(async () => {
    admin = new Redis(SHARED_REDIS_URL);
    const env = { REDIS_URL: SHARED_REDIS_URL, REDIS_PREFIX: prefix, RATE_LIMITS: "on" };
    apps.push(await createTestApp(dialect, env), await createTestApp(dialect, env));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length) await admin.del(...keys);
    await admin.quit();
  });

  it("is at most two, whatever used Redis, and none once the instance closed", async () => {
    for (const app of apps) {
      const root = await app.createSuperuser();
      // Settings (published on the bus), a record (fan-out and page cache), a counted
      // sign-in (rate-limit counters), the health check (PING).
      const patched = await app.http.inject({
        method: "PATCH",
        url: "/api/settings",
        headers: { authorization: root.token },
        payload: { meta: { appName: "Counted" } },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      await app.createUser();
      const signIn = await app.http.inject({
        method: "POST",
        url: "/api/collections/users/auth-with-password",
        payload: { identity: "nobody", password: "wrong-password" },
        remoteAddress: "203.0.113.40",
      });
      expect(signIn.statusCode).toBe(400);
      const health = await app.http.inject({
        method: "GET",
        url: "/api/health",
        headers: { authorization: root.token },
      });
      expect(health.json()).toMatchObject({ data: { redis: "ok" } });
    }
    const names = apps.map((app) => app.redis?.name ?? "");
    await until(async () => {
      const held = await connectionsPerInstance(admin, prefix);
      return names.every((name) => held.get(name)?.length === 2);
    }, "both instances' connections");
    const held = await connectionsPerInstance(admin, prefix);
    expect([...held.keys()].sort()).toEqual([...names].sort());
    for (const name of names) expect(held.get(name)).toEqual(["commands", "subscriber"]);

    const closing = apps.splice(0);
    await Promise.all(closing.map((app) => app.close()));
    await until(
      async () => (await connectionsPerInstance(admin, prefix)).size === 0,
      "every connection closed",
    );
  });
});

describe.skipIf(!DIALECTS.includes("postgres"))("one bus between server processes", () => {
  const prefix = uniqueRedisPrefix();
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: Redis;
  let rootToken: string;

  beforeAll(async () => {
    admin = new Redis(SHARED_REDIS_URL);
    [a, b] = await startInstances({ REDIS_URL: SHARED_REDIS_URL, REDIS_PREFIX: prefix });
    rootToken = await superuserToken(a);
  });
  afterAll(async () => {
    await cleanupInstances([a, b]);
    await admin.quit();
  });

  it("puts a settings change made through A in force on B on its message", async () => {
    const batch = () =>
      apiRequest(b, "POST", "/api/batch", { token: rootToken, body: { requests: [] } });
    expect((await batch()).status).not.toBe(403);
    const off = await apiRequest(a, "PATCH", "/api/settings", {
      token: rootToken,
      body: { batch: { enabled: false } },
    });
    expect(off.status).toBe(200);
    // B never reads the settings by itself (no polling): only the bus can tell it.
    await until(async () => (await batch()).status === 403, "B to refuse batches");
    await apiRequest(a, "PATCH", "/api/settings", {
      token: rootToken,
      body: { batch: { enabled: true } },
    });
    await until(async () => (await batch()).status !== 403, "B to accept batches again");
  });

  it("holds at most two Redis connections per process", async () => {
    // The CLI runs that made the superuser held their own while they ran: wait for them to go.
    await until(
      async () => (await connectionsPerInstance(admin, prefix)).size === 2,
      "the two servers' connections only",
    );
    const held = await connectionsPerInstance(admin, prefix);
    for (const kinds of held.values()) expect(kinds).toEqual(["commands", "subscriber"]);
  });
});
