import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LogService, DEFAULT_LOG_SETTINGS } from "#server/core/logs/log-service.ts";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { redactUrl } from "./logs.ts";

type Account = { record: Record<string, unknown>; token: string };

interface LogItem {
  id: string;
  created: string;
  level: number;
  message: string;
  data: Record<string, unknown>;
}

describe.each(DIALECTS)("request logs (%s)", (dialect) => {
  let app: TestApp;
  let user: Account;
  let admin: Account;
  let root: Account;

  const list = async (query = "") => {
    const res = await app.http.inject({
      method: "GET",
      url: `/api/logs${query}`,
      headers: { authorization: root.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: LogItem[]; totalItems: number; perPage: number }>();
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    user = await app.createUser({ username: "reader" });
    admin = await app.createUser({ username: "boss", role: "admin" });
    root = await app.createSuperuser();
    // Some traffic: a read, a failed login, a file URL with a token, an unknown route.
    await app.http.inject({ method: "GET", url: "/api/collections/posts/records?perPage=2" });
    await app.http.inject({
      method: "POST",
      url: "/api/collections/users/auth-with-password",
      payload: { identity: "reader", password: "wrong-password-123" },
      headers: { "user-agent": "log-test-agent", referer: "http://example.test/login" },
    });
    await app.http.inject({
      method: "GET",
      url: "/api/files/users/x/y.png?token=s3cr3t&thumb=0x0",
    });
    await app.http.inject({ method: "GET", url: "/api/nope" });
    await app.http.inject({ method: "GET", url: "/api/health" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("is for superusers only", async () => {
    for (const url of ["/api/logs", "/api/logs/stats", "/api/logs/abcdefghijklmno"]) {
      await runScenario(app, {
        name: `guest ${url}`,
        method: "GET",
        url,
        expectedStatus: 401,
        expectedContent: ["The request requires valid record authorization token."],
      });
      for (const [who, account] of [
        ["user", user],
        ["admin", admin],
      ] as const) {
        await runScenario(app, {
          name: `${who} ${url}`,
          method: "GET",
          url,
          token: account.token,
          expectedStatus: 403,
          expectedContent: ["The authorized record is not allowed to perform this action."],
        });
      }
    }
    await runScenario(app, {
      name: "not a records collection",
      method: "GET",
      url: "/api/collections/_logs/records",
      token: root.token,
      expectedStatus: 404,
    });
  });

  it("records each API request without secrets", async () => {
    const { items } = await list("?perPage=200");
    const login = items.find((i) => i.message.includes("auth-with-password"));
    expect(login).toMatchObject({
      level: 4,
      message: "POST /api/collections/users/auth-with-password",
      data: {
        type: "request",
        method: "POST",
        status: 400,
        auth: "",
        userAgent: "log-test-agent",
        referer: "http://example.test/login",
        userIP: "127.0.0.1",
      },
    });
    expect(typeof login?.data.execTime).toBe("number");
    expect(Object.keys(login ?? {}).sort()).toEqual(["created", "data", "id", "level", "message"]);
    const file = items.find((i) => i.message.includes("/api/files/"));
    expect(file?.message).toBe("GET /api/files/users/x/y.png?token=***&thumb=0x0");
    expect(JSON.stringify(items)).not.toMatch(/s3cr3t|wrong-password|Bearer|authorization/i);
    expect(items.find((i) => i.message === "GET /api/nope")?.data.status).toBe(404);
    // Requests made as a superuser show their collection (ids only when logAuthId is on).
    const own = items.find((i) => i.data.auth === "_superusers");
    expect(own).toBeDefined();
    expect(own?.data).not.toHaveProperty("authId");
  });

  it("filters, sorts and pages with the filter language", async () => {
    const failures = await list(`?filter=${encodeURIComponent("data.status >= 400")}&sort=created`);
    expect(failures.items.length).toBeGreaterThanOrEqual(3);
    expect(failures.items.every((i) => Number(i.data.status) >= 400)).toBe(true);
    const warnings = await list(
      `?filter=${encodeURIComponent('level = 4 && message ~ "auth-with"')}`,
    );
    expect(warnings.items.map((i) => i.message)).toEqual([
      "POST /api/collections/users/auth-with-password",
    ]);
    const page = await list("?perPage=2&page=1");
    expect(page.items).toHaveLength(2);
    expect(page.perPage).toBe(2);
    // Newest first by default.
    expect((page.items[0]?.created ?? "") >= (page.items[1]?.created ?? "")).toBe(true);
    for (const filter of ["nope = 1", "data.status >", "(((", "level = 'x' &&"]) {
      await runScenario(app, {
        name: `bad filter ${filter}`,
        method: "GET",
        url: `/api/logs?filter=${encodeURIComponent(filter)}`,
        token: root.token,
        expectedStatus: 400,
        notExpectedContent: ["SELECT", "sqlite", "syntax error"],
      });
    }
  });

  it("sorts and compares JSON numbers by value on every engine", async () => {
    const slowest = await list("?perPage=500&sort=-data.execTime,-created");
    const times = slowest.items.map((i) => Number(i.data.execTime));
    expect(times.length).toBeGreaterThan(3);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const fastest = await list("?perPage=500&sort=data.execTime,-created");
    // The first list request has been logged since: compare each list with itself.
    const fastTimes = fastest.items.map((i) => Number(i.data.execTime));
    expect(fastTimes).toEqual([...fastTimes].sort((a, b) => a - b));
    // As text, "404" < "99" and "1000" < "404": numbers compare by value here.
    const count = async (filter: string) =>
      (await list(`?perPage=1&filter=${encodeURIComponent(filter)}`)).totalItems;
    expect(await count("data.status > 99 && data.status < 1000")).toBeGreaterThan(3);
    expect(await count("data.status <= 99 || data.status >= 1000")).toBe(0);
    // A number literal never equals text, as SQLite types JSON values.
    const asText = await list(`?filter=${encodeURIComponent('data.status = "404"')}`);
    expect(asText.totalItems).toBe(0);
  });

  it("serves the admin page's filters: severity sort, literal URL text, date ranges", async () => {
    await app.http.inject({
      method: "GET",
      url: "/api/collections/posts/records?filter=50%25_off",
    });
    await app.http.inject({
      method: "GET",
      url: "/api/collections/posts/records?filter=50ab25zoff",
    });
    // Most severe first, then newest (a number column: the same order on both engines).
    const severe = await list("?sort=-level,-created");
    const levels = severe.items.map((i) => i.level);
    expect(levels).toEqual([...levels].sort((a, b) => b - a));
    // The page sends `%…%` with `\`, `%` and `_` escaped, then every `\` doubled inside the
    // quoted literal: `%` and `_` match only themselves, so `50ab25zoff` is no match.
    const literal = await list(
      `?filter=${encodeURIComponent(String.raw`data.url ~ "%50\\%25\\_off%"`)}`,
    );
    expect(literal.items.map((i) => i.data.url)).toEqual([
      "/api/collections/posts/records?filter=50%25_off",
    ]);
    // A quote in the text stays inside the literal.
    const quoted = await list(
      `?filter=${encodeURIComponent(String.raw`data.url ~ "%\" || id != \"%"`)}`,
    );
    expect(quoted.totalItems).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await list(
      `?filter=${encodeURIComponent(`created >= "${today} 00:00:00.000Z" && created < "2999-01-01 00:00:00.000Z"`)}`,
    );
    expect(inRange.totalItems).toBeGreaterThan(0);
    const before = await list(
      `?filter=${encodeURIComponent('created < "2000-01-01 00:00:00.000Z"')}`,
    );
    expect(before.totalItems).toBe(0);
    for (const query of ["sort=nope", "sort=-data.status%20DESC", "perPage=abc", "page=-1"]) {
      const res = await app.http.inject({
        method: "GET",
        url: `/api/logs?${query}`,
        headers: { authorization: root.token },
      });
      expect([200, 400], `${query}: ${res.body}`).toContain(res.statusCode);
      expect(res.body, query).not.toMatch(/SELECT|sqlite|syntax error/i);
    }
    await runScenario(app, {
      name: "sort on an unknown field",
      method: "GET",
      url: "/api/logs?sort=nope",
      token: root.token,
      expectedStatus: 400,
    });
  });

  it("views one entry", async () => {
    const { items } = await list("?perPage=1");
    const first = items[0] as LogItem;
    const view = await runScenario(app, {
      name: "view",
      method: "GET",
      url: `/api/logs/${first.id}`,
      token: root.token,
      expectedStatus: 200,
      notExpectedContent: ["collectionName"],
    });
    // Compared parsed: the body escapes `&`, `<` and `>` as Go's encoding/json (PocketBase) does.
    const entry = view.json() as LogItem;
    expect(entry.id).toBe(first.id);
    expect(entry.message).toBe(first.message);
    expect(entry.data).toEqual(first.data);
    // An entry whose message holds `&` reads back the same, escaped as PocketBase escapes it.
    const files = await list(`?perPage=1&filter=${encodeURIComponent('message ~ "thumb="')}`);
    const withAmp = files.items[0] as LogItem;
    expect(withAmp.message).toContain("&");
    const ampView = await runScenario(app, {
      name: "view an entry with &",
      method: "GET",
      url: `/api/logs/${withAmp.id}`,
      token: root.token,
      expectedStatus: 200,
      expectedContent: ["\\u0026thumb=0x0"],
    });
    expect((ampView.json() as LogItem).message).toBe(withAmp.message);
    await runScenario(app, {
      name: "unknown id",
      method: "GET",
      url: "/api/logs/aaaaaaaaaaaaaaa",
      token: root.token,
      expectedStatus: 404,
    });
  });

  it("counts entries per hour", async () => {
    const all = await list("?perPage=1");
    const res = await app.http.inject({
      method: "GET",
      url: "/api/logs/stats",
      headers: { authorization: root.token },
    });
    expect(res.statusCode).toBe(200);
    const stats = res.json<{ date: string; total: number }[]>();
    expect(stats.length).toBeGreaterThan(0);
    for (const row of stats) expect(row.date).toMatch(/^\d{4}-\d\d-\d\d \d\d:00:00\.000Z$/);
    // The list request above was logged after it ran, so stats may see one more.
    const total = stats.reduce((sum, r) => sum + r.total, 0);
    expect(total).toBeGreaterThanOrEqual(all.totalItems);
    const filtered = await app.http.inject({
      method: "GET",
      url: `/api/logs/stats?filter=${encodeURIComponent("data.status = 404")}`,
      headers: { authorization: root.token },
    });
    const notFound = filtered.json<{ total: number }[]>().reduce((s, r) => s + r.total, 0);
    expect(notFound).toBeGreaterThanOrEqual(2);
    expect(notFound).toBeLessThan(total);
    await runScenario(app, {
      name: "bad stats filter",
      method: "GET",
      url: "/api/logs/stats?filter=%28",
      token: root.token,
      expectedStatus: 400,
    });
  });

  it("stores a large batch whole, each entry as it was given", async () => {
    const logs = new LogService(app.db, app.records, () => DEFAULT_LOG_SETTINGS);
    // More than one INSERT statement's worth of rows, with text that needs binding.
    for (let i = 0; i < 730; i++) {
      logs.add({
        level: i % 3 === 0 ? 4 : 0,
        message: `bulk ${String(i)} 'quoted' é`,
        data: { i },
      });
    }
    await logs.flush();
    const bulk = await list(
      `?perPage=1000&sort=created,id&filter=${encodeURIComponent('message ~ "bulk "')}`,
    );
    expect(bulk.totalItems).toBe(730);
    const byNumber = new Map(bulk.items.map((item) => [item.message, item]));
    for (const i of [0, 99, 100, 101, 499, 500, 729]) {
      const item = byNumber.get(`bulk ${String(i)} 'quoted' é`);
      expect(item?.level, String(i)).toBe(i % 3 === 0 ? 4 : 0);
      expect(item?.data, String(i)).toEqual({ i });
    }
    await logs.close();
  });

  it("follows the settings: minimum level, ids, retention, off", async () => {
    let settings = { ...DEFAULT_LOG_SETTINGS, minLevel: 4, logAuthId: true, logIP: false };
    const logs = new LogService(app.db, app.records, () => settings);
    logs.add({ level: 0, message: "below the minimum", data: {} });
    logs.add({ level: 8, message: "kept entry", data: { x: 1 } });
    await logs.flush();
    const kept = await list(
      `?filter=${encodeURIComponent('message ~ "entry" || message ~ "minimum"')}`,
    );
    expect(kept.items.map((i) => i.message)).toEqual(["kept entry"]);

    settings = { ...settings, maxDays: 0 };
    logs.add({ level: 8, message: "logging off", data: {} });
    await logs.flush();
    expect(
      (await list(`?filter=${encodeURIComponent('message = "logging off"')}`)).totalItems,
    ).toBe(0);

    // Retention: everything is older than 5 days, six days from now.
    settings = { ...DEFAULT_LOG_SETTINGS };
    const removed = await logs.prune(new Date(Date.now() + 6 * 86_400_000));
    expect(removed).toBeGreaterThan(0);
    await logs.close();
    const left = await list(`?filter=${encodeURIComponent('message = "kept entry"')}`);
    expect(left.totalItems).toBe(0);
  });
});

describe("redactUrl", () => {
  it("hides secret query values and keeps the rest", () => {
    expect(redactUrl("/api/files/a/b/c.png?thumb=100x100&token=abc")).toBe(
      "/api/files/a/b/c.png?thumb=100x100&token=***",
    );
    expect(redactUrl("/api/oauth2-redirect?code=1&state=2")).toBe(
      "/api/oauth2-redirect?code=***&state=***",
    );
    expect(redactUrl("/api/collections/posts/records?filter=a")).toBe(
      "/api/collections/posts/records?filter=a",
    );
  });
});
