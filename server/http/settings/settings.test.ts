import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SettingsService } from "#server/core/settings/settings-service.ts";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { startMailCatcher, type MailCatcher } from "#tests/helpers/mail-catcher.ts";
import { SHARED_REDIS_URL, uniqueRedisPrefix } from "#tests/helpers/redis-server.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Account = { record: Record<string, unknown>; token: string };

describe.each(DIALECTS)("settings (%s)", (dialect) => {
  let app: TestApp;
  let catcher: MailCatcher;
  let user: Account;
  let admin: Account;
  let root: Account;

  const patch = (body: unknown) =>
    app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token },
      payload: body as object,
    });

  beforeAll(async () => {
    catcher = await startMailCatcher({ auth: { user: "mailer", pass: "s3cret-pass" } });
    app = await createTestApp(dialect, {
      SMTP_URL: catcher.url,
      APP_URL: "https://journal.example",
      MAIL_FROM: "Cahier <no-reply@journal.example>",
    });
    user = await app.createUser({ username: "plain" });
    admin = await app.createUser({ username: "chief", role: "admin" });
    root = await app.createSuperuser();
  });
  afterAll(async () => {
    await app.close();
    await catcher.close();
  });

  it("is for superusers only", async () => {
    const routes: ["GET" | "PATCH" | "POST", string][] = [
      ["GET", "/api/settings"],
      ["PATCH", "/api/settings"],
      ["POST", "/api/settings/test/email"],
    ];
    for (const [method, url] of routes) {
      await runScenario(app, { name: `guest ${method} ${url}`, method, url, expectedStatus: 401 });
      for (const account of [user, admin]) {
        await runScenario(app, {
          name: `user ${method} ${url}`,
          method,
          url,
          token: account.token,
          body: method === "GET" ? undefined : { meta: { appName: "Hijacked" } },
          expectedStatus: 403,
        });
      }
    }
    expect(app.settings.appName).toBe("Cahier");
  });

  it("shows the settings with every secret blanked", async () => {
    const res = await app.http.inject({
      method: "GET",
      url: "/api/settings",
      headers: { authorization: root.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("s3cret-pass");
    expect(res.json()).toMatchObject({
      meta: {
        appName: "Cahier",
        appURL: "https://journal.example",
        senderName: "Cahier",
        senderAddress: "no-reply@journal.example",
      },
      smtp: { enabled: true, host: "127.0.0.1", username: "mailer", password: "", tls: false },
      batch: { enabled: true, maxRequests: 50, timeout: 3 },
      logs: { maxDays: 5, minLevel: 0, logIP: true, logAuthId: false },
      rateLimits: { enabled: false },
    });
  });

  it("refuses bad or environment-managed values without changing anything", async () => {
    const cases: [string, unknown, string][] = [
      ["unknown section", { nope: 1 }, "validation_unknown_field"],
      ["unknown key", { batch: { turbo: true } }, "validation_unknown_field"],
      [
        "wrong type",
        { batch: { maxRequests: "many" } },
        '"batch.maxRequests":{"code":"validation_invalid_value"',
      ],
      ["out of range", { logs: { maxDays: -1 } }, '"logs.maxDays"'],
      ["bad email", { meta: { senderAddress: "not an email" } }, '"meta.senderAddress"'],
      ["header injection", { meta: { senderName: "x\r\nBcc: a@b.c" } }, '"meta.senderName"'],
      ["app URL", { meta: { appURL: "https://evil.example" } }, "validation_env_managed"],
      ["smtp", { smtp: { host: "evil.example", password: "x" } }, "validation_env_managed"],
      ["oauth2", { oauth2: { providers: [] } }, "validation_env_managed"],
      [
        "bad rule",
        { rateLimits: { rules: [{ label: "bad label!", duration: 1, maxRequests: 1 }] } },
        '"rateLimits.rules.0.label"',
      ],
      ["array body", [], "An error occurred while loading the submitted data."],
    ];
    for (const [name, body, fragment] of cases) {
      const res = await patch(body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.body, name).toContain(fragment);
    }
    const bad = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token, "content-type": "application/json" },
      payload: "{oops",
    });
    expect(bad.statusCode).toBe(400);
    expect(app.settings.batch.maxRequests).toBe(50);
    expect(app.settings.appName).toBe("Cahier");
  });

  it("applies batch limits at once", async () => {
    const requests = (n: number) =>
      Array.from({ length: n }, () => ({
        method: "DELETE",
        url: "/api/collections/entries/records/aaaaaaaaaaaaaaa",
      }));
    expect((await patch({ batch: { maxRequests: 2 } })).statusCode).toBe(200);
    await runScenario(app, {
      name: "over the new limit",
      method: "POST",
      url: "/api/batch",
      token: user.token,
      body: { requests: requests(3) },
      expectedStatus: 400,
      expectedContent: ['"max":2'],
    });
    expect((await patch({ batch: { enabled: false } })).statusCode).toBe(200);
    await runScenario(app, {
      name: "batch off",
      method: "POST",
      url: "/api/batch",
      token: user.token,
      body: { requests: requests(1) },
      expectedStatus: 403,
      expectedContent: ["Batch requests are not allowed."],
    });
    const res = await patch({ batch: { enabled: true, maxRequests: 50 } });
    expect(res.json()).toMatchObject({ batch: { enabled: true, maxRequests: 50 } });
  });

  it("applies rate limits and log settings, and keeps them for every instance", async () => {
    const res = await patch({
      rateLimits: {
        enabled: true,
        rules: [{ label: "*:auth", audience: "", duration: 60, maxRequests: 1 }],
      },
      logs: { maxDays: 7, logAuthId: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const login = () =>
      app.http.inject({
        method: "POST",
        url: "/api/collections/users/auth-with-password",
        payload: { identity: "plain", password: "password123" },
        remoteAddress: "203.0.113.9",
      });
    expect((await login()).statusCode).toBe(200);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: "Too Many Requests.", status: 429 });
    expect(app.settings.logs).toMatchObject({ maxDays: 7, logAuthId: true, logIP: true });

    // Another instance on the same database sees the same settings.
    const other = new SettingsService(app.db, {
      appUrl: "https://journal.example",
      mailFrom: "x@journal.example",
      smtpUrl: undefined,
      rateLimits: { enabled: false, rules: [], accounts: [] },
      trustedProxies: [],
      oauth2Providers: [],
    });
    await other.reload();
    expect(other.logs.maxDays).toBe(7);
    expect(other.rateLimits.enabled).toBe(true);
    // Sections never changed keep following the environment.
    expect(other.batch.maxRequests).toBe(50);

    expect((await patch({ rateLimits: { enabled: false } })).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });

  it("changes the sender and sends a test email through SMTP", async () => {
    const res = await patch({ meta: { appName: "Mon Cahier", senderName: "Le Cahier" } });
    expect(res.statusCode).toBe(200);
    await runScenario(app, {
      name: "test email",
      method: "POST",
      url: "/api/settings/test/email",
      token: root.token,
      body: { email: "ops@example.com", template: "verification" },
      expectedStatus: 204,
    });
    const mail = await catcher.waitForMail("ops@example.com", "test email");
    expect(mail.subject).toBe("Mon Cahier: test email");
    expect(mail.from).toBe("Le Cahier <no-reply@journal.example>");
    expect(mail.authUser).toBe("mailer");
    for (const [email, code] of [
      ["", "validation_required"],
      ["nope", "validation_is_email"],
    ] as const) {
      await runScenario(app, {
        name: `test email to "${email}"`,
        method: "POST",
        url: "/api/settings/test/email",
        token: root.token,
        body: { email },
        expectedStatus: 400,
        expectedContent: [code],
      });
    }
  });

  it("reports a mail server that refuses the message", async () => {
    const closed = await startMailCatcher({ auth: { user: "someone", pass: "else" } });
    const url = new URL(closed.url);
    const broken = await createTestApp(dialect, {
      SMTP_URL: `smtp://wrong:creds@127.0.0.1:${url.port}`,
    });
    try {
      const token = (await broken.createSuperuser()).token;
      await runScenario(broken, {
        name: "refused test email",
        method: "POST",
        url: "/api/settings/test/email",
        token,
        body: { email: "ops@example.com" },
        expectedStatus: 400,
        expectedContent: ["Failed to send the test email"],
        notExpectedContent: ["creds"],
      });
    } finally {
      await broken.close();
      await closed.close();
    }
  });
});

describe.each(DIALECTS)("settings: rate limits with REDIS_URL (%s)", (dialect) => {
  const prefix = uniqueRedisPrefix();
  let app: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      REDIS_URL: SHARED_REDIS_URL,
      RATE_LIMITS_REDIS_PREFIX: prefix,
    });
    await app.createUser({ username: "counted" });
    redis = new Redis(SHARED_REDIS_URL);
  });
  afterAll(async () => {
    await app.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("counts in Redis once limits are switched on through the settings API", async () => {
    const root = await app.createSuperuser();
    const res = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token },
      payload: {
        rateLimits: {
          enabled: true,
          rules: [{ label: "*:auth", audience: "", duration: 60, maxRequests: 1 }],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const login = () =>
      app.http.inject({
        method: "POST",
        url: "/api/collections/users/auth-with-password",
        payload: { identity: "counted", password: "password123" },
        remoteAddress: "203.0.113.10",
      });
    expect((await login()).statusCode).toBe(200);
    // The counter lives in Redis, where every instance sharing REDIS_URL sees it.
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.some((key) => key.includes("203.0.113.10"))).toBe(true);
    expect((await login()).statusCode).toBe(429);
  });
});
