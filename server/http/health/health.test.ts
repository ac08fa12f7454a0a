/** `GET|HEAD /api/health` for guests, users and superusers, with and without Redis. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario, type ApiScenario } from "#tests/helpers/api-scenario.ts";
import {
  startRedisServer,
  uniqueRedisPrefix,
  type RedisServer,
} from "#tests/helpers/redis-server.ts";
import { freePort } from "#tests/helpers/server-process.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Who = "guest" | "user" | "admin" | "superuser";

interface Case extends Omit<ApiScenario, "token"> {
  as: Who;
}

const HEALTHY = '{"code":200,"data":{},"message":"API is healthy."}\n';

describe.each(DIALECTS)("health (%s)", (dialect) => {
  let app: TestApp;
  const tokens: Partial<Record<Who, string>> = {};

  async function run(c: Case) {
    return runScenario(app, { ...c, token: c.as === "guest" ? undefined : tokens[c.as] });
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    tokens.user = (await app.createUser()).token;
    tokens.admin = (await app.createUser({ role: "admin" })).token;
    tokens.superuser = (await app.createSuperuser()).token;
  });
  afterAll(async () => {
    await app.close();
  });

  it.each<Case & { exact?: string }>([
    {
      name: "guest",
      as: "guest",
      method: "GET",
      url: "/api/health",
      expectedStatus: 200,
      exact: HEALTHY,
    },
    {
      name: "user",
      as: "user",
      method: "GET",
      url: "/api/health",
      expectedStatus: 200,
      exact: HEALTHY,
    },
    {
      name: "admin user",
      as: "admin",
      method: "GET",
      url: "/api/health",
      expectedStatus: 200,
      exact: HEALTHY,
    },
    {
      name: "garbage token",
      as: "guest",
      method: "GET",
      url: "/api/health",
      headers: { authorization: "Bearer nope" },
      expectedStatus: 200,
      exact: HEALTHY,
    },
    {
      name: "trailing slash",
      as: "guest",
      method: "GET",
      url: "/api/health/",
      expectedStatus: 200,
      exact: HEALTHY,
    },
    {
      name: "superuser",
      as: "superuser",
      method: "GET",
      url: "/api/health",
      expectedStatus: 200,
      expectedContent: [
        '"code":200',
        '"canBackup":true',
        '"realIP":"',
        '"possibleProxyHeader":""',
        '"message":"API is healthy."',
      ],
    },
    {
      name: "superuser behind a proxy header",
      as: "superuser",
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-for": "203.0.113.9" },
      expectedStatus: 200,
      expectedContent: ['"possibleProxyHeader":"X-Forwarded-For"'],
    },
    {
      name: "fields picker",
      as: "superuser",
      method: "GET",
      url: "/api/health?fields=message,data.canBackup",
      expectedStatus: 200,
      exact: '{"data":{"canBackup":true},"message":"API is healthy."}\n',
    },
    {
      name: "HEAD as guest",
      as: "guest",
      method: "HEAD",
      url: "/api/health",
      expectedStatus: 200,
      exact: "",
    },
    {
      name: "HEAD as superuser",
      as: "superuser",
      method: "HEAD",
      url: "/api/health",
      expectedStatus: 200,
      exact: "",
    },
  ])("$name", async ({ exact, ...c }) => {
    const res = await run(c);
    if (exact !== undefined) expect(res.body).toBe(exact);
  });

  it("answers HEAD with JSON headers and no body", async () => {
    const res = await app.http.inject({ method: "HEAD", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.body).toBe("");
  });
});

describe("health with Redis", () => {
  let redis: RedisServer;
  let app: TestApp;
  let superuser = "";

  beforeAll(async () => {
    redis = await startRedisServer();
    app = await createTestApp(DIALECTS[0], {
      REDIS_URL: redis.url,
      REDIS_PREFIX: uniqueRedisPrefix(),
    });
    superuser = (await app.createSuperuser()).token;
  });
  afterAll(async () => {
    await app.close();
    await redis.cleanup();
  });

  it("guests see the short healthy answer while Redis answers", async () => {
    await runScenario(app, {
      name: "guest, Redis up",
      method: "GET",
      url: "/api/health",
      expectedStatus: 200,
      expectedContent: [HEALTHY.trim()],
    });
  });

  it("superusers see that Redis is in use and answers", async () => {
    await runScenario(app, {
      name: "superuser, Redis up",
      method: "GET",
      url: "/api/health",
      token: superuser,
      expectedStatus: 200,
      expectedContent: ['"redis":"ok"', '"canBackup":true', '"message":"API is healthy."'],
    });
  });

  it("answers 503 while Redis is down, and healthy again once it is back", async () => {
    await redis.stop();
    await expect
      .poll(async () => (await app.http.inject({ method: "GET", url: "/api/health" })).json(), {
        timeout: 30_000,
      })
      .toEqual({ code: 503, data: { redis: "unavailable" }, message: "API is unhealthy." });
    const head = await app.http.inject({ method: "HEAD", url: "/api/health" });
    expect(head.statusCode).toBe(503);
    await redis.start();
    await expect
      .poll(async () => (await app.http.inject({ method: "GET", url: "/api/health" })).statusCode, {
        timeout: 30_000,
      })
      .toBe(200);
  });
});

describe("health with an unreachable Redis", () => {
  let app: TestApp;

  beforeAll(async () => {
    // A port nothing listens on: reserved, then released before the app starts.
    const port = await freePort();
    app = await createTestApp(DIALECTS[0], {
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_PREFIX: uniqueRedisPrefix(),
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers 503 naming Redis, for guests and in PocketBase's shape", async () => {
    const res = await runScenario(app, {
      name: "guest, Redis unreachable",
      method: "GET",
      url: "/api/health",
      expectedStatus: 503,
    });
    expect(res.json()).toEqual({
      code: 503,
      data: { redis: "unavailable" },
      message: "API is unhealthy.",
    });
  });
});
