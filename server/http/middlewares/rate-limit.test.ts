/**
 * Rate limits through the HTTP stack (checklist B12, ASVS 6.1.1/6.3.1, 4.1.3): PocketBase's
 * per-IP rules and 429, client IPs from trusted proxies only, per-account limits, counters
 * shared through Redis, and server-rendered pages counting against their visitor.
 */
import { randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/helpers/server-process.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { MemoryCounters } from "../../tools/counters/counters.ts";
import { DEFAULT_RATE_LIMIT_SETTINGS, RateLimiter } from "../../core/rate-limit/index.ts";
import type { AuthInfo } from "../../core/records/request-info.ts";
import { registerErrorHandlers } from "../errors.ts";
import { readBody, registerBodyParsers } from "./body.ts";
import { rateLimited, registerRateLimits } from "./rate-limit.ts";

const TOO_MANY = '{"data":{},"message":"Too Many Requests.","status":429}\n';
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const PASSWORD = "password123";

let ipCounter = 0;
/** A fresh client address (TEST-NET-2), so tests never share counters by accident. */
function nextIp(): string {
  ipCounter += 1;
  return `198.51.${String(Math.floor(ipCounter / 250))}.${String((ipCounter % 250) + 1)}`;
}

interface Call {
  method?: "GET" | "POST" | "PATCH" | "DELETE" | "OPTIONS" | "HEAD";
  url: string;
  ip: string;
  body?: Record<string, unknown> | string;
  headers?: Record<string, string>;
}

function call(app: Pick<TestApp, "http">, c: Call): Promise<LightMyRequestResponse> {
  return app.http.inject({
    method: c.method ?? (c.body === undefined ? "GET" : "POST"),
    url: c.url,
    remoteAddress: c.ip,
    headers: c.headers ?? {},
    ...(c.body === undefined ? {} : { payload: c.body }),
  });
}

/** Statuses of the calls, sent one after the other. */
async function statuses(app: Pick<TestApp, "http">, calls: Call[]): Promise<number[]> {
  const out: number[] = [];
  for (const c of calls) out.push((await call(app, c)).statusCode);
  return out;
}

const signIn = (
  ip: string,
  identity: string,
  password = "wrong-password",
  extra: Partial<Call> = {},
): Call => ({
  url: "/api/collections/users/auth-with-password",
  ip,
  body: { identity, password },
  ...extra,
});

describe.each(DIALECTS)("rate limits (%s)", (dialect) => {
  describe("PocketBase's default rules, on by default", () => {
    let app: TestApp;
    let alice: Awaited<ReturnType<TestApp["createUser"]>>;
    let root: Awaited<ReturnType<TestApp["createSuperuser"]>>;

    beforeAll(async () => {
      // `createTestApp` turns limits off for fixtures; "on" is the production default.
      app = await createTestApp(dialect, { RATE_LIMITS: "on" });
      alice = await app.createUser({ username: "alice" });
      root = await app.createSuperuser();
    });
    afterAll(async () => {
      await app.close();
    });

    it("answers the 3rd *:auth call within 3 s with PocketBase's 429 (B12)", async () => {
      const ip = nextIp();
      const first = await call(app, signIn(ip, "alice@example.com", PASSWORD));
      expect(first.statusCode).toBe(200);
      expect((await call(app, signIn(ip, "alice@example.com"))).statusCode).toBe(400);
      const third = await call(app, signIn(ip, "alice@example.com", PASSWORD));
      expect(third.statusCode).toBe(429);
      expect(third.body).toBe(TOO_MANY);
      expect(third.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(third.headers["x-content-type-options"]).toBe("nosniff");
      // Another client is not affected.
      expect((await call(app, signIn(nextIp(), "alice@example.com", PASSWORD))).statusCode).toBe(
        200,
      );
    });

    it("opens a new window after 3 s", async () => {
      const ip = nextIp();
      expect(await statuses(app, [signIn(ip, "x"), signIn(ip, "x"), signIn(ip, "x")])).toEqual([
        400, 400, 429,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 3100));
      expect((await call(app, signIn(ip, "x"))).statusCode).toBe(400);
    });

    it("ignores a spoofed X-Forwarded-For without a trusted proxy (B12)", async () => {
      const ip = nextIp();
      const spoofed = (n: number) =>
        signIn(ip, "x", "wrong", { headers: { "x-forwarded-for": `203.0.113.${String(n)}` } });
      expect(await statuses(app, [spoofed(1), spoofed(2), spoofed(3)])).toEqual([400, 400, 429]);
    });

    it("counts path variants of a route in the same bucket (B14)", async () => {
      const ip = nextIp();
      const variant = (url: string): Call => ({ url, ip, body: { identity: "x", password: "y" } });
      expect(
        await statuses(app, [
          variant("/api/collections/users/auth-with-password/"),
          variant("/api/collections/USERS/auth-with-password"),
          variant("/api/collections/users/%61uth-with-password"),
          variant("/api/collections/_pb_users_auth_/auth-with-password?x=1"),
        ]),
      ).toEqual([400, 400, 429, 429]);
    });

    it("counts *:auth per auth collection", async () => {
      const ip = nextIp();
      const su = (n: number): Call => ({
        url: "/api/collections/_superusers/auth-with-password",
        ip,
        body: { identity: `nobody${String(n)}@example.com`, password: "wrong" },
      });
      expect(await statuses(app, [signIn(ip, "x"), signIn(ip, "x"), su(1), su(2), su(3)])).toEqual([
        400, 400, 400, 400, 429,
      ]);
    });

    it("never limits superusers, nor preflights", async () => {
      const ip = nextIp();
      const asRoot = (): Call => ({
        url: "/api/collections/_superusers/auth-refresh",
        ip,
        body: {},
        headers: { authorization: root.token },
      });
      const refreshes = await statuses(app, [asRoot(), asRoot(), asRoot(), asRoot()]);
      expect(refreshes).toEqual([200, 200, 200, 200]);
      const preflight: Call = {
        method: "OPTIONS",
        url: "/api/collections/users/auth-with-password",
        ip,
        headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST" },
      };
      expect(await statuses(app, [preflight, preflight, preflight])).toEqual([204, 204, 204]);
    });

    it("allows 20 creates per 5 s, then 429 (*:create)", async () => {
      const ip = nextIp();
      const create = (n: number): Call => ({
        url: "/api/collections/entries/records",
        ip,
        headers: { authorization: alice.token },
        body: { author: String(alice.record.id), title: `Entry ${String(n)}` },
      });
      const results = await statuses(
        app,
        Array.from({ length: 21 }, (_, n) => create(n)),
      );
      expect(results.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(results[20]).toBe(429);
      // Other routes of the same client still answer.
      const list = await call(app, { url: "/api/collections/entries/records", ip });
      expect(list.statusCode).toBe(200);
    });
  });

  describe("configured rules (RATE_LIMITS as JSON)", () => {
    let app: TestApp;
    let alice: Awaited<ReturnType<TestApp["createUser"]>>;

    beforeAll(async () => {
      app = await createTestApp(dialect, {
        RATE_LIMITS: JSON.stringify([
          { label: "/api/", duration: 60, maxRequests: 3 },
          { label: "users:authWithPassword", duration: 60, maxRequests: 4 },
          { label: "*:list", audience: "@guest", duration: 60, maxRequests: 2 },
          { label: "POST /api/collections/", duration: 60, maxRequests: 1 },
        ]),
      });
      alice = await app.createUser({ username: "alice" });
    });
    afterAll(async () => {
      await app.close();
    });

    it("applies a collection rule before the *:auth tag", async () => {
      const ip = nextIp();
      const calls = Array.from({ length: 5 }, () => signIn(ip, "x"));
      expect(await statuses(app, calls)).toEqual([400, 400, 400, 400, 429]);
    });

    it("applies @guest rules to guests only", async () => {
      const guest = nextIp();
      const list: Call = { url: "/api/collections/posts/records", ip: guest };
      expect(await statuses(app, [list, list, list])).toEqual([200, 200, 429]);
      const user = nextIp();
      const authed: Call = { ...list, ip: user, headers: { authorization: alice.token } };
      // Signed in: the /api/ prefix rule (3 per minute) applies instead.
      expect(await statuses(app, [authed, authed, authed, authed])).toEqual([200, 200, 200, 429]);
    });

    it("applies path prefixes, method prefixes included, to other API routes", async () => {
      const ip = nextIp();
      const health: Call = { url: "/api/health", ip };
      const unknown: Call = { url: "/api/no/such/route", ip };
      expect(await statuses(app, [health, unknown, health, unknown])).toEqual([200, 404, 200, 429]);
      const other = nextIp();
      const post: Call = {
        url: "/api/collections/posts/records/x/y",
        ip: other,
        body: {},
      };
      expect(await statuses(app, [post, post])).toEqual([404, 429]);
    });

    it("never limits pages, which no rule labels", async () => {
      const ip = nextIp();
      const page: Call = { url: "/privacyPolicy", ip };
      expect(await statuses(app, [page, page, page, page, page])).toEqual([
        200, 200, 200, 200, 200,
      ]);
    });
  });

  describe("client IP behind TRUSTED_PROXIES (B12, ASVS 4.1.3)", () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await createTestApp(dialect, {
        RATE_LIMITS: "on",
        TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1",
      });
    });
    afterAll(async () => {
      await app.close();
    });

    const viaProxy = (forwardedFor: string, proxy = "10.1.2.3"): Call =>
      signIn(proxy, "x", "wrong", { headers: { "x-forwarded-for": forwardedFor } });

    it("keys each client behind a trusted proxy by its own address", async () => {
      expect(
        await statuses(app, [
          viaProxy("203.0.113.1"),
          viaProxy("203.0.113.1", "10.200.0.9"),
          viaProxy("203.0.113.1"),
          viaProxy("203.0.113.2"),
          viaProxy("203.0.113.3"),
        ]),
      ).toEqual([400, 400, 429, 400, 400]);
    });

    it("takes the rightmost untrusted address: a forged leftmost entry changes nothing", async () => {
      expect(
        await statuses(app, [
          viaProxy("1.1.1.1, 203.0.113.20"),
          viaProxy("2.2.2.2, 203.0.113.20"),
          viaProxy("3.3.3.3, 203.0.113.20, 10.9.9.9"),
        ]),
      ).toEqual([400, 400, 429]);
    });

    it("ignores forwarding headers from an untrusted peer", async () => {
      const peer = nextIp();
      expect(
        await statuses(app, [
          viaProxy("203.0.113.30", peer),
          viaProxy("203.0.113.31", peer),
          viaProxy("203.0.113.32", peer),
        ]),
      ).toEqual([400, 400, 429]);
    });
  });

  describe("per-account limits (ASVS 6.1.1/6.3.1)", () => {
    let app: TestApp;
    let root: Awaited<ReturnType<TestApp["createSuperuser"]>>;

    beforeAll(async () => {
      // No per-IP rules here: every attempt comes from a new address, as in credential stuffing.
      app = await createTestApp(dialect, { RATE_LIMITS: JSON.stringify({ rules: [] }) });
      await app.createUser({ username: "bob", email: "bob@example.com" });
      await app.createUser({ username: "carol", email: "carol@example.com" });
      await app.createUser({ username: "dave", email: "dave@example.com" });
      await app.createUser({ username: "erin", email: "erin@example.com" });
      root = await app.createSuperuser();
    });
    afterAll(async () => {
      await app.close();
    });

    it("stops an account after 10 consecutive failures from any address, even with the right password", async () => {
      const failures = await statuses(
        app,
        Array.from({ length: 10 }, () => signIn(nextIp(), "bob@example.com")),
      );
      expect(failures).toEqual(Array.from({ length: 10 }, () => 400));
      const blocked = await call(app, signIn(nextIp(), "BOB@example.com", PASSWORD));
      expect(blocked.statusCode).toBe(429);
      expect(blocked.body).toBe(TOO_MANY);
      // F4: the username names the same account, and so the same count.
      expect((await call(app, signIn(nextIp(), "Bob", PASSWORD))).statusCode).toBe(429);
      // Other accounts are untouched.
      expect((await call(app, signIn(nextIp(), "carol@example.com", PASSWORD))).statusCode).toBe(
        200,
      );
    });

    it("counts failures under the email and the username of one account together (F4)", async () => {
      const { record } = await app.createUser({ username: "fay", email: "fay@example.com" });
      expect(record.username).toBe("fay");
      const mixed = await statuses(app, [
        ...Array.from({ length: 5 }, () => signIn(nextIp(), "fay@example.com")),
        ...Array.from({ length: 5 }, () => signIn(nextIp(), "FAY")),
        signIn(nextIp(), "fay", PASSWORD),
        signIn(nextIp(), "fay@example.com", PASSWORD),
      ]);
      expect(mixed).toEqual([...Array.from({ length: 10 }, () => 400), 429, 429]);
    });

    it("treats unknown identities the same way (no account enumeration)", async () => {
      const results = await statuses(
        app,
        Array.from({ length: 11 }, () => signIn(nextIp(), "ghost@example.com")),
      );
      expect(results).toEqual([...Array.from({ length: 10 }, () => 400), 429]);
    });

    it("forgets failures after a successful sign-in", async () => {
      const fail = () => signIn(nextIp(), "dave@example.com");
      const ok = () => signIn(nextIp(), "dave@example.com", PASSWORD);
      const first = await statuses(app, [...Array.from({ length: 9 }, fail), ok()]);
      expect(first).toEqual([...Array.from({ length: 9 }, () => 400), 200]);
      const second = await statuses(app, Array.from({ length: 10 }, fail));
      expect(second).toEqual(Array.from({ length: 10 }, () => 400));
      expect((await call(app, ok())).statusCode).toBe(429);
    });

    it("reads the identity from urlencoded and multipart bodies too", async () => {
      const boundary = `----cahier${randomBytes(6).toString("hex")}`;
      const multipart: Call = {
        url: "/api/collections/users/auth-with-password",
        ip: nextIp(),
        body: [
          `--${boundary}\r\nContent-Disposition: form-data; name="identity"\r\n\r\nerin@example.com\r\n`,
          `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nwrong\r\n`,
          `--${boundary}--\r\n`,
        ].join(""),
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      };
      const urlencoded: Call = {
        url: "/api/collections/users/auth-with-password",
        ip: nextIp(),
        body: "identity=erin%40example.com&password=wrong",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      };
      const results = await statuses(app, [
        ...Array.from({ length: 5 }, () => ({ ...multipart, ip: nextIp() })),
        ...Array.from({ length: 5 }, () => ({ ...urlencoded, ip: nextIp() })),
        { ...multipart, ip: nextIp() },
        { ...urlencoded, ip: nextIp() },
      ]);
      expect(results).toEqual([...Array.from({ length: 10 }, () => 400), 429, 429]);
    });

    it("never limits superusers", async () => {
      const asRoot = () =>
        signIn(nextIp(), "carol@example.com", "wrong", {
          headers: { authorization: root.token },
        });
      const results = await statuses(app, Array.from({ length: 12 }, asRoot));
      expect(results).toEqual(Array.from({ length: 12 }, () => 400));
    });
  });

  describe("counters in Redis", () => {
    const prefix = `cahier-test:${randomBytes(6).toString("hex")}:`;
    const apps: TestApp[] = [];
    afterEach(async () => {
      await Promise.all(apps.splice(0).map((a) => a.close()));
    });

    it("are shared by two instances with the same prefix", async () => {
      const env = { RATE_LIMITS: "on", REDIS_URL, RATE_LIMITS_REDIS_PREFIX: prefix };
      const a = await createTestApp(dialect, env);
      apps.push(a);
      const b = await createTestApp(dialect, env);
      apps.push(b);
      const ip = nextIp();
      expect((await call(a, signIn(ip, "x"))).statusCode).toBe(400);
      expect((await call(b, signIn(ip, "x"))).statusCode).toBe(400);
      expect((await call(a, signIn(ip, "x"))).statusCode).toBe(429);
      expect((await call(b, signIn(ip, "x"))).statusCode).toBe(429);
      // Another prefix is another set of counters.
      const c = await createTestApp(dialect, {
        ...env,
        RATE_LIMITS_REDIS_PREFIX: `${prefix}other:`,
      });
      apps.push(c);
      expect((await call(c, signIn(ip, "x"))).statusCode).toBe(400);
    });

    it("fail open when Redis is unreachable: no 429, no 500", async () => {
      const port = await freePort();
      const app = await createTestApp(dialect, {
        RATE_LIMITS: "on",
        REDIS_URL: `redis://127.0.0.1:${String(port)}`,
        RATE_LIMITS_REDIS_PREFIX: prefix,
      });
      apps.push(app);
      const ip = nextIp();
      const results = await statuses(
        app,
        Array.from({ length: 5 }, () => signIn(ip, "x")),
      );
      expect(results).toEqual([400, 400, 400, 400, 400]);
      // Other routes still answer; the health check reports the outage (503, ADR 024).
      expect((await call(app, { url: "/api/collections/posts/records", ip })).statusCode).toBe(200);
      expect((await call(app, { url: "/api/health", ip })).statusCode).toBe(503);
    });
  });

  describe("server-rendered pages", () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await createTestApp(dialect, {
        RATE_LIMITS: JSON.stringify([{ label: "/api/", duration: 60, maxRequests: 3 }]),
        // Every request renders (no anonymous page cache): each one calls the API in process.
        PAGE_CACHE_TTL_MS: "0",
      });
    });
    afterAll(async () => {
      await app.close();
    });

    it("count their in-process API calls against the visitor, never against the server", async () => {
      // Ten visitors, each rendering the blog (one posts list per render): 10 API calls in
      // all, far above 3 per minute, yet nobody is limited and 127.0.0.1 is not charged.
      for (let i = 0; i < 10; i++) {
        const res = await call(app, { url: "/blog", ip: nextIp() });
        expect(res.statusCode).toBe(200);
      }
      const list = (ip: string): Call => ({ url: "/api/collections/posts/records", ip });
      expect((await call(app, list("127.0.0.1"))).statusCode).toBe(200);
      // One visitor's renders do use up that visitor's API budget.
      const visitor = nextIp();
      for (let i = 0; i < 3; i++) {
        expect((await call(app, { url: "/blog", ip: visitor })).statusCode).toBe(200);
      }
      expect((await call(app, list(visitor))).statusCode).toBe(429);
    });
  });
});

