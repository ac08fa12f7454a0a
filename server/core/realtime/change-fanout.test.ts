/**
 * The change fan-outs against a real Redis (each instance with its own connections and bus,
 * as in the app): every instance (the publisher included) gets each change exactly once,
 * other instances see it as `remote` (the guest cache listens), delete snapshots travel
 * without secrets, garbage on the channel is ignored (B26), and a Redis outage falls back to
 * local delivery then asks clients to resync. The bus fan-out also runs on the in-process bus.
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { requireCollection } from "../collections/collection-lookup.ts";
import { RecordEvents, type RecordChange } from "../records/record-events.ts";
import {
  SHARED_REDIS_URL,
  startRedisServer,
  uniqueRedisPrefix,
  type RedisServer,
} from "#tests/helpers/redis-server.ts";
import { LocalBus, RedisBus } from "../../tools/bus/index.ts";
import { RedisConnections } from "../../tools/redis/index.ts";
import { BusFanout } from "./bus-fanout.ts";
import { createFanout, LocalFanout } from "./change-fanout.ts";
import type { ChangeReceiver } from "./change-receiver.ts";
import type { RemoteClients, RemoteRequest, RemoteResult } from "./realtime-broker.ts";

/** A receiver that records what it gets; it "holds" the clients listed in `held`. */
class Recorder implements ChangeReceiver {
  changes: RecordChange[] = [];
  resyncs = 0;
  remote: RemoteClients | null = null;
  held = new Map<string, RemoteResult>();
  requests: RemoteRequest[] = [];
  handleRemote(request: RemoteRequest): Promise<RemoteResult | null> {
    this.requests.push(request);
    const id = request.kind === "oauth2" ? request.state : request.clientId;
    return Promise.resolve(this.held.get(id) ?? null);
  }
  enqueue(change: RecordChange): void {
    this.changes.push(change);
  }
  resync(): void {
    this.resyncs += 1;
  }
}

const entries = requireCollection("entries");
const users = requireCollection("users");

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

interface Instance {
  events: RecordEvents;
  broker: Recorder;
  fanout: BusFanout;
  logs: string[];
  /** Every change the instance's RecordEvents saw. */
  seen: RecordChange[];
  /** Every reset the instance's RecordEvents saw (true: relayed from another instance). */
  resets: boolean[];
  /** Closes the fan-out, then the instance's bus and Redis connections. */
  close(): Promise<void>;
}

function instance(url: string, prefix: string): Instance {
  const events = new RecordEvents();
  const broker = new Recorder();
  const logs: string[] = [];
  const seen: RecordChange[] = [];
  events.on((c) => seen.push(c));
  const resets: boolean[] = [];
  events.onReset((remote) => resets.push(remote));
  const log = (level: string, message: string) => logs.push(`${level}: ${message}`);
  const connections = new RedisConnections({ url, prefix });
  const bus = new RedisBus({ connections, prefix, log });
  const fanout = new BusFanout({ bus, events, broker, log });
  const close = async () => {
    await fanout.close();
    await bus.close();
    await connections.close();
  };
  return { events, broker, fanout, logs, seen, resets, close };
}

describe("LocalFanout", () => {
  it("hands this instance's changes to the broker, never relayed ones", async () => {
    const events = new RecordEvents();
    const broker = new Recorder();
    const fanout = new LocalFanout(events, broker);
    events.emit({ action: "create", collection: entries, id: "a" });
    events.emit({ action: "create", collection: entries, id: "b", remote: true });
    expect(broker.changes.map((c) => c.id)).toEqual(["a"]);
    await fanout.close();
    events.emit({ action: "create", collection: entries, id: "c" });
    expect(broker.changes).toHaveLength(1);
  });

  it("asks every client to resync after a restore (a reset)", async () => {
    const events = new RecordEvents();
    const broker = new Recorder();
    const fanout = new LocalFanout(events, broker);
    events.reset();
    expect(broker.resyncs).toBe(1);
    await fanout.close();
    events.reset();
    expect(broker.resyncs).toBe(1);
  });
});

describe("createFanout", () => {
  it("relays through a shared bus only; alone, changes go straight to the broker", async () => {
    const events = new RecordEvents();
    const local = createFanout({
      bus: new LocalBus(),
      events,
      broker: new Recorder(),
      log: () => 0,
    });
    expect(local).toBeInstanceOf(LocalFanout);
    await local.close();
    const connections = new RedisConnections({
      url: SHARED_REDIS_URL,
      prefix: uniqueRedisPrefix(),
    });
    const bus = new RedisBus({ connections, prefix: uniqueRedisPrefix() });
    const shared = createFanout({ bus, events, broker: new Recorder(), log: () => 0 });
    expect(shared).toBeInstanceOf(BusFanout);
    await shared.close();
    await bus.close();
    await connections.close();
  });
});

