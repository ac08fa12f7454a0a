/**
 * Devices (ADR 053) for every way to sign in, not only the password: an emailed code (OTP),
 * OAuth2 with a real provider process (oauth2-mock-server), the TOTP second step and a
 * passkey each record the device they come from (browser and system, address), put it in the
 * token, and find it again the next time the same browser signs in from the same address
 * (`lastSeen` moves, no second row). The device is the one of the request that completes the
 * sign-in: for two steps, the second.
 */
import { decodeJwt } from "jose";
import { sql } from "kysely";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccount } from "#tests/helpers/account-kit.ts";
import { startMailCatcher, type MailCatcher } from "#tests/helpers/mail-catcher.ts";
import {
  startOidcServer,
  type MockUser,
  type OidcServer,
} from "#tests/helpers/oidc-server-process.ts";
import { SoftwareAuthenticator } from "#tests/helpers/software-authenticator.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const ORIGIN = "https://journal.example.test";
const REDIRECT = `${ORIGIN}/login`;
const PASSWORD = "password123";
const OLD = "2020-01-01 00:00:00.000Z";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

type Json = Record<string, unknown>;

/** Where a sign-in comes from. */
interface From {
  userAgent: string;
  ip: string;
}

let oidc: OidcServer;

beforeAll(async () => {
  oidc = await startOidcServer();
});
afterAll(async () => {
  await oidc.stop();
});

