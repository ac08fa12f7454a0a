/**
 * Settings between instances on one database (ADR 057): a change saved through one instance
 * is read again by the others as soon as the bus carries its message (nothing polls), on the
 * in-process bus and on Redis; an instance cut off from Redis reads them again once its
 * subscription is back; a change that could not be announced is announced again.
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  SHARED_REDIS_URL,
  startRedisServer,
  uniqueRedisPrefix,
  type RedisServer,
} from "#tests/helpers/redis-server.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { LocalBus, RedisBus, type Bus } from "../../tools/bus/index.ts";
import { RedisConnections } from "../../tools/redis/index.ts";
import { SETTINGS_CHANNEL, SettingsService, type EnvironmentSettings } from "./settings-service.ts";

const ENV: EnvironmentSettings = {
  appUrl: "https://journal.example",
  mailFrom: "x@journal.example",
  smtpUrl: undefined,
  rateLimits: { enabled: false, rules: [], accounts: [] },
  trustedProxies: [],
  oauth2Providers: [],
};

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One instance's settings, with what its page cache was told of `meta` changes. */
interface Instance {
  settings: SettingsService;
  /** `[appName, remote]` per change of `meta`. */
  metas: [string, boolean][];
  logs: string[];
}

/** Buses of the same deployment, one per instance, and how to close them. */
interface Deployment {
  bus(): Bus;
  close(): Promise<void>;
}

function redisDeployment(url: string, prefix = uniqueRedisPrefix()): Deployment {
  const parts: { bus: RedisBus; connections: RedisConnections }[] = [];
  return {
    bus: () => {
      const connections = new RedisConnections({ url, prefix });
      const bus = new RedisBus({ connections, prefix });
      parts.push({ bus, connections });
      return bus;
    },
    close: async () => {
      for (const { bus, connections } of parts.splice(0)) {
        await bus.close();
        await connections.close();
      }
    },
  };
}

const deployments: { name: string; make: () => Deployment }[] = [
  {
    // Two instances in one process share the one in-process bus.
    name: "in-process bus",
    make: () => {
      const bus = new LocalBus();
      return { bus: () => bus, close: () => bus.close() };
    },
  },
  { name: "Redis", make: () => redisDeployment(SHARED_REDIS_URL) },
];