describe("BusFanout on the in-process bus", () => {
  it("delivers an instance's own change once, through its echo", async () => {
    const bus = new LocalBus();
    const events = new RecordEvents();
    const broker = new Recorder();
    const fanout = new BusFanout({ bus, events, broker, log: () => undefined });
    await fanout.ready();
    events.emit({ action: "create", collection: entries, id: "x" });
    events.emit({ action: "update", collection: entries, id: "x" });
    await until(() => broker.changes.length === 2, "both changes");
    expect(broker.changes.map((c) => `${c.action} ${c.id}`)).toEqual(["create x", "update x"]);
    // Nobody else holds clients: a forwarded request settles at once, unanswered.
    expect(
      await fanout.call({ kind: "oauth2", state: "s", code: "c", error: "", ip: "1.2.3.4" }),
    ).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(broker.changes).toHaveLength(2);
    await fanout.close();
    await bus.close();
  });
});

describe("BusFanout on Redis (shared Redis)", () => {
  const prefix = uniqueRedisPrefix();
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    a = instance(SHARED_REDIS_URL, prefix);
    b = instance(SHARED_REDIS_URL, prefix);
    await Promise.all([a.fanout.ready(), b.fanout.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });
  afterEach(() => {
    for (const i of [a, b]) {
      i.broker.changes.length = 0;
      i.seen.length = 0;
    }
  });

  it("delivers each change once on every instance, the publisher included", async () => {
    a.events.emit({ action: "create", collection: entries, id: "e1" });
    a.events.emit({ action: "update", collection: entries, id: "e1" });
    b.events.emit({ action: "update", collection: entries, id: "e2" });
    await until(() => a.broker.changes.length === 3 && b.broker.changes.length === 3, "3 + 3");
    const summary = (i: Instance) =>
      i.broker.changes.map((c) => `${c.action} ${c.id}${c.remote ? " remote" : ""}`).sort();
    expect(summary(a)).toEqual(["create e1", "update e1", "update e2 remote"]);
    expect(summary(b)).toEqual(["create e1 remote", "update e1 remote", "update e2"]);
    // Relayed changes reach the other listeners of RecordEvents (the guest cache) too.
    expect(a.seen.filter((c) => c.remote).map((c) => c.id)).toEqual(["e2"]);
    expect(b.seen.filter((c) => c.remote).map((c) => c.id)).toEqual(["e1", "e1"]);
    // Nothing arrives twice later.
    await new Promise((r) => setTimeout(r, 100));
    expect(a.broker.changes).toHaveLength(3);
    expect(b.broker.changes).toHaveLength(3);
  });

  it("relays a reset (a restore) to the other instances once, as remote", async () => {
    const before = { a: a.broker.resyncs, b: b.broker.resyncs };
    a.events.reset();
    // This instance's clients resync at once; its own echo is not a second reset.
    expect(a.broker.resyncs).toBe(before.a + 1);
    expect(a.resets).toEqual([false]);
    await until(() => b.resets.length === 1, "B to hear of the reset");
    expect(b.resets).toEqual([true]);
    expect(b.broker.resyncs).toBe(before.b + 1);
    // A change published after the reset arrives after it: nothing more came meanwhile.
    a.events.emit({ action: "update", collection: entries, id: "after-reset" });
    await until(() => b.broker.changes.some((c) => c.id === "after-reset"), "the next change");
    expect(a.resets).toEqual([false]);
    expect(b.resets).toEqual([true]);
    expect(a.broker.resyncs).toBe(before.a + 1);
    expect(b.broker.resyncs).toBe(before.b + 1);
    a.resets.length = 0;
    b.resets.length = 0;
  });

  it("sends delete snapshots without password hashes or token keys", async () => {
    a.events.emit({
      action: "delete",
      collection: users,
      id: "u1",
      record: { id: "u1", email: "u@example.com", password: "$2a$10$hash", tokenKey: "secret" },
    });
    await until(() => b.broker.changes.length === 1, "the delete on b");
    const relayed = b.broker.changes[0];
    expect(relayed?.record).toEqual({ id: "u1", email: "u@example.com" });
    expect(relayed?.collection).toBe(users);
    // The publisher delivers its own (complete) change.
    await until(() => a.broker.changes.length === 1, "the delete on a");
    expect(a.broker.changes[0]?.record?.tokenKey).toBe("secret");
  });

  it("relays the row before an update without password hashes or token keys (ADR 029)", async () => {
    a.events.emit({
      action: "update",
      collection: users,
      id: "u2",
      previous: { id: "u2", name: "Before", password: "$2a$10$hash", tokenKey: "secret" },
    });
    await until(() => b.broker.changes.length === 1, "the update on b");
    expect(b.broker.changes[0]?.previous).toEqual({ id: "u2", name: "Before" });
    expect(b.broker.changes[0]?.record).toBeUndefined();
  });

  it("forwards requests for another instance's client and returns its answer", async () => {
    expect(a.broker.remote).toBe(a.fanout);
    b.broker.held.set("client-on-b", { status: 204, message: "" });
    b.broker.held.set("denied-on-b", { status: 403, message: "Nope." });
    const subscribe = (clientId: string) =>
      a.fanout.call({
        kind: "subscribe",
        clientId,
        subscriptions: ["entries/*"],
        ip: "10.0.0.1",
        auth: { collectionId: users.id, id: "u1" },
      });
    expect(await subscribe("client-on-b")).toEqual({ status: 204, message: "" });
    expect(b.broker.requests[0]).toEqual({
      kind: "subscribe",
      clientId: "client-on-b",
      subscriptions: ["entries/*"],
      ip: "10.0.0.1",
      auth: { collectionId: users.id, id: "u1" },
    });
    expect(await subscribe("denied-on-b")).toEqual({ status: 403, message: "Nope." });
    // Nobody holds it: every other instance said so, no need to wait for the timeout.
    const started = Date.now();
    expect(await subscribe("nobody")).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    b.broker.held.set("popup", { status: 204, message: "" });
    expect(
      await a.fanout.call({ kind: "oauth2", state: "popup", code: "c", error: "", ip: "1.2.3.4" }),
    ).toEqual({ status: 204, message: "" });
    // An instance never answers its own requests.
    expect(a.broker.requests).toEqual([]);
  });

  it("ignores garbage and unknown collections on the channel (B26)", async () => {
    const peer = new Redis(SHARED_REDIS_URL);
    try {
      for (const text of [
        "not json",
        "null",
        "[]",
        '{"v":1}',
        JSON.stringify({ v: 1, origin: "x", seq: 1, action: "drop", collection: "c", id: "i" }),
        JSON.stringify({
          v: 1,
          origin: "x",
          seq: 2,
          action: "create",
          collection: "nope",
          id: "i",
        }),
        JSON.stringify({
          v: 1,
          origin: "x",
          seq: 3,
          action: "create",
          collection: "entries",
          id: "i",
        }),
        JSON.stringify({
          v: 2,
          origin: "x",
          seq: 4,
          action: "create",
          collection: entries.id,
          id: "i",
        }),
      ]) {
        await peer.publish(prefix + a.fanout.channel, text);
      }
      await peer.publish(
        prefix + a.fanout.channel,
        JSON.stringify({
          v: 1,
          origin: "x",
          seq: 5,
          action: "create",
          collection: entries.id,
          id: "ok",
        }),
      );
      for (const text of [
        "{",
        '{"v":1,"id":"x","origin":"not-hex","request":{"kind":"oauth2"}}',
        '{"v":1,"id":"x","origin":"0123456789abcdef","request":{"kind":"subscribe","clientId":1}}',
        '{"v":1,"id":"x","origin":"0123456789abcdef","request":{"kind":"other"}}',
      ]) {
        await peer.publish(prefix + a.fanout.rpcChannel, text);
      }
      await until(() => a.broker.changes.length === 1, "the valid message");
      expect(a.broker.changes[0]?.id).toBe("ok");
      // The requests' channel is read apart from the changes': wait for its garbage too (a
      // loaded machine had not read it yet when the valid change came).
      await until(
        () => a.logs.filter((l) => l.includes("malformed")).length >= 9,
        "the malformed messages to be logged",
      );
      expect(a.broker.requests).toEqual([]);
    } finally {
      peer.disconnect();
    }
  });
});