describe.each(DIALECTS)("devices of every sign-in method (%s)", (dialect) => {
  let app: TestApp;
  let catcher: MailCatcher;

  const post = (url: string, body: unknown, options: { token?: string; from?: From } = {}) =>
    app.http.inject({
      method: "POST",
      url,
      payload: body as object,
      headers: {
        ...(options.token ? { authorization: options.token } : {}),
        ...(options.from ? { "user-agent": options.from.userAgent } : {}),
      },
      ...(options.from ? { remoteAddress: options.from.ip } : {}),
    });

  /** The device row a token names. */
  async function deviceOf(token: string): Promise<Json> {
    const id = decodeJwt(token).device;
    expect(typeof id, "the token names a device").toBe("string");
    const rows = await sql<Json>`SELECT "id", "user", "name", "userAgent", "ip", "lastSeen"
      FROM "devices" WHERE "id" = ${String(id)}`.execute(app.db.kysely);
    expect(rows.rows, `device ${String(id)}`).toHaveLength(1);
    return rows.rows[0] ?? {};
  }

  async function devicesCount(user: string): Promise<number> {
    const rows = await sql<{
      n: number | string;
    }>`SELECT COUNT(*) AS "n" FROM "devices" WHERE "user" = ${user}`.execute(app.db.kysely);
    return Number(rows.rows[0]?.n ?? 0);
  }

  /**
   * Signs in twice from `from` with `signIn` (which answers the `{token, record}` body):
   * the first records a device of that browser and address, the second finds it again and
   * moves its `lastSeen`; both tokens name it and refresh.
   */
  async function expectRecordedAndRefreshed(
    signIn: (from: From) => Promise<{ token: string; record: Json }>,
    from: From,
    name: string,
  ): Promise<void> {
    const first = await signIn(from);
    const user = String(first.record.id);
    const before = await devicesCount(user);
    const device = await deviceOf(first.token);
    expect(device).toMatchObject({ user, name, userAgent: from.userAgent, ip: from.ip });
    await sql`UPDATE "devices" SET "lastSeen" = ${OLD} WHERE "id" = ${String(device.id)}`.execute(
      app.db.kysely,
    );
    const second = await signIn(from);
    const again = await deviceOf(second.token);
    expect(again.id, "the same browser at the same address is the same device").toBe(device.id);
    expect(again.lastSeen).not.toBe(OLD);
    expect(await devicesCount(user)).toBe(before);
    for (const token of [first.token, second.token]) {
      const refreshed = await post(`${USERS}/auth-refresh`, {}, { token });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
    }
  }

  /** An answer that must be 200 `{token, record}`. */
  function signedIn(res: { statusCode: number; body: string }): { token: string; record: Json } {
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body) as { token: string; record: Json };
  }

  beforeAll(async () => {
    catcher = await startMailCatcher();
    app = await createTestApp(dialect, {
      SMTP_URL: catcher.url,
      APP_URL: ORIGIN,
      ...oidc.env(),
    });
  });
  afterAll(async () => {
    await app.close();
    await catcher.close();
  });

  it("an emailed code (OTP)", async () => {
    // Verified: the code then proves nothing new, and the sign-up's device stays (ADR 056).
    await createAccount(app, {
      username: "otpdevice",
      email: "otpdevice@example.com",
      verified: true,
    });
    await expectRecordedAndRefreshed(
      async (from) => {
        const requested = await post(`${USERS}/request-otp`, { email: "otpdevice@example.com" });
        expect(requested.statusCode, requested.body).toBe(200);
        const mail = await catcher.waitForMail("otpdevice@example.com", "sign-in code");
        const code = /\b(\d{8})\b/.exec(mail.text)?.[1] ?? "";
        return signedIn(
          await post(
            `${USERS}/auth-with-otp`,
            { otpId: JSON.parse(requested.body).otpId as string, password: code },
            { from },
          ),
        );
      },
      { userAgent: SAFARI, ip: "198.51.100.41" },
      "Mobile Safari on iOS",
    );
    // A new device of an account that had one (its sign-up's) is announced.
    await catcher.waitForMail("otpdevice@example.com", "New sign-in to your account on Cahier");
  });

  it("OAuth2, with an account it creates and then finds", async () => {
    const person: MockUser = {
      sub: "sub-devices-oauth2",
      email: "oauthdevice@people.example.com",
      email_verified: true,
      name: "Olga Auth",
      preferred_username: "oauthdevice",
    };
    await expectRecordedAndRefreshed(
      async (from) => {
        const methods = await app.http.inject({ method: "GET", url: `${USERS}/auth-methods` });
        const info = methods
          .json<{ oauth2: { providers: Json[] } }>()
          .oauth2.providers.find((p) => p.name === "mock");
        if (!info) throw new Error("no mock provider");
        const callback = await oidc.authorize(String(info.authURL), REDIRECT, person);
        return signedIn(
          await post(
            `${USERS}/auth-with-oauth2`,
            {
              provider: "mock",
              code: callback.code,
              codeVerifier: info.codeVerifier,
              redirectURL: REDIRECT,
            },
            { from },
          ),
        );
      },
      { userAgent: FIREFOX, ip: "198.51.100.42" },
      "Firefox on Windows",
    );
  });

  it("the TOTP second step: the device of the request that completes the sign-in", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // The start of a time step, so each 30 s tick lands in the next one.
      let now = Math.ceil(Date.now() / 30_000) * 30_000 + 1000;
      vi.setSystemTime(now);
      const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(now / 1000) });
      const { token } = await createAccount(app, {
        username: "totpdevice",
        email: "totpdevice@example.com",
        verified: true,
      });
      const setup = await post(`${USERS}/totp/setup`, {}, { token });
      const { secret } = setup.json<{ secret: string }>();
      const enable = await post(`${USERS}/totp/enable`, { code: await codeOf(secret) }, { token });
      expect(enable.statusCode, enable.body).toBe(200);
      // The first step from one browser, the second from another: the second is recorded.
      const elsewhere = { userAgent: FIREFOX, ip: "192.0.2.90" };
      await expectRecordedAndRefreshed(
        async (from) => {
          now += 30_000;
          vi.setSystemTime(now);
          const first = await post(
            `${USERS}/auth-with-password`,
            { identity: "totpdevice@example.com", password: PASSWORD },
            { from: elsewhere },
          );
          expect(first.statusCode, first.body).toBe(401);
          const { mfaId } = first.json<{ mfaId: string }>();
          return signedIn(
            await post(`${USERS}/auth-with-totp`, { mfaId, code: await codeOf(secret) }, { from }),
          );
        },
        { userAgent: SAFARI, ip: "198.51.100.43" },
        "Mobile Safari on iOS",
      );
      const rows = await sql<{
        n: number | string;
      }>`SELECT COUNT(*) AS "n" FROM "devices" WHERE "ip" = ${elsewhere.ip}`.execute(app.db.kysely);
      expect(Number(rows.rows[0]?.n), "a first factor alone records nothing").toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a passkey, alone and usernameless", async () => {
    const { token } = await createAccount(app, {
      username: "passkeydevice",
      email: "passkeydevice@example.com",
      verified: true,
    });
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await post(`${USERS}/passkeys/register-options`, {}, { token });
    const { response } = authenticator.create(options.json<never>());
    const registered = await post(
      `${USERS}/passkeys/register`,
      { name: "Phone", response },
      { token },
    );
    expect(registered.statusCode, registered.body).toBe(200);
    await expectRecordedAndRefreshed(
      async (from) => {
        const ceremony = await post(`${USERS}/auth-with-passkey-options`, {});
        expect(ceremony.statusCode, ceremony.body).toBe(200);
        const { challengeId, options: request } = ceremony.json<{
          challengeId: string;
          options: { challenge: string };
        }>();
        return signedIn(
          await post(
            `${USERS}/auth-with-passkey`,
            { challengeId, response: authenticator.get(request) },
            { from },
          ),
        );
      },
      { userAgent: FIREFOX, ip: "198.51.100.44" },
      "Firefox on Windows",
    );
  });
});
