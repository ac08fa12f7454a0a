/**
 * The `Bus` contract, run against both implementations: the in-process bus and Redis pub/sub
 * on the shared Redis (a unique prefix per test). Then what only Redis has: other instances,
 * prefixes that keep deployments apart, garbage from a peer, and an outage (a private
 * `redis-server` stopped and started again).
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  SHARED_REDIS_URL,
  startRedisServer,
  uniqueRedisPrefix,
  type RedisServer,
} from "#tests/helpers/redis-server.ts";
import { RedisConnections } from "../redis/index.ts";
import type { Bus, BusLog, BusSubscription } from "./bus.ts";
import { LocalBus } from "./local-bus.ts";
import { RedisBus } from "./redis-bus.ts";

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function untilAsync(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once `subscription` receives messages. */
const activeSoon = (subscription: BusSubscription) =>
  until(() => subscription.active, "the subscription to be active");

/** A bus with what it logged. */
interface Subject {
  bus: Bus;
  logs: string[];
  close(): Promise<void>;
}

function logger(logs: string[]): BusLog {
  return (level, message) => {
    logs.push(`${level}: ${message}`);
  };
}

function redisSubject(url: string, prefix: string): Subject {
  const logs: string[] = [];
  const connections = new RedisConnections({ url, prefix });
  const bus = new RedisBus({ connections, prefix, log: logger(logs) });
  return {
    bus,
    logs,
    close: async () => {
      await bus.close();
      await connections.close();
    },
  };
}

const implementations: { name: string; make: () => Subject }[] = [
  {
    name: "LocalBus",
    make: () => {
      const logs: string[] = [];
      const bus = new LocalBus({ log: logger(logs) });
      return { bus, logs, close: () => bus.close() };
    },
  },
  { name: "RedisBus", make: () => redisSubject(SHARED_REDIS_URL, uniqueRedisPrefix()) },
];

