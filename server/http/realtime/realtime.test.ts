/**
 * `/api/realtime`: the stream (PB_CONNECT, headers, ids, heartbeats, timeouts, caps,
 * shutdown) and `POST` subscriptions (PocketBase's validation, unknown client, other IP,
 * auth changes), with a raw SSE client on a real socket.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { openSse } from "#tests/helpers/sse-client.ts";
import { multipartBody } from "#tests/helpers/file-fixtures.ts";
import { startRealtimeApp, type RealtimeTestApp } from "./realtime-fixtures.ts";

type Body = { data: Record<string, unknown>; message: string; status: number };

describe.each(DIALECTS)("realtime stream and subscriptions (%s)", (dialect) => {
  let rt: RealtimeTestApp;
  let alice: { record: Record<string, unknown>; token: string };
  let bob: { record: Record<string, unknown>; token: string };
  let root: { record: Record<string, unknown>; token: string };

  beforeAll(async () => {
    rt = await startRealtimeApp(dialect);
    [alice, bob, root] = await Promise.all([
      rt.app.createUser(),
      rt.app.createUser(),
      rt.app.createSuperuser(),
    ]);
  });
  afterAll(async () => {
    await rt.close();
  });

  it("opens an event stream that starts with PB_CONNECT and the client id", async () => {
    const before = rt.app.realtime.size;
    const sse = await rt.sse({ "accept-encoding": "gzip, br" });
    expect(sse.status).toBe(200);
    expect(sse.headers.get("content-type")).toBe("text/event-stream");
    expect(sse.headers.get("cache-control")).toBe("no-store");
    expect(sse.headers.get("x-accel-buffering")).toBe("no");
    // Global headers still apply; compression never does.
    expect(sse.headers.get("x-content-type-options")).toBe("nosniff");
    expect(sse.headers.get("access-control-allow-origin")).toBe("*");
    expect(sse.headers.get("content-encoding")).toBeNull();
    const connect = sse.events[0];
    if (!connect) throw new Error("no PB_CONNECT");
    expect(connect.event).toBe("PB_CONNECT");
    expect(sse.clientId).toMatch(/^[a-zA-Z0-9]{40}$/);
    expect(connect.id).toBe(sse.clientId);
    expect(connect.data).toBe(`{"clientId":"${sse.clientId}"}`);
    expect(connect.retry).toBeGreaterThanOrEqual(1000);
    expect(sse.text).toMatch(/^id:\w{40}\nevent:PB_CONNECT\n/);
    expect(rt.app.realtime.size).toBe(before + 1);
    expect(rt.app.realtime.client(sse.clientId)?.ip).toBe("127.0.0.1");
    sse.close();
    // The client is unregistered once the connection closes.
    for (let i = 0; i < 100 && rt.app.realtime.client(sse.clientId); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(rt.app.realtime.client(sse.clientId)).toBeUndefined();
    expect(rt.app.realtime.size).toBe(before);
  });

  it("answers HEAD with the stream's headers without registering a client", async () => {
    const before = rt.app.realtime.size;
    const res = await fetch(`${rt.base}/api/realtime`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(rt.app.realtime.size).toBe(before);
  });

  describe("POST /api/realtime", () => {
    let clientId = "";
    beforeAll(async () => {
      clientId = (await rt.sse()).clientId;
    });

    const post = async (
      payload: unknown,
      options: { token?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
    ) => {
      const res = await rt.app.http.inject({
        method: "POST",
        url: "/api/realtime",
        remoteAddress: options.remoteAddress ?? "127.0.0.1",
        headers: {
          ...(options.token ? { authorization: options.token } : {}),
          ...(typeof payload === "string" ? { "content-type": "application/json" } : {}),
          ...options.headers,
        },
        ...(payload === undefined ? {} : { payload: payload as string }),
      });
      return { status: res.statusCode, body: res.body, json: () => res.json<Body>() };
    };

    it.each([
      [
        "an empty body",
        undefined,
        { clientId: { code: "validation_required", message: "Cannot be blank." } },
      ],
      [
        "an empty JSON object",
        {},
        { clientId: { code: "validation_required", message: "Cannot be blank." } },
      ],
      [
        "a client id over 255 characters",
        { clientId: "x".repeat(256) },
        {
          clientId: {
            code: "validation_length_out_of_range",
            message: "The length must be between 1 and 255.",
            params: { max: 255, min: 1 },
          },
        },
      ],
    ])("answers 400 with field data for %s", async (_name, payload, data) => {
      const res = await post(payload);
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({
        data,
        message: "Something went wrong while processing your request.",
        status: 400,
      });
    });

    it("answers 400 for 1001 subscriptions and accepts 1000", async () => {
      const topics = Array.from({ length: 1001 }, (_, i) => `posts/t${i}`);
      const res = await post({ clientId, subscriptions: topics });
      expect(res.status).toBe(400);
      expect(res.json().data).toEqual({
        subscriptions: {
          code: "validation_length_too_long",
          message: "The length must be no more than 1000.",
          params: { max: 1000, min: 0 },
        },
      });
      expect((await post({ clientId, subscriptions: topics.slice(0, 1000) })).status).toBe(204);
      expect(rt.app.realtime.client(clientId)?.subscriptions.size).toBe(1000);
    });

    it("answers 400 for a 2501-character topic and accepts 2500", async () => {
      const res = await post({ clientId, subscriptions: ["posts/*", `posts/${"a".repeat(2495)}`] });
      expect(res.status).toBe(400);
      expect(res.json().data).toEqual({
        subscriptions: {
          "1": {
            code: "validation_length_too_long",
            message: "The length must be no more than 2500.",
            params: { max: 2500, min: 0 },
          },
        },
      });
      // Characters, not bytes: 2500 two-byte characters are fine.
      expect((await post({ clientId, subscriptions: ["é".repeat(2500)] })).status).toBe(204);
    });

    it("refuses a topic with a line break (it would forge SSE fields)", async () => {
      const res = await post({ clientId, subscriptions: ["posts/*\ndata:x"] });
      expect(res.status).toBe(400);
      expect(res.json().data).toEqual({
        subscriptions: {
          "0": { code: "validation_match_invalid", message: "Must be in a valid format." },
        },
      });
    });

    it.each([
      ["a numeric client id", '{"clientId":12}'],
      ["a string instead of a list", `{"clientId":"abc","subscriptions":"posts/*"}`],
      ["a list of numbers", `{"clientId":"abc","subscriptions":[1]}`],
      ["malformed JSON", '{"clientId":'],
      ["a JSON array", "[]"],
    ])("answers 400 without field data for %s", async (_name, payload) => {
      const res = await post(payload);
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({
        data: {},
        message: "Something went wrong while processing your request.",
        status: 400,
      });
    });

    it("answers 404 for an unknown client", async () => {
      const res = await post({ clientId: "missing", subscriptions: ["posts/*"] });
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({
        data: {},
        message: "Missing or invalid client id.",
        status: 404,
      });
    });

    it("answers 400 for a request from another IP than the stream's", async () => {
      const res = await post(
        { clientId, subscriptions: ["posts/*"] },
        { remoteAddress: "10.1.2.3" },
      );
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({ data: {}, message: "Invalid realtime client.", status: 400 });
    });

    it("replaces the subscriptions (204); an empty or missing list unsubscribes all", async () => {
      expect((await post({ clientId, subscriptions: ["posts/*", "", "posts/*"] })).status).toBe(
        204,
      );
      expect([...(rt.app.realtime.client(clientId)?.subscriptions.keys() ?? [])]).toEqual([
        "posts/*",
      ]);
      expect((await post({ clientId, subscriptions: ["entries/*", "@oauth2"] })).status).toBe(204);
      expect([...(rt.app.realtime.client(clientId)?.subscriptions.keys() ?? [])]).toEqual([
        "entries/*",
        "@oauth2",
      ]);
      expect((await post({ clientId, subscriptions: [] })).status).toBe(204);
      expect(rt.app.realtime.client(clientId)?.subscriptions.size).toBe(0);
      expect((await post({ clientId, subscriptions: ["x"] })).status).toBe(204);
      expect((await post({ clientId })).status).toBe(204);
      expect(rt.app.realtime.client(clientId)?.subscriptions.size).toBe(0);
    });

    it("accepts multipart and urlencoded forms", async () => {
      const form = multipartBody([
        { name: "clientId", value: clientId },
        { name: "subscriptions", value: "posts/*" },
        { name: "subscriptions", value: "123" },
      ]);
      const res = await rt.app.http.inject({
        method: "POST",
        url: "/api/realtime",
        headers: form.headers,
        payload: form.body,
      });
      expect(res.statusCode).toBe(204);
      expect([...(rt.app.realtime.client(clientId)?.subscriptions.keys() ?? [])]).toEqual([
        "posts/*",
        "123",
      ]);
      const urlencoded = await post(`clientId=${clientId}&subscriptions=entries%2F*`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(urlencoded.status).toBe(204);
      expect([...(rt.app.realtime.client(clientId)?.subscriptions.keys() ?? [])]).toEqual([
        "entries/*",
      ]);
    });

    it("lets a guest client become a user, and then only that user", async () => {
      const id = (await rt.sse()).clientId;
      const sub = (token?: string) => post({ clientId: id, subscriptions: ["posts/*"] }, { token });
      expect((await sub()).status).toBe(204);
      expect((await sub(alice.token)).status).toBe(204);
      expect(rt.app.realtime.client(id)?.auth?.record.id).toBe(alice.record.id);
      expect((await sub(alice.token)).status).toBe(204);
      const other = await sub(bob.token);
      expect(other.status).toBe(403);
      expect(other.json()).toEqual({
        data: {},
        message: "The current and the previous request authorization don't match.",
        status: 403,
      });
      // An authed client cannot fall back to guest either; a superuser is another auth.
      expect((await sub()).status).toBe(403);
      expect((await sub(root.token)).status).toBe(403);
      // Garbage tokens are guests, as everywhere.
      expect((await sub("garbage")).status).toBe(403);
      expect(rt.app.realtime.client(id)?.auth?.record.id).toBe(alice.record.id);
    });

    it("lets a guest client become a superuser", async () => {
      const id = (await rt.sse()).clientId;
      expect((await post({ clientId: id, subscriptions: [] })).status).toBe(204);
      expect((await post({ clientId: id, subscriptions: [] }, { token: root.token })).status).toBe(
        204,
      );
      expect(rt.app.realtime.client(id)?.auth?.isSuperuser).toBe(true);
      expect((await post({ clientId: id, subscriptions: [] }, { token: alice.token })).status).toBe(
        403,
      );
    });
  });

  it("refuses streams over the per-IP cap (429) and the instance cap (503)", async () => {
    const limits = rt.app.realtime.limits;
    const saved = { ...limits };
    try {
      limits.maxClientsPerIp = rt.app.realtime.size + 1;
      const ok = await rt.sse();
      expect(ok.status).toBe(200);
      const refused = await openSse(`${rt.base}/api/realtime`, { waitForConnect: false });
      expect(refused.status).toBe(429);
      await refused.waitForEnd();
      expect(JSON.parse(refused.text)).toEqual({
        data: {},
        message: "Too Many Requests.",
        status: 429,
      });
      limits.maxClientsPerIp = saved.maxClientsPerIp;
      limits.maxClients = rt.app.realtime.size;
      const full = await openSse(`${rt.base}/api/realtime`, { waitForConnect: false });
      expect(full.status).toBe(503);
      expect(full.headers.get("retry-after")).toBe("5");
      await full.waitForEnd();
      ok.close();
    } finally {
      Object.assign(limits, saved);
    }
  });

  it("writes heartbeats and closes idle streams (short timers)", async () => {
    const limits = rt.app.realtime.limits;
    const saved = { ...limits };
    try {
      limits.heartbeatMs = 30;
      limits.idleTimeoutMs = 400;
      const idle = await rt.sse();
      const busy = await rt.sse();
      expect((await rt.subscribe(busy.clientId, ["posts/*"])).status).toBe(204);
      await idle.waitForEnd(3000);
      expect(idle.comments).toBeGreaterThan(0);
      expect(idle.text).toContain("\n:\n\n");
      expect(busy.ended).toBe(false);
      expect(rt.app.realtime.client(idle.clientId)).toBeUndefined();
      busy.close();
    } finally {
      Object.assign(limits, saved);
    }
  });

  it("closes every stream at its maximum lifetime (short timer)", async () => {
    const limits = rt.app.realtime.limits;
    const saved = { ...limits };
    try {
      limits.maxLifetimeMs = 300;
      const sse = await rt.sse();
      expect((await rt.subscribe(sse.clientId, ["posts/*"])).status).toBe(204);
      await sse.waitForEnd(3000);
      expect(rt.app.realtime.client(sse.clientId)).toBeUndefined();
    } finally {
      Object.assign(limits, saved);
    }
  });

  it("forgets a client whose socket goes away without a goodbye", async () => {
    const port = Number(new URL(rt.base).port);
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.write("GET /api/realtime HTTP/1.1\r\nHost: localhost\r\n\r\n");
    for (let i = 0; i < 200 && !/id:(\w{40})/.test(received); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const id = /id:(\w{40})/.exec(received)?.[1] ?? "";
    expect(rt.app.realtime.client(id)).toBeDefined();
    socket.destroy();
    for (let i = 0; i < 200 && rt.app.realtime.client(id); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(rt.app.realtime.client(id)).toBeUndefined();
  });
});

describe("realtime shutdown and settings", () => {
  it("ends every stream when the server closes", async () => {
    const rt = await startRealtimeApp("sqlite");
    const a = await rt.sse();
    const b = await rt.sse();
    expect((await rt.subscribe(b.clientId, ["posts/*"])).status).toBe(204);
    await rt.close();
    await a.waitForEnd();
    await b.waitForEnd();
    expect(rt.app.realtime.size).toBe(0);
  });

  it("reads the Redis prefix and the connection caps from the environment", () => {
    const defaults = loadConfig({});
    expect(defaults.redisPrefix).toBe("cahier:");
    expect(defaults.realtime).toEqual({ maxClients: 20_000, maxClientsPerIp: 500 });
    const set = loadConfig({
      REDIS_PREFIX: "test-1:",
      REALTIME_MAX_CLIENTS: "10",
      REALTIME_MAX_CLIENTS_PER_IP: "2",
    });
    expect(set.redisPrefix).toBe("test-1:");
    expect(set.realtime).toEqual({ maxClients: 10, maxClientsPerIp: 2 });
    expect(() => loadConfig({ REDIS_PREFIX: "a b" })).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ REALTIME_MAX_CLIENTS_PER_IP: "0" })).toThrow(
      /REALTIME_MAX_CLIENTS_PER_IP: must be at least 1/,
    );
  });
});