describe.each(DIALECTS)("settings between instances (%s)", (dialect) => {
  let app: TestApp;
  const started: Instance[] = [];
  const open: Deployment[] = [];

  /** Starts one instance's settings on the test database. */
  async function instance(bus?: Bus): Promise<Instance> {
    const metas: [string, boolean][] = [];
    const logs: string[] = [];
    const settings = new SettingsService(
      app.db,
      ENV,
      { meta: (meta, remote) => metas.push([meta.appName, remote]) },
      { ...(bus ? { bus } : {}), log: (_error, message) => logs.push(message) },
    );
    await settings.start();
    const made = { settings, metas, logs };
    started.push(made);
    return made;
  }
  const deployment = (make: () => Deployment) => {
    const made = make();
    open.push(made);
    return made;
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
  });
  afterEach(async () => {
    for (const { settings } of started.splice(0)) settings.stop();
    await Promise.all(open.splice(0).map((d) => d.close()));
  });
  afterAll(async () => {
    await app.close();
  });

  describe.each(deployments)("on the $name", ({ make }) => {
    it("applies a change saved on one instance on the others, and tells only the saver's page cache to spread it", async () => {
      const cluster = deployment(make);
      const a = await instance(cluster.bus());
      const b = await instance(cluster.bus());
      await until(() => a.settings.isListening && b.settings.isListening, "both listening");
      const name = `Carnet ${String(Date.now())}`;
      await a.settings.update({ meta: { appName: name }, batch: { maxRequests: 7 } });
      expect(a.settings.appName).toBe(name);
      await until(() => b.settings.appName === name, "B to read the change");
      expect(b.settings.batch.maxRequests).toBe(7);
      // A's page cache tells the other instances; B's knows they were told.
      expect(a.metas.at(-1)).toEqual([name, false]);
      expect(b.metas.at(-1)).toEqual([name, true]);
      await a.settings.update({ batch: { maxRequests: 8 } });
      await until(() => b.settings.batch.maxRequests === 8, "B to read the next change");
    });
  });

  it("tells no instance of another deployment", async () => {
    const ours = deployment(() => redisDeployment(SHARED_REDIS_URL));
    const theirs = deployment(() => redisDeployment(SHARED_REDIS_URL));
    const a = await instance(ours.bus());
    const b = await instance(ours.bus());
    const stranger = await instance(theirs.bus());
    await until(
      () => [a, b, stranger].every((i) => i.settings.isListening),
      "every instance listening",
    );
    const before = stranger.settings.logs.maxDays;
    await a.settings.update({ logs: { maxDays: before + 1 } });
    await until(() => b.settings.logs.maxDays === before + 1, "B to read the change");
    // The stranger shares the database but not the bus: nobody told it, nothing polls.
    expect(stranger.settings.logs.maxDays).toBe(before);
    await stranger.settings.reload();
    expect(stranger.settings.logs.maxDays).toBe(before + 1);
  });

  describe("with a private Redis", () => {
    let redis: RedisServer;

    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis.cleanup();
    });

    it("reads the settings again once its subscription is back: a change missed meanwhile is not lost", async () => {
      const cluster = deployment(() => redisDeployment(redis.url));
      const b = await instance(cluster.bus());
      // Saved by an instance whose message can never reach B (no bus at all).
      const silent = await instance();
      await until(() => b.settings.isListening, "B listening");
      await redis.stop();
      await until(() => !b.settings.isListening, "B to see the outage");
      const maxRequests = b.settings.batch.maxRequests + 10;
      await silent.settings.update({ batch: { maxRequests } });
      expect(b.settings.batch.maxRequests).not.toBe(maxRequests);
      await redis.start();
      await until(() => b.settings.batch.maxRequests === maxRequests, "B to read it again");
      expect(b.settings.isListening).toBe(true);
    });

    it("announces a change again when its message could not be sent", async () => {
      if (!redis.running) await redis.start();
      const cluster = deployment(() => redisDeployment(redis.url));
      const a = await instance(cluster.bus());
      const b = await instance(cluster.bus());
      await until(() => a.settings.isListening && b.settings.isListening, "both listening");
      const admin = new Redis(redis.url);
      try {
        // Writes (PUBLISH included) wait while paused: A's announcement times out, and B's
        // subscription never drops, so only A's second announcement can tell B.
        await admin.client("PAUSE", 2500, "WRITE");
        const maxDays = b.settings.logs.maxDays + 5;
        await a.settings.update({ logs: { maxDays } });
        await until(() => a.logs.some((l) => l.includes("retrying")), "A's failed announcement");
        await until(() => b.settings.logs.maxDays === maxDays, "B to hear of it");
        expect(b.settings.isListening).toBe(true);
      } finally {
        admin.disconnect();
      }
    });
  });

  it("publishes `{v, origin}` on the settings channel, and ignores garbage there", async () => {
    const prefix = uniqueRedisPrefix();
    const cluster = deployment(() => redisDeployment(SHARED_REDIS_URL, prefix));
    const a = await instance(cluster.bus());
    const peer = new Redis(SHARED_REDIS_URL);
    const heard: string[] = [];
    try {
      await peer.subscribe(`${prefix}${SETTINGS_CHANNEL}`);
      peer.on("message", (_channel: string, text: string) => heard.push(text));
      await until(() => a.settings.isListening, "A listening");
      const publisher = new Redis(SHARED_REDIS_URL);
      for (const text of ["nope", "null", '{"v":2,"origin":"x"}', '{"v":1}'])
        await publisher.publish(`${prefix}${SETTINGS_CHANNEL}`, text);
      publisher.disconnect();
      await a.settings.update({ batch: { timeout: 9 } });
      await until(() => heard.length === 5, "A's announcement");
      expect(JSON.parse(heard[4] ?? "")).toEqual({
        v: 1,
        origin: expect.stringMatching(/^[0-9a-f]{16}$/) as unknown,
      });
      expect(a.settings.batch.timeout).toBe(9);
    } finally {
      peer.disconnect();
    }
  });
});