describe.each(implementations)("Bus contract: $name", ({ make }) => {
  let subject: Subject;
  const open: Subject[] = [];
  const start = () => {
    subject = make();
    open.push(subject);
    return subject.bus;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it("delivers every message to every subscriber of its channel, the publisher's own included", async () => {
    const bus = start();
    const a: unknown[] = [];
    const b: [unknown, string][] = [];
    const other: unknown[] = [];
    const subA = bus.subscribe("news", (message) => a.push(message));
    const subB = bus.subscribe(["news", "more"], (message, channel) => b.push([message, channel]));
    bus.subscribe("elsewhere", (message) => other.push(message));
    await Promise.all([activeSoon(subA), activeSoon(subB)]);
    expect(await bus.publish("news", { n: 1 })).toBe(1);
    await bus.publish("more", { n: 2 });
    await until(() => a.length === 1 && b.length === 2, "both messages");
    expect(a).toEqual([{ n: 1 }]);
    expect(b).toEqual([
      [{ n: 1 }, "news"],
      [{ n: 2 }, "more"],
    ]);
    expect(other).toEqual([]);
  });

  it("carries JSON: handlers get a parsed copy, never the published object", async () => {
    const bus = start();
    const got: unknown[] = [];
    const subscription = bus.subscribe("json", (message) => got.push(message));
    await activeSoon(subscription);
    const sent = { when: new Date(0), list: [1, "two", null], skipped: undefined };
    await bus.publish("json", sent);
    await bus.publish("json", "text");
    await until(() => got.length === 2, "the messages");
    expect(got).toEqual([{ when: "1970-01-01T00:00:00.000Z", list: [1, "two", null] }, "text"]);
    expect(got[0]).not.toBe(sent);
    await expect(bus.publish("json", 10n)).rejects.toThrow();
    await expect(bus.publish("json", undefined)).rejects.toThrow(/JSON/);
  });

  it("keeps the order of a channel's messages", async () => {
    const bus = start();
    const got: number[] = [];
    const subscription = bus.subscribe("ordered", (message) => got.push(message as number));
    await activeSoon(subscription);
    await Promise.all(Array.from({ length: 50 }, (_, i) => bus.publish("ordered", i)));
    await until(() => got.length === 50, "50 messages");
    expect(got).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it("counts no receiver when nobody listens, and tells a subscription when it starts", async () => {
    const bus = start();
    expect(await bus.publish("nobody", { x: 1 })).toBe(0);
    const starts: boolean[] = [];
    const subscription = bus.subscribe("somebody", () => undefined, {
      onActive: (again) => starts.push(again),
    });
    await until(() => starts.length === 1, "the start");
    expect(starts).toEqual([false]);
    expect(subscription.active).toBe(true);
    expect(await bus.publish("somebody", { x: 1 })).toBe(1);
  });

  it("stops delivering once a subscription or the bus is closed", async () => {
    const bus = start();
    const kept: unknown[] = [];
    const closed: unknown[] = [];
    const keep = bus.subscribe("c", (message) => kept.push(message));
    const stop = bus.subscribe("c", (message) => closed.push(message));
    await Promise.all([activeSoon(keep), activeSoon(stop)]);
    stop.close();
    stop.close();
    expect(stop.active).toBe(false);
    await bus.publish("c", 1);
    await until(() => kept.length === 1, "the message");
    expect(closed).toEqual([]);
    await bus.close();
    expect(keep.active).toBe(false);
    expect(await bus.publish("c", 2)).toBe(0);
    expect(bus.subscribe("c", () => undefined).active).toBe(false);
  });

  it("logs a handler that throws and still delivers to the others", async () => {
    const bus = start();
    const got: unknown[] = [];
    const failing = bus.subscribe("boom", () => {
      throw new Error("handler bug");
    });
    const working = bus.subscribe("boom", (message) => got.push(message));
    await Promise.all([activeSoon(failing), activeSoon(working)]);
    await bus.publish("boom", "m");
    await until(() => got.length === 1, "the message");
    await until(() => subject.logs.length > 0, "the log");
    expect(subject.logs[0]).toMatch(/^error: bus: a handler of boom failed/);
  });
});

describe("RedisBus between instances (shared Redis)", () => {
  const prefix = uniqueRedisPrefix();
  let a: Subject;
  let b: Subject;
  let stranger: Subject;

  beforeAll(() => {
    a = redisSubject(SHARED_REDIS_URL, prefix);
    b = redisSubject(SHARED_REDIS_URL, prefix);
    stranger = redisSubject(SHARED_REDIS_URL, uniqueRedisPrefix());
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), stranger.close()]);
  });

  it("reaches every instance of the prefix, counted, and no other deployment", async () => {
    const got = { a: [] as unknown[], b: [] as unknown[], stranger: [] as unknown[] };
    const subs = [
      a.bus.subscribe("hello", (m) => got.a.push(m)),
      b.bus.subscribe("hello", (m) => got.b.push(m)),
      stranger.bus.subscribe("hello", (m) => got.stranger.push(m)),
    ];
    await Promise.all(subs.map(activeSoon));
    expect(await a.bus.publish("hello", { from: "a" })).toBe(2);
    await until(() => got.a.length === 1 && got.b.length === 1, "both instances");
    expect(got.b).toEqual([{ from: "a" }]);
    await stranger.bus.publish("hello", { from: "stranger" });
    await until(() => got.stranger.length === 1, "the stranger's own");
    expect(got.a).toHaveLength(1);
    expect(got.b).toHaveLength(1);
  });

  it("drops and logs what is not JSON on its channels (B26)", async () => {
    const got: unknown[] = [];
    const subscription = b.bus.subscribe("peer", (m) => got.push(m));
    await activeSoon(subscription);
    const peer = new Redis(SHARED_REDIS_URL);
    try {
      await peer.publish(`${prefix}peer`, "{not json");
      await peer.publish(`${prefix}peer`, '{"ok":true}');
      await until(() => got.length === 1, "the valid message");
      expect(got).toEqual([{ ok: true }]);
      expect(b.logs).toContain(
        `warn: bus: ignored a malformed message (not JSON) on ${prefix}peer`,
      );
    } finally {
      peer.disconnect();
    }
  });
});

describe("RedisBus during a Redis outage", () => {
  let redis: RedisServer;
  let a: Subject;
  let b: Subject;

  beforeAll(async () => {
    redis = await startRedisServer();
    const prefix = uniqueRedisPrefix();
    a = redisSubject(redis.url, prefix);
    b = redisSubject(redis.url, prefix);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await redis.cleanup();
  });

  it("rejects publishing, tells subscriptions they stopped, and that they missed messages once back", async () => {
    const events: string[] = [];
    const got: unknown[] = [];
    const subscription = b.bus.subscribe("live", (m) => got.push(m), {
      onActive: (again) => events.push(again ? "active again" : "active"),
      onInactive: () => events.push("inactive"),
    });
    await activeSoon(subscription);
    await a.bus.publish("live", "before");
    await until(() => got.length === 1, "the message before");

    await redis.stop();
    await until(() => !subscription.active, "the outage to be seen");
    // Not queued for later: the publisher knows at once.
    await expect(a.bus.publish("live", "during")).rejects.toThrow();

    await redis.start();
    await until(() => events.length === 3, "the subscription back");
    expect(events).toEqual(["active", "inactive", "active again"]);
    // The publisher's own connection comes back on its own schedule.
    await untilAsync(
      () =>
        a.bus.publish("live", "after").then(
          () => true,
          () => false,
        ),
      "a publish to go through",
    );
    await until(() => got.includes("after"), "the message after");
    expect(got).not.toContain("during");
  });
});