/**
 * The mail-sending endpoints (request-password-reset, request-verification, request-otp,
 * request-email-change) arrive with the accounts work; their per-address limits are checked
 * here on stand-in routes at PocketBase's paths, through the same hooks and body parsers.
 */
describe("per-address limits of mail-sending routes", () => {
  let http: FastifyInstance;
  const SUPERUSER_TOKEN = "superuser-token";

  beforeAll(async () => {
    http = Fastify();
    http.decorateRequest("auth", null);
    registerErrorHandlers(http);
    await registerBodyParsers(http);
    http.addHook("onRequest", (request, _reply, done) => {
      if (request.headers.authorization === SUPERUSER_TOKEN) {
        request.auth = { isSuperuser: true } as AuthInfo;
      }
      done();
    });
    registerRateLimits(
      http,
      new RateLimiter({ ...DEFAULT_RATE_LIMIT_SETTINGS, rules: [] }, new MemoryCounters()),
    );
    for (const [route, action] of [
      ["request-password-reset", "requestPasswordReset"],
      ["request-verification", "requestVerification"],
      ["request-otp", "requestOTP"],
      ["request-email-change", "requestEmailChange"],
    ] as const) {
      // Declared as the real routes declare them (`registerAuthAction`).
      const options = rateLimited(action);
      http.post(`/api/collections/:collection/${route}`, options, async (request, reply) => {
        await readBody(request, "An error occurred while validating the submitted data.");
        return reply.status(204).send();
      });
    }
    await http.ready();
  });
  afterAll(async () => {
    await http.close();
  });

  const send = (route: string, body: Record<string, unknown> | string, headers = {}): Call => ({
    url: `/api/collections/users/${route}`,
    ip: nextIp(),
    body,
    headers,
  });

  it.each([
    ["request-password-reset", "email", 5],
    ["request-verification", "email", 5],
    ["request-otp", "email", 5],
    ["request-email-change", "newEmail", 5],
  ])("%s (by %s): %i mails per address, then 429, from any IP", async (route, field, max) => {
    const address = `${route}@example.com`;
    const results = await statuses({ http }, [
      ...Array.from({ length: max }, () => send(route, { [field]: address })),
      send(route, { [field]: address.toUpperCase() }),
      send(route, { [field]: `other-${address}` }),
    ]);
    expect(results).toEqual([...Array.from({ length: max }, () => 204), 429, 204]);
  });

  it("reads the address from multipart bodies when the handler reads them", async () => {
    const boundary = `----cahier${randomBytes(6).toString("hex")}`;
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nmulti@example.com\r\n--${boundary}--\r\n`;
    const headers = { "content-type": `multipart/form-data; boundary=${boundary}` };
    const results = await statuses(
      { http },
      Array.from({ length: 6 }, () => send("request-otp", body, headers)),
    );
    expect(results).toEqual([204, 204, 204, 204, 204, 429]);
  });

  it("leaves bodies without an address to the endpoint's validation", async () => {
    const results = await statuses(
      { http },
      Array.from({ length: 7 }, () => send("request-otp", { email: 42 })),
    );
    expect(results).toEqual(Array.from({ length: 7 }, () => 204));
  });

  it("never limits superusers", async () => {
    const results = await statuses(
      { http },
      Array.from({ length: 7 }, () =>
        send(
          "request-verification",
          { email: "root-sent@example.com" },
          { authorization: SUPERUSER_TOKEN },
        ),
      ),
    );
    expect(results).toEqual(Array.from({ length: 7 }, () => 204));
  });
});

describe("a proxy TRUSTED_PROXIES does not list", () => {
  it("is reported once, when a local peer forwards requests", async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => lines.push(line) };
    const build = async (proxiesTrusted: boolean) => {
      const http = Fastify({ logger: { level: "warn", stream } });
      http.decorateRequest("auth", null);
      registerRateLimits(http, new RateLimiter(DEFAULT_RATE_LIMIT_SETTINGS, new MemoryCounters()), {
        proxiesTrusted,
      });
      http.get("/api/health", () => ({ ok: true }));
      await http.ready();
      return http;
    };
    const untrusted = await build(false);
    const forwarded = (remoteAddress: string) =>
      untrusted.inject({
        url: "/api/health",
        remoteAddress,
        headers: { "x-forwarded-for": "203.0.113.7" },
      });
    await forwarded("198.51.100.1");
    expect(lines).toEqual([]);
    await forwarded("127.0.0.1");
    await forwarded("10.0.0.2");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("TRUSTED_PROXIES does not list");
    await untrusted.close();
    const trusted = await build(true);
    await trusted.inject({
      url: "/api/health",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(lines).toHaveLength(1);
    await trusted.close();
  });
});
