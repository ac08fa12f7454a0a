/**
 * Scale-out proof for realtime: two server processes on one PostgreSQL database and one
 * Redis (a private `redis-server`, so it can be restarted). A write through A reaches a
 * subscriber on B; a record made private stops reaching other users on both; the guest cache
 * of B forgets what A changed; Redis restarting mid-stream is survived (local delivery meanwhile,
 * a fresh PB_CONNECT afterwards) and garbage on the channel harms nobody.
 *
 * Runs when the PostgreSQL dialect is selected (`DIALECTS=…postgres` with `DATABASE_URL`).
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { openSse, type SseConnection } from "#tests/helpers/sse-client.ts";
import {
  startRedisServer,
  uniqueRedisPrefix,
  type RedisServer,
} from "#tests/helpers/redis-server.ts";
import { apiRequest, cleanupInstances, startInstances, until } from "#tests/helpers/instances.ts";
import { upsertSuperuserCli, type ServerProcess } from "#tests/helpers/server-process.ts";

type Rec = Record<string, unknown> & { id: string };

const title = (data: string) =>
  (JSON.parse(data) as { record: { title?: string } }).record.title ?? "";

describe.skipIf(!DIALECTS.includes("postgres"))("realtime across instances", () => {
  let redis: RedisServer;
  let prefix: string;
  let a: ServerProcess;
  let b: ServerProcess;
  const streams: SseConnection[] = [];
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let markers = 0;

  const call = async (
    server: ServerProcess,
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ) => {
    const res = await apiRequest(server, method, path, { token, body });
    if (res.status >= 300)
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
    return (res.json ?? {}) as Record<string, unknown>;
  };
  const signUp = async (username: string) => {
    await call(a, "POST", "/api/collections/users/records", undefined, {
      username,
      email: `${username}@example.com`,
      password: "password123",
      passwordConfirm: "password123",
    });
    // Logged in through B: tokens are valid on every instance (shared secrets).
    const auth = await call(b, "POST", "/api/collections/users/auth-with-password", undefined, {
      identity: username,
      password: "password123",
    });
    return { id: (auth.record as Rec).id, token: auth.token as string };
  };
  const stream = async (server: ServerProcess, topics: string[], token?: string) => {
    const sse = await openSse(`${server.url}/api/realtime`);
    streams.push(sse);
    const res = await fetch(`${server.url}/api/realtime`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
      body: JSON.stringify({ clientId: sse.clientId, subscriptions: topics }),
    });
    expect(res.status).toBe(204);
    return sse;
  };
  const createEntry = async (server: ServerProcess, data: Record<string, unknown>) =>
    (await call(server, "POST", "/api/collections/entries/records", alice.token, {
      author: alice.id,
      ...data,
    })) as Rec;
  const updateEntry = (server: ServerProcess, id: string, data: Record<string, unknown>) =>
    call(server, "PATCH", `/api/collections/entries/records/${id}`, alice.token, data);
  /** A public entry written through `server` must be the next `entries/*` event of each stream. */
  const nothingUntilMarker = async (server: ServerProcess, ...targets: SseConnection[]) => {
    markers += 1;
    const marker = `marker ${markers}`;
    await createEntry(server, { title: marker, visibility: "public" });
    for (const s of targets) {
      const e = await s.next(undefined, 10_000);
      expect(`${e.event} ${title(e.data)}`, s.text.slice(-1500)).toBe(`entries/* ${marker}`);
    }
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    prefix = uniqueRedisPrefix();
    const shared = { REDIS_URL: redis.url, REDIS_PREFIX: prefix, GUEST_CACHE_TTL_MS: "60000" };
    [a, b] = await startInstances(shared);
    await upsertSuperuserCli(a, "root@example.com", "password123");
    [alice, bob] = await Promise.all([signUp("alice"), signUp("bob")]);
  }, 120_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    // Set in beforeAll, which may have failed half-way.
    await cleanupInstances([b, a]);
    await (redis as RedisServer | undefined)?.cleanup();
  });

  it("delivers a write made through A to subscribers on B, and once on A", async () => {
    const guestB = await stream(b, ["entries/*"]);
    const aliceA = await stream(a, ["entries/*"], alice.token);
    const entry = await createEntry(a, { title: "From A", visibility: "public" });
    const onB = await guestB.next("entries/*", 10_000);
    expect(JSON.parse(onB.data)).toMatchObject({ action: "create", record: { id: entry.id } });
    expect(onB.id).toBe(guestB.clientId);
    expect(title((await aliceA.next()).data)).toBe("From A");
    // Exactly once on the publisher too: the next event is the marker.
    await nothingUntilMarker(b, guestB, aliceA);
  });

  it("accepts subscriptions and OAuth2 redirects on any instance (no sticky sessions)", async () => {
    const sse = await openSse(`${a.url}/api/realtime`);
    streams.push(sse);
    const post = (
      server: ServerProcess,
      clientId: string,
      subscriptions: string[],
      token?: string,
    ) =>
      fetch(`${server.url}/api/realtime`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
        body: JSON.stringify({ clientId, subscriptions }),
      });
    // The stream is on A; the subscription request lands on B.
    expect((await post(b, sse.clientId, ["entries/*", "@oauth2"], alice.token)).status).toBe(204);
    const mismatch = await post(b, sse.clientId, ["entries/*"], bob.token);
    expect(mismatch.status).toBe(403);
    expect(await mismatch.json()).toEqual({
      data: {},
      message: "The current and the previous request authorization don't match.",
      status: 403,
    });
    const started = Date.now();
    const unknown = await post(b, "nobody-has-this-client", ["entries/*"]);
    expect(unknown.status).toBe(404);
    expect(Date.now() - started).toBeLessThan(2000);

    const secret = await createEntry(b, { title: "Alice only", visibility: "private" });
    const event = await sse.next("entries/*", 10_000);
    expect(JSON.parse(event.data)).toMatchObject({ record: { id: secret.id } });

    // The provider sends the login popup to B; the code reaches the client on A.
    const redirect = await fetch(`${b.url}/api/oauth2-redirect?state=${sse.clientId}&code=abc`, {
      redirect: "manual",
    });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.get("location")).toBe("/api/oauth2-redirect-success");
    expect((await sse.next("@oauth2", 10_000)).data).toBe(
      `{"state":"${sse.clientId}","code":"abc"}`,
    );
    const again = await fetch(`${b.url}/api/oauth2-redirect?state=${sse.clientId}&code=abc`, {
      redirect: "manual",
    });
    expect(again.headers.get("location")).toBe("/api/oauth2-redirect-failure");
  });

  it("tells other users on every instance that a record was made private, then stops", async () => {
    const entry = await createEntry(a, { title: "Soon private", visibility: "public" });
    const topics = ["entries/*", `entries/${entry.id}`];
    const others = [
      await stream(a, topics),
      await stream(b, topics),
      await stream(a, topics, bob.token),
      await stream(b, topics, bob.token),
    ];
    const authors = [await stream(a, topics, alice.token), await stream(b, topics, alice.token)];
    await updateEntry(b, entry.id, { visibility: "private", title: "Private now" });
    await updateEntry(a, entry.id, { title: "Still private" });
    for (const s of authors) {
      const got = [];
      for (let i = 0; i < 4; i++) got.push(title((await s.next(undefined, 10_000)).data));
      expect(got).toEqual(["Private now", "Private now", "Still private", "Still private"]);
    }
    // The others get a delete of the version they saw, once per topic (ADR 029), then nothing.
    for (const s of others) {
      for (let i = 0; i < 2; i++) {
        const data = (await s.next(undefined, 10_000)).data;
        expect((JSON.parse(data) as { action: string }).action).toBe("delete");
        expect(title(data)).toBe("Soon private");
      }
    }
    await nothingUntilMarker(a, ...others, ...authors);
    for (const s of others) {
      expect(s.text).not.toContain("Private now");
      expect(s.text).not.toContain("Still private");
      expect(s.text).not.toContain('"visibility":"private"');
    }
  });

  it("invalidates the guest cache of B when A writes", async () => {
    const list = async () =>
      (
        (await call(b, "GET", "/api/collections/entries/records?perPage=200&fields=title")) as {
          items: { title: string }[];
        }
      ).items.map((i) => i.title);
    const before = await list();
    expect(await list()).toEqual(before);
    await createEntry(a, { title: "Cache buster", visibility: "public" });
    // The cache TTL is a minute: only the fan-out can make B forget its answer this fast.
    await until(async () => (await list()).includes("Cache buster"), "B's list to change", 10_000);
  });

  it("survives Redis restarting: local delivery meanwhile, then a resync and cross-instance delivery again", async () => {
    const onA = await stream(a, ["entries/*"]);
    const onB = await stream(b, ["entries/*"]);
    await redis.stop();
    await new Promise((r) => setTimeout(r, 300));

    // Writes keep working and reach this instance's clients.
    await createEntry(a, { title: "During the outage", visibility: "public" });
    expect(title((await onA.next(undefined, 10_000)).data)).toBe("During the outage");
    // Both instances still answer, and their health check reports the outage (ADR 024).
    for (const server of [a, b]) {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ data: { redis: "unavailable" } });
    }

    await redis.start();
    // Every client is asked to resync (same client id), since events may have been lost.
    for (const s of [onA, onB]) {
      const resync = await s.next("PB_CONNECT", 15_000);
      expect(resync.data).toBe(`{"clientId":"${s.clientId}"}`);
    }
    await createEntry(a, { title: "After the outage", visibility: "public" });
    // B hears of the change made during the outage too, once Redis takes it again (ADR 057,
    // amended): before its resync (which covers it) or after it, and before the next one.
    let onBTitle = title((await onB.next("entries/*", 10_000)).data);
    if (onBTitle === "During the outage")
      onBTitle = title((await onB.next("entries/*", 10_000)).data);
    expect(onBTitle).toBe("After the outage");
    expect(title((await onA.next("entries/*", 10_000)).data)).toBe("After the outage");
    expect(a.output()).toContain("Redis fan-out unavailable");
    expect(a.child?.exitCode).toBeNull();
    expect(b.child?.exitCode).toBeNull();
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    }
  });

  it("ignores garbage published on the channel (B26)", async () => {
    const onB = await stream(b, ["entries/*"]);
    const peer = new Redis(redis.url);
    try {
      for (const text of ["{", "null", '{"v":1,"origin":"x","seq":1,"action":"create"}'])
        await peer.publish(`${prefix}realtime`, text);
    } finally {
      peer.disconnect();
    }
    await nothingUntilMarker(a, onB);
    expect(a.child?.exitCode).toBeNull();
    expect(b.child?.exitCode).toBeNull();
  });
});