describe("BusFanout on Redis during an outage", () => {
  let redis: RedisServer;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    redis = await startRedisServer();
    const prefix = uniqueRedisPrefix();
    a = instance(redis.url, prefix);
    b = instance(redis.url, prefix);
    await Promise.all([a.fanout.ready(), b.fanout.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await redis.cleanup();
  });

  it("delivers locally while Redis is down, logs it, and resyncs clients once it is back", async () => {
    await redis.stop();
    await until(() => !a.fanout.isSubscribed && !b.fanout.isSubscribed, "the outage to be seen");
    a.events.emit({ action: "update", collection: entries, id: "during" });
    expect(a.broker.changes.map((c) => c.id)).toEqual(["during"]);
    expect(a.logs.some((l) => l.startsWith("warn: realtime: Redis fan-out unavailable"))).toBe(
      true,
    );
    // One warning per outage, not one per reconnection attempt.
    await new Promise((r) => setTimeout(r, 500));
    expect(a.logs.filter((l) => l.includes("unavailable"))).toHaveLength(1);

    await redis.start();
    await Promise.all([a.fanout.ready(), b.fanout.ready()]);
    expect(a.broker.resyncs).toBe(1);
    expect(b.broker.resyncs).toBe(1);
    expect(a.logs).toContain("info: realtime: Redis fan-out is back");
    // The change made during the outage reaches the other instance once Redis takes it...
    await until(() => b.broker.changes.some((c) => c.id === "during"), "the change during");
    // ...and was not delivered twice here.
    expect(a.broker.changes.map((c) => c.id)).toEqual(["during"]);

    a.events.emit({ action: "update", collection: entries, id: "after" });
    await until(() => b.broker.changes.some((c) => c.id === "after"), "the change after");
    await until(() => a.broker.changes.length === 2, "the echo on a");
    expect(a.broker.changes.map((c) => c.id)).toEqual(["during", "after"]);
  });
});
