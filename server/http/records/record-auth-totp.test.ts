/**
 * Two-factor sign-in with an authenticator app (ADR 046): enrolment (`totp`, `totp/setup`,
 * `totp/enable`, `totp/disable`, `totp/recovery-codes`) and PocketBase's MFA flow, where the
 * first factor (password, emailed code) answers `401 {mfaId}` and `auth-with-totp` finishes
 * the sign-in with a code or a recovery code. Codes come from otplib with the secret the setup
 * answered, at a clock the test moves (Date is faked), so replays, drift, expiry and the
 * attempts window are checked exactly.
 */
import { sql } from "kysely";
import { generate } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccount } from "#tests/helpers/account-kit.ts";
import { runScenario, type ApiScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const PASSWORD = "password123";
const LOAD_FAILED =
  '{"data":{},"message":"An error occurred while loading the submitted data.","status":400}';
const INVALID_MFA = '{"data":{},"message":"Invalid or expired MFA session.","status":400}';
const INVALID_CODE = '{"data":{},"message":"Invalid or expired code.","status":400}';
const WRONG_CODE_FIELD = '"code":{"code":"validation_invalid_code"';
/** What no answer may ever carry. */
const SECRETS = ['"password"', '"tokenKey"', '"secret"', "hash"];

/** A signed-in account with an authenticator. */
interface Enrolled {
  id: string;
  email: string;
  token: string;
  secret: string;
  recoveryCodes: string[];
}

describe.each(DIALECTS)("two-factor sign-in with TOTP (%s)", (dialect) => {
  let app: TestApp;
  let now = 0;
  let root: { token: string };

  /** Moves the faked clock. */
  const tick = (seconds: number) => {
    now += seconds * 1000;
    vi.setSystemTime(now);
  };
  /** The code of the authenticator at the faked clock, `steps` steps away. */
  const codeOf = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(now / 1000) + steps * 30 });
  const check = (s: ApiScenario) => runScenario(app, s);
  const post = (url: string, body: unknown, token?: string) =>
    app.http.inject({
      method: "POST",
      url,
      payload: body as object,
      headers: token ? { authorization: token } : {},
    });

  let counter = 0;
  /** A new user with TOTP turned on. */
  async function enrolled(): Promise<Enrolled> {
    counter += 1;
    const username = `totp${String(counter)}`;
    const email = `${username}@example.com`;
    const { record, token } = await createAccount(app, { username, email, verified: true });
    const setup = await post(`${USERS}/totp/setup`, {}, token);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const enable = await post(`${USERS}/totp/enable`, { code: await codeOf(secret) }, token);
    expect(enable.statusCode, enable.body).toBe(200);
    tick(30);
    const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
    return { id: String(record.id), email, token, secret, recoveryCodes };
  }

  /** The first factor of `email`: its `mfaId`. */
  async function firstFactor(email: string): Promise<string> {
    const res = await post(`${USERS}/auth-with-password`, { identity: email, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(401);
    return res.json<{ mfaId: string }>().mfaId;
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    root = await app.createSuperuser();
    vi.useFakeTimers({ toFake: ["Date"] });
    // The start of a time step, so `tick(30)` always lands in the next one.
    now = Math.ceil(Date.now() / 30_000) * 30_000 + 1000;
    vi.setSystemTime(now);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
  });
  afterEach(() => {
    tick(30);
  });

  describe("enrolment", () => {
    it("refuses guests, other collections, base collections and impersonation tokens", async () => {
      const { token, record } = await createAccount(app, {
        username: "guarded",
        email: "guarded@example.com",
        verified: true,
      });
      const impersonation = await post(`${USERS}/impersonate/${String(record.id)}`, {}, root.token);
      const viewAs = impersonation.json<{ token: string }>().token;
      const rows: ApiScenario[] = [
        {
          name: "a guest",
          method: "POST",
          url: `${USERS}/totp/setup`,
          expectedStatus: 401,
          expectedContent: [
            '{"data":{},"message":"The request requires valid record authorization token.","status":401}',
          ],
        },
        { name: "a guest's status", method: "GET", url: `${USERS}/totp`, expectedStatus: 401 },
        {
          name: "a superuser on users",
          method: "POST",
          url: `${USERS}/totp/setup`,
          token: root.token,
          expectedStatus: 403,
          expectedContent: ["The request requires auth record from _superusers collection."],
        },
        {
          name: "superusers have no TOTP",
          method: "POST",
          url: "/api/collections/_superusers/totp/setup",
          token: root.token,
          expectedStatus: 403,
          expectedContent: ["The collection is not configured to allow TOTP authentication."],
        },
        {
          name: "a base collection",
          method: "POST",
          url: "/api/collections/entries/totp/setup",
          token,
          expectedStatus: 404,
          expectedContent: ['"message":"Missing or invalid auth collection context."'],
        },
        {
          name: "a missing collection",
          method: "POST",
          url: "/api/collections/nope/totp/enable",
          token,
          body: { code: "123456" },
          expectedStatus: 404,
          expectedContent: ['"message":"Missing or invalid collection context."'],
        },
        {
          name: "a superuser viewing as the user",
          method: "POST",
          url: `${USERS}/totp/setup`,
          token: viewAs,
          expectedStatus: 403,
          expectedContent: ["An impersonation token cannot change two-factor authentication."],
        },
        {
          name: "enable before any setup",
          method: "POST",
          url: `${USERS}/totp/enable`,
          token,
          body: { code: "123456" },
          expectedStatus: 400,
          expectedContent: ["Set up two-factor authentication first."],
        },
        {
          name: "disable while off",
          method: "POST",
          url: `${USERS}/totp/disable`,
          token,
          body: { code: "123456", password: PASSWORD },
          expectedStatus: 400,
          expectedContent: ["Two-factor authentication is not enabled."],
        },
        {
          name: "status while off",
          method: "GET",
          url: `${USERS}/totp`,
          token,
          expectedStatus: 200,
          expectedContent: ['{"enabled":false,"recoveryCodes":0,"since":""}'],
        },
      ];
      for (const row of rows) await check(row);
    });

    it("refuses an account whose address is not proven yet (ADR 056)", async () => {
      const unverified = await app.createUser({ username: "unproven" });
      // A setup made while the address was proven cannot be turned on once it is not.
      const { record, token } = await createAccount(app, {
        username: "unprovenlater",
        email: "unprovenlater@example.com",
        verified: true,
      });
      const setup = await post(`${USERS}/totp/setup`, {}, token);
      expect(setup.statusCode, setup.body).toBe(200);
      const { secret } = setup.json<{ secret: string }>();
      await sql`UPDATE "users" SET "verified" = 0 WHERE "id" = ${String(record.id)}`.execute(
        app.db.kysely,
      );
      const UNVERIFIED =
        '{"data":{},"message":"Verify the account\'s email before turning on two-step verification.","status":403}';
      const rows: ApiScenario[] = [
        {
          name: "setup",
          method: "POST",
          url: `${USERS}/totp/setup`,
          token: unverified.token,
          expectedStatus: 403,
          expectedContent: [UNVERIFIED],
        },
        {
          name: "enable",
          method: "POST",
          url: `${USERS}/totp/enable`,
          token,
          body: { code: await codeOf(secret) },
          expectedStatus: 403,
          expectedContent: [UNVERIFIED],
        },
        {
          name: "the status is still answered",
          method: "GET",
          url: `${USERS}/totp`,
          token: unverified.token,
          expectedStatus: 200,
          expectedContent: ['"enabled":false'],
        },
      ];
      for (const row of rows) await check(row);
    });

    it("answers a secret and an RFC 6238 URI, stores the secret sealed, and turns on with a first code", async () => {
      const { record, token } = await createAccount(app, {
        username: "enrolling",
        email: "enrolling@example.com",
        verified: true,
      });
      const first = await post(`${USERS}/totp/setup`, {}, token);
      const second = await post(`${USERS}/totp/setup`, {}, token);
      expect(second.statusCode).toBe(200);
      const { secret, uri } = second.json<{ secret: string; uri: string }>();
      // A setup never confirmed is replaced by the next one.
      expect(secret).not.toBe(first.json<{ secret: string }>().secret);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const parsed = new URL(uri);
      expect(parsed.protocol).toBe("otpauth:");
      expect(parsed.host).toBe("totp");
      expect(decodeURIComponent(parsed.pathname)).toBe("/Cahier:enrolling@example.com");
      expect(Object.fromEntries(parsed.searchParams)).toEqual({
        secret,
        issuer: "Cahier",
        algorithm: "SHA1",
        digits: "6",
        period: "30",
      });
      const stored = await sql<{
        secret: string;
      }>`SELECT "secret" FROM "_totps" WHERE "recordRef" = ${String(record.id)}`.execute(
        app.db.kysely,
      );
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0]?.secret).not.toContain(secret);

      for (const row of [
        { body: {}, content: '"code":{"code":"validation_required"' },
        { body: { code: 123456 }, content: LOAD_FAILED },
        { body: "{", content: LOAD_FAILED },
        { body: { code: "000000" }, content: WRONG_CODE_FIELD },
        // Two steps away is beyond the drift allowed.
        { body: { code: await codeOf(secret, 2) }, content: WRONG_CODE_FIELD },
      ]) {
        await check({
          name: `enable with ${JSON.stringify(row.body)}`,
          method: "POST",
          url: `${USERS}/totp/enable`,
          token,
          body: row.body,
          expectedStatus: 400,
          expectedContent: [row.content],
        });
      }
      // One step behind is within the drift.
      const enabled = await check({
        name: "enable",
        method: "POST",
        url: `${USERS}/totp/enable`,
        token,
        body: { code: await codeOf(secret, -1) },
        expectedStatus: 200,
        notExpectedContent: SECRETS,
      });
      const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes)
        expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
      const stored2 = await sql<{
        hash: string;
      }>`SELECT "hash" FROM "_recoveryCodes" WHERE "recordRef" = ${String(record.id)}`.execute(
        app.db.kysely,
      );
      expect(stored2.rows).toHaveLength(10);
      for (const row of stored2.rows) {
        for (const code of recoveryCodes) expect(row.hash).not.toContain(code.replace("-", ""));
      }
      const status = await check({
        name: "status",
        method: "GET",
        url: `${USERS}/totp`,
        token,
        expectedStatus: 200,
      });
      expect(status.json()).toMatchObject({ enabled: true, recoveryCodes: 10 });
      for (const url of [`${USERS}/totp/setup`, `${USERS}/totp/enable`]) {
        await check({
          name: `again: ${url}`,
          method: "POST",
          url,
          token,
          body: { code: await codeOf(secret) },
          expectedStatus: 400,
          expectedContent: ["Two-factor authentication is already enabled."],
        });
      }
      // No record answer carries the secret, to the owner or to a superuser.
      for (const who of [token, root.token]) {
        const view = await app.http.inject({
          method: "GET",
          url: `${USERS}/records/${String(record.id)}`,
          headers: { authorization: who },
        });
        expect(view.statusCode).toBe(200);
        expect(view.body).not.toContain(secret);
        expect(view.body).not.toContain("totp");
      }
    });
  });

  describe("sign-in", () => {
    it("answers the first factor with 401 {mfaId} only, and the code with {token, record}", async () => {
      const tina = await enrolled();
      const first = await post(`${USERS}/auth-with-password`, {
        identity: tina.email,
        password: PASSWORD,
      });
      expect(first.statusCode).toBe(401);
      expect(first.body).toMatch(/^\{"mfaId":"[a-z0-9]{15}"\}\n?$/);
      const mfaId = first.json<{ mfaId: string }>().mfaId;
      const rows: ApiScenario[] = [
        {
          name: "an empty body",
          method: "POST",
          url: `${USERS}/auth-with-totp`,
          body: {},
          expectedStatus: 400,
          expectedContent: [
            '"code":{"code":"validation_required"',
            '"mfaId":{"code":"validation_required"',
          ],
        },
        {
          name: "a number code",
          method: "POST",
          url: `${USERS}/auth-with-totp`,
          body: { mfaId, code: 1 },
          expectedStatus: 400,
          expectedContent: [LOAD_FAILED],
        },
        {
          name: "an unknown mfaId",
          method: "POST",
          url: `${USERS}/auth-with-totp`,
          body: { mfaId: "nopenopenopenop", code: "123456" },
          expectedStatus: 400,
          expectedContent: [INVALID_MFA],
        },
        {
          name: "superusers",
          method: "POST",
          url: "/api/collections/_superusers/auth-with-totp",
          body: { mfaId, code: "123456" },
          expectedStatus: 403,
        },
        {
          name: "a base collection",
          method: "POST",
          url: "/api/collections/posts/auth-with-totp",
          body: { mfaId, code: "123456" },
          expectedStatus: 404,
        },
        {
          name: "a wrong code",
          method: "POST",
          url: `${USERS}/auth-with-totp`,
          body: { mfaId, code: "000000" },
          expectedStatus: 400,
          expectedContent: [INVALID_CODE],
        },
        {
          name: "a wrong recovery code",
          method: "POST",
          url: `${USERS}/auth-with-totp`,
          body: { mfaId, code: "aaaaa-aaaaa" },
          expectedStatus: 400,
          expectedContent: [INVALID_CODE],
        },
        {
          name: "a first factor cannot be the second",
          method: "POST",
          url: `${USERS}/auth-with-password`,
          body: { identity: tina.email, password: PASSWORD, mfaId },
          expectedStatus: 400,
          expectedContent: ["A different authentication method is required."],
        },
      ];
      for (const row of rows) await check(row);
      const signedIn = await check({
        name: "the code",
        method: "POST",
        url: `${USERS}/auth-with-totp?expand=nothing`,
        body: { mfaId, code: await codeOf(tina.secret) },
        expectedStatus: 200,
        expectedContent: [`"id":"${tina.id}"`, `"email":"${tina.email}"`],
        notExpectedContent: SECRETS,
      });
      const { token } = signedIn.json() as { token: string };
      await check({
        name: "the new token",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        token,
        expectedStatus: 200,
      });
      // The first factor is spent, and so is the code.
      await check({
        name: "the mfaId again",
        method: "POST",
        url: `${USERS}/auth-with-totp`,
        body: { mfaId, code: await codeOf(tina.secret) },
        expectedStatus: 400,
        expectedContent: [INVALID_MFA],
      });
      await check({
        name: "the code again",
        method: "POST",
        url: `${USERS}/auth-with-totp`,
        body: { mfaId: await firstFactor(tina.email), code: await codeOf(tina.secret) },
        expectedStatus: 400,
        expectedContent: [INVALID_CODE],
      });
      // The next step's code works, once.
      tick(30);
      await check({
        name: "a later code",
        method: "POST",
        url: `${USERS}/auth-with-totp`,
        body: { mfaId: await firstFactor(tina.email), code: await codeOf(tina.secret) },
        expectedStatus: 200,
      });
      // A code older than the last one accepted never works again, even within the drift.
      await check({
        name: "an older code",
        method: "POST",
        url: `${USERS}/auth-with-totp`,
        body: { mfaId: await firstFactor(tina.email), code: await codeOf(tina.secret, -1) },
        expectedStatus: 400,
        expectedContent: [INVALID_CODE],
      });
    });

    it("takes each recovery code once, typed in any case, with or without the dash", async () => {
      const rita = await enrolled();
      const [first, second] = rita.recoveryCodes as [string, string];
      const signIn = async (code: string) =>
        post(`${USERS}/auth-with-totp`, { mfaId: await firstFactor(rita.email), code });
      expect((await signIn(first)).statusCode).toBe(200);
      expect((await signIn(first)).body).toContain("Invalid or expired code.");
      expect((await signIn(` ${second.replace("-", "").toUpperCase()} `)).statusCode).toBe(200);
      const status = await app.http.inject({
        method: "GET",
        url: `${USERS}/totp`,
        headers: { authorization: rita.token },
      });
      expect(status.json()).toMatchObject({ enabled: true, recoveryCodes: 8 });
    });

    it("asks the emailed code's sign-in for the second factor too", async () => {
      const otto = await enrolled();
      const request = await post(`${USERS}/request-otp`, { email: otto.email });
      const { otpId } = request.json<{ otpId: string }>();
      // The code is read from the table's hash: put a known one in its place.
      const known = "12345678";
      const { hashPassword } = await import("#server/tools/security/passwords.ts");
      await sql`UPDATE "_otps" SET "password" = ${await hashPassword(known)} WHERE "id" = ${otpId}`.execute(
        app.db.kysely,
      );
      const first = await post(`${USERS}/auth-with-otp`, { otpId, password: known });
      expect(first.statusCode, first.body).toBe(401);
      const { mfaId } = first.json<{ mfaId: string }>();
      const done = await post(`${USERS}/auth-with-totp`, {
        mfaId,
        code: await codeOf(otto.secret),
      });
      expect(done.statusCode, done.body).toBe(200);
    });

    it("lets a pending sign-in expire after the collection's MFA duration (600 s)", async () => {
      const eve = await enrolled();
      const mfaId = await firstFactor(eve.email);
      tick(601);
      await check({
        name: "expired",
        method: "POST",
        url: `${USERS}/auth-with-totp`,
        body: { mfaId, code: await codeOf(eve.secret) },
        expectedStatus: 400,
        expectedContent: [INVALID_MFA],
      });
    });

    it("never completes one account's sign-in with another account's code", async () => {
      const ann = await enrolled();
      const ben = await enrolled();
      await check({
        name: "ben's code for ann",
        method: "POST",
        url: `${USERS}/auth-with-totp`,
        body: { mfaId: await firstFactor(ann.email), code: await codeOf(ben.secret) },
        expectedStatus: 400,
        expectedContent: [INVALID_CODE],
      });
      await check({
        name: "ben's recovery code for ann",
        method: "POST",
        url: `${USERS}/auth-with-totp`,
        body: { mfaId: await firstFactor(ann.email), code: ben.recoveryCodes[0] },
        expectedStatus: 400,
        expectedContent: [INVALID_CODE],
      });
    });

    it("stops an account after 10 wrong codes in 15 minutes, right code included, then lets it in again", async () => {
      const dan = await enrolled();
      const mfaId = await firstFactor(dan.email);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        statuses.push(
          (await post(`${USERS}/auth-with-totp`, { mfaId, code: "000000" })).statusCode,
        );
      }
      expect(statuses).toEqual(Array.from({ length: 10 }, () => 400));
      const blocked = await post(`${USERS}/auth-with-totp`, {
        mfaId,
        code: await codeOf(dan.secret),
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.body).toContain("Too many attempts, please try again later.");
      // The limit is the account's, whichever sign-in or endpoint asks.
      const disable = await post(
        `${USERS}/totp/disable`,
        { password: PASSWORD, code: await codeOf(dan.secret) },
        dan.token,
      );
      expect(disable.statusCode).toBe(429);
      tick(901);
      const after = await post(`${USERS}/auth-with-totp`, {
        mfaId: await firstFactor(dan.email),
        code: await codeOf(dan.secret),
      });
      expect(after.statusCode, after.body).toBe(200);
    });

    it("completes a sign-in once when two requests race with the same code", async () => {
      const ray = await enrolled();
      const [a, b] = [await firstFactor(ray.email), await firstFactor(ray.email)];
      const code = await codeOf(ray.secret);
      const results = await Promise.all([
        post(`${USERS}/auth-with-totp`, { mfaId: a, code }),
        post(`${USERS}/auth-with-totp`, { mfaId: b, code }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it("leaves accounts without a second factor to one factor, mfaId or not", async () => {
      const { record } = await app.createUser({ username: "single", email: "single@example.com" });
      await check({
        name: "one factor",
        method: "POST",
        url: `${USERS}/auth-with-password`,
        body: { identity: "single", password: PASSWORD, mfaId: "whatever" },
        expectedStatus: 200,
        expectedContent: [`"id":"${String(record.id)}"`],
      });
    });
  });

  describe("turning it off and new recovery codes", () => {
    it("needs the password and a code to turn TOTP off; sign-in is then one factor again", async () => {
      const olga = await enrolled();
      const url = `${USERS}/totp/disable`;
      const rows: ApiScenario[] = [
        {
          name: "a guest",
          method: "POST",
          url,
          body: { password: PASSWORD, code: "123456" },
          expectedStatus: 401,
        },
        {
          name: "an empty body",
          method: "POST",
          url,
          token: olga.token,
          body: {},
          expectedStatus: 400,
          expectedContent: [
            '"code":{"code":"validation_required"',
            '"password":{"code":"validation_required"',
          ],
        },
        {
          name: "a wrong password",
          method: "POST",
          url,
          token: olga.token,
          body: { password: "wrong-password", code: await codeOf(olga.secret) },
          expectedStatus: 400,
          expectedContent: ['"password":{"code":"validation_invalid_password"'],
        },
        {
          name: "a wrong code",
          method: "POST",
          url,
          token: olga.token,
          body: { password: PASSWORD, code: "000000" },
          expectedStatus: 400,
          expectedContent: [WRONG_CODE_FIELD],
        },
      ];
      for (const row of rows) await check(row);
      // The code the wrong password came with was not spent.
      await check({
        name: "off",
        method: "POST",
        url,
        token: olga.token,
        body: { password: PASSWORD, code: await codeOf(olga.secret) },
        expectedStatus: 204,
      });
      await check({
        name: "one factor again",
        method: "POST",
        url: `${USERS}/auth-with-password`,
        body: { identity: olga.email, password: PASSWORD },
        expectedStatus: 200,
      });
      const left = await sql<{
        n: number | string;
      }>`SELECT COUNT(*) AS "n" FROM "_recoveryCodes" WHERE "recordRef" = ${olga.id}`.execute(
        app.db.kysely,
      );
      expect(Number(left.rows[0]?.n)).toBe(0);
    });

    it("turns TOTP off with a recovery code when the phone is gone", async () => {
      const lost = await enrolled();
      await check({
        name: "off",
        method: "POST",
        url: `${USERS}/totp/disable`,
        token: lost.token,
        body: { password: PASSWORD, code: lost.recoveryCodes[3] },
        expectedStatus: 204,
      });
    });

    it("replaces the recovery codes with the password and a code", async () => {
      const nina = await enrolled();
      const url = `${USERS}/totp/recovery-codes`;
      await check({
        name: "wrong password",
        method: "POST",
        url,
        token: nina.token,
        body: { password: "nope-nope", code: await codeOf(nina.secret) },
        expectedStatus: 400,
        expectedContent: ['"password":{"code":"validation_invalid_password"'],
      });
      const res = await check({
        name: "new codes",
        method: "POST",
        url,
        token: nina.token,
        body: { password: PASSWORD, code: await codeOf(nina.secret) },
        expectedStatus: 200,
        notExpectedContent: SECRETS,
      });
      const { recoveryCodes } = res.json() as { recoveryCodes: string[] };
      expect(recoveryCodes).toHaveLength(10);
      const signIn = async (code: string) =>
        (await post(`${USERS}/auth-with-totp`, { mfaId: await firstFactor(nina.email), code }))
          .statusCode;
      expect(await signIn(nina.recoveryCodes[0] as string)).toBe(400);
      expect(await signIn(recoveryCodes[0] as string)).toBe(200);
    });

    it("lets a superuser, and only a superuser, turn it off for an account that lost everything", async () => {
      const lost = await enrolled();
      const admin = await app.createUser({ username: "resetadmin", role: "admin" });
      const url = `${USERS}/totp/reset/${lost.id}`;
      await check({ name: "a guest", method: "POST", url, expectedStatus: 401 });
      for (const token of [lost.token, admin.token]) {
        await check({
          name: "not a superuser",
          method: "POST",
          url,
          token,
          expectedStatus: 403,
          expectedContent: ["The authorized record is not allowed to perform this action."],
        });
      }
      await check({
        name: "an unknown account",
        method: "POST",
        url: `${USERS}/totp/reset/nopenopenopenop`,
        token: root.token,
        expectedStatus: 404,
      });
      await check({ name: "reset", method: "POST", url, token: root.token, expectedStatus: 204 });
      await check({
        name: "one factor again",
        method: "POST",
        url: `${USERS}/auth-with-password`,
        body: { identity: lost.email, password: PASSWORD },
        expectedStatus: 200,
      });
    });

    it("deletes the authenticator and recovery codes with the account", async () => {
      const gone = await enrolled();
      const res = await app.http.inject({
        method: "DELETE",
        url: `${USERS}/records/${gone.id}`,
        headers: { authorization: gone.token },
      });
      expect(res.statusCode).toBe(204);
      for (const table of ["_totps", "_recoveryCodes"]) {
        const rows = await sql<{
          n: number | string;
        }>`SELECT COUNT(*) AS "n" FROM ${sql.table(table)} WHERE "recordRef" = ${gone.id}`.execute(
          app.db.kysely,
        );
        expect(Number(rows.rows[0]?.n), table).toBe(0);
      }
    });
  });
});

describe.each(DIALECTS)("auth-with-totp under the rate limits (%s)", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(dialect, { RATE_LIMITS: "on" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("counts against PocketBase's *:auth rule (2 per 3 s per address)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.http.inject({
        method: "POST",
        url: `${USERS}/auth-with-totp`,
        remoteAddress: "203.0.113.77",
        payload: { mfaId: "nopenopenopenop", code: "123456" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });
});
