/**
 * `request-otp` / `auth-with-otp`: codes read from mails received by a real SMTP server,
 * every bad input, B11 (6th attempt 429, reuse 400, another user's or collection's code 400,
 * unknown address with the same 200 shape), single use under concurrency, attempts shared by
 * two instances on one database, and the verification side effects.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { guestRequest, operatorRequest } from "#server/core/records/request-info.ts";
import { CoreError } from "#server/core/errors.ts";
import { runScenario, type ApiScenario } from "#tests/helpers/api-scenario.ts";
import { countRows, startAccountKit, type AccountKit } from "#tests/helpers/account-kit.ts";
import { freePort } from "#tests/helpers/server-process.ts";
import { createTestApp, DIALECTS } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const REQUEST = `${USERS}/request-otp`;
const AUTH = `${USERS}/auth-with-otp`;
const LOAD_FAILED =
  '{"data":{},"message":"An error occurred while loading the submitted data.","status":400}';
const INVALID_OTP = '{"data":{},"message":"Invalid or expired OTP.","status":400}';
const TOO_MANY =
  '{"data":{},"message":"Too many attempts, please try again later with a new OTP.","status":429}';

describe.each(DIALECTS)("one-time passwords (%s)", (dialect) => {
  let kit: AccountKit;
  const check = (s: ApiScenario) => runScenario(kit.app, s);

  beforeAll(async () => {
    kit = await startAccountKit(dialect);
  });
  afterAll(async () => {
    await kit.close();
  });

  const newUser = (name: string, verified = false) => kit.newUser(name, { verified });

  /** Requests a code for `email`; returns its otpId and the code read from the mail. */
  async function mailedCode(email: string): Promise<{ otpId: string; code: string }> {
    const res = await kit.post(REQUEST, { email });
    expect(res.status, res.body).toBe(200);
    const otpId = String(res.json().otpId);
    const mail = await kit.catcher.waitForMail(email, "sign-in code");
    const code = /\b(\d{8})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no code in ${mail.text}`);
    return { otpId, code };
  }

  async function isVerified(id: string): Promise<boolean> {
    const row = await kit.row(kit.users, id);
    return row.verified === 1 || row.verified === true;
  }

  describe("request-otp", () => {
    it.each<ApiScenario>([
      {
        name: "a missing collection",
        method: "POST",
        url: "/api/collections/nope/request-otp",
        body: { email: "a@example.com" },
        expectedStatus: 404,
        expectedContent: ['"message":"Missing or invalid collection context."'],
      },
      {
        name: "a base collection",
        method: "POST",
        url: "/api/collections/entries/request-otp",
        body: { email: "a@example.com" },
        expectedStatus: 404,
        expectedContent: ['"message":"Missing or invalid auth collection context."'],
      },
      {
        name: "superusers have no OTP",
        method: "POST",
        url: "/api/collections/_superusers/request-otp",
        body: "{malformed",
        expectedStatus: 403,
        expectedContent: [
          '{"data":{},"message":"The collection is not configured to allow OTP authentication.","status":403}',
        ],
      },
      {
        name: "malformed JSON",
        method: "POST",
        url: REQUEST,
        body: "{",
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "a number email",
        method: "POST",
        url: REQUEST,
        body: { email: 1 },
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "an empty body",
        method: "POST",
        url: REQUEST,
        body: {},
        expectedStatus: 400,
        expectedContent: ['"email":{"code":"validation_required"'],
      },
      {
        name: "not an email",
        method: "POST",
        url: REQUEST,
        body: { email: "a@b" },
        expectedStatus: 400,
        expectedContent: ['"email":{"code":"validation_is_email"'],
      },
    ])("$name", async (scenario) => {
      await check(scenario);
    });

    it("B11: an unknown address gets the same 200 shape, and no code", async () => {
      const user = await newUser("shape");
      const before = await countRows(kit, "_otps");
      const unknown = await kit.post(REQUEST, { email: "nobody@example.com" });
      expect(unknown.status).toBe(200);
      expect(await countRows(kit, "_otps")).toBe(before);
      const known = await kit.post(REQUEST, { email: user.email });
      expect(known.status).toBe(200);
      for (const res of [unknown, known]) {
        expect(Object.keys(res.json())).toEqual(["otpId"]);
        expect(res.json().otpId).toMatch(/^[a-z0-9]{15}$/);
      }
      expect(unknown.json().otpId).not.toBe(known.json().otpId);
      await kit.mailSettled();
      expect(kit.catcher.unread("nobody@example.com")).toEqual([]);
      const mail = await kit.catcher.waitForMail(user.email);
      expect(mail.subject).toBe("Your sign-in code for Cahier");
      expect(mail.text).toMatch(/\b\d{8}\b/);
      expect(mail.text).not.toMatch(/https?:\/\//);
    });

    it("B4: the code mail names no host a request chose", async () => {
      const user = await newUser("forwardedotp");
      const mail = await kit.mailWithForgedHost(REQUEST, user.email, 200);
      expect(mail.subject).toBe("Your sign-in code for Cahier");
    });

    it("stores only a hash of the code, with the address it went to", async () => {
      const user = await newUser("hashed");
      const { otpId, code } = await mailedCode(user.email);
      const rows = await sql<{
        password: string;
        sentTo: string;
        recordRef: string;
        collectionRef: string;
      }>`SELECT * FROM "_otps" WHERE "id" = ${otpId}`.execute(kit.app.db.kysely);
      const row = rows.rows[0];
      expect(row).toMatchObject({
        sentTo: user.email,
        recordRef: user.id,
        collectionRef: kit.users.id,
      });
      expect(row?.password).toMatch(/^\$2a\$10\$/);
      expect(row?.password).not.toContain(code);
    });

    it("F3: past 10 live codes, answers a new id for the last code mailed, and mails nothing", async () => {
      const user = await newUser("eager");
      const ids: string[] = [];
      for (let i = 0; i < 12; i++)
        ids.push(String((await kit.post(REQUEST, { email: user.email })).json().otpId));
      const unknown: string[] = [];
      for (let i = 0; i < 12; i++)
        unknown.push(
          String((await kit.post(REQUEST, { email: "ghost@example.com" })).json().otpId),
        );
      await kit.mailSettled();
      // Every answer is a fresh id, known address or not: nothing tells them apart.
      expect(new Set([...ids, ...unknown]).size).toBe(24);
      const mails = kit.catcher.unread(user.email);
      expect(mails).toHaveLength(10);
      const rows = await sql<{
        id: string;
        password: string;
      }>`SELECT "id", "password" FROM "_otps" WHERE "id" IN (${ids[9]}, ${ids[10]}, ${ids[11]})`.execute(
        kit.app.db.kysely,
      );
      expect(rows.rows).toHaveLength(3);
      const hash = rows.rows.find((row) => row.id === ids[9])?.password ?? "";
      expect(new Set(rows.rows.map((row) => row.password))).toEqual(new Set([hash]));
      // The last code mailed works under the new ids, once for all of them.
      const { verifyPassword } = await import("#server/tools/security/passwords.ts");
      let code = "";
      for (const mail of mails) {
        const candidate = /\b(\d{8})\b/.exec(mail.text)?.[1] ?? "";
        if (await verifyPassword(candidate, hash)) code = candidate;
      }
      expect(code).toMatch(/^\d{8}$/);
      await check({
        name: "the copy",
        method: "POST",
        url: AUTH,
        body: { otpId: ids[11], password: code },
        expectedStatus: 200,
      });
      for (const otpId of [ids[9], ids[10]]) {
        await check({
          name: "another id of the spent code",
          method: "POST",
          url: AUTH,
          body: { otpId, password: code },
          expectedStatus: 400,
          expectedContent: [INVALID_OTP],
        });
      }
    });

    it("writes French to French users", async () => {
      const user = await newUser("zoe");
      await kit.app.records.update(kit.users, operatorRequest(), user.id, { locale: "fr" });
      await kit.post(REQUEST, { email: user.email });
      const mail = await kit.catcher.waitForMail(user.email);
      expect(mail.subject).toBe("Votre code de connexion à Cahier");
    });
  });

  describe("auth-with-otp", () => {
    it.each<ApiScenario>([
      {
        name: "superusers have no OTP",
        method: "POST",
        url: "/api/collections/_superusers/auth-with-otp",
        body: { otpId: "x", password: "1" },
        expectedStatus: 403,
        expectedContent: [
          '"message":"The collection is not configured to allow OTP authentication."',
        ],
      },
      {
        name: "a base collection",
        method: "POST",
        url: "/api/collections/posts/auth-with-otp",
        body: {},
        expectedStatus: 404,
      },
      {
        name: "an empty body",
        method: "POST",
        url: AUTH,
        body: {},
        expectedStatus: 400,
        expectedContent: [
          '"otpId":{"code":"validation_required","message":"Cannot be blank."}',
          '"password":{"code":"validation_required","message":"Cannot be blank."}',
        ],
      },
      {
        name: "a numeric code",
        method: "POST",
        url: AUTH,
        body: { otpId: "abc", password: 12345678 },
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "an overlong code",
        method: "POST",
        url: AUTH,
        body: { otpId: "abc", password: "1".repeat(72) },
        expectedStatus: 400,
        expectedContent: [
          '"password":{"code":"validation_length_out_of_range"',
          '"params":{"max":71,"min":1}',
        ],
      },
      {
        name: "an unknown otpId",
        method: "POST",
        url: AUTH,
        body: { otpId: "aaaaaaaaaaaaaaa", password: "12345678" },
        expectedStatus: 400,
        expectedContent: [INVALID_OTP],
      },
    ])("$name", async (scenario) => {
      await check(scenario);
    });

    it("signs in with the mailed code once; verifies the address and retires the old password", async () => {
      const user = await newUser("otpuser");
      const { otpId, code } = await mailedCode(user.email);
      const res = await check({
        name: "sign in",
        method: "POST",
        url: `${AUTH}?expand=nothing&fields=token,record.id,record.email,record.verified`,
        // B13: unknown flags are ignored.
        body: { otpId, password: code, mfaId: "x", verified: false },
        expectedStatus: 200,
        notExpectedContent: ["tokenKey", '"password"'],
      });
      const body = res.json() as { token: string; record: Record<string, unknown> };
      expect(body.record).toEqual({ id: user.id, email: user.email, verified: true });
      // The new token is a refreshable auth token.
      await check({
        name: "refresh",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        token: body.token,
        expectedStatus: 200,
      });
      expect(await isVerified(user.id)).toBe(true);
      // Whoever registered the address with a password can no longer use it, nor old sessions.
      expect(await kit.canLogIn("users", user.email, "password123")).toBe(false);
      await check({
        name: "old",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        token: user.token,
        expectedStatus: 401,
      });
      // B11: a used code is gone.
      await check({
        name: "reuse",
        method: "POST",
        url: AUTH,
        body: { otpId, password: code },
        expectedStatus: 400,
        expectedContent: [INVALID_OTP],
      });
    });

    it("leaves a verified account's password alone", async () => {
      const user = await newUser("verifiedotp", true);
      const { otpId, code } = await mailedCode(user.email);
      await check({
        name: "sign in",
        method: "POST",
        url: AUTH,
        body: { otpId, password: code },
        expectedStatus: 200,
      });
      expect(await kit.canLogIn("users", user.email, "password123")).toBe(true);
    });

    it("B11: the 6th attempt on a record within 180 s is refused, even with the right code", async () => {
      const user = await newUser("bruteforced");
      const { otpId, code } = await mailedCode(user.email);
      const wrong = code === "00000000" ? "11111111" : "00000000";
      for (let i = 0; i < 5; i++) {
        await check({
          name: `wrong ${i + 1}`,
          method: "POST",
          url: AUTH,
          body: { otpId, password: wrong },
          expectedStatus: 400,
          expectedContent: [INVALID_OTP],
        });
      }
      await check({
        name: "6th",
        method: "POST",
        url: AUTH,
        body: { otpId, password: code },
        expectedStatus: 429,
        expectedContent: [TOO_MANY],
      });
      // A fresh code does not reset the record's attempts either.
      const second = await mailedCode(user.email);
      await check({
        name: "new code",
        method: "POST",
        url: AUTH,
        body: { otpId: second.otpId, password: second.code },
        expectedStatus: 429,
      });
    });

    it("B11: another user's code, an expired code and a code of another collection are refused", async () => {
      const ann = await newUser("ann");
      const ben = await newUser("ben");
      const annCode = await mailedCode(ann.email);
      const benCode = await mailedCode(ben.email);
      await check({
        name: "ann's id with ben's code",
        method: "POST",
        url: AUTH,
        body: {
          otpId: annCode.otpId,
          password: benCode.code === annCode.code ? "x" : benCode.code,
        },
        expectedStatus: 400,
        expectedContent: [INVALID_OTP],
      });
      // Expired: created 181 s ago.
      const old = new Date(Date.now() - 181_000).toISOString().replace("T", " ");
      await sql`UPDATE "_otps" SET "created" = ${old} WHERE "id" = ${benCode.otpId}`.execute(
        kit.app.db.kysely,
      );
      await check({
        name: "expired",
        method: "POST",
        url: AUTH,
        body: { otpId: benCode.otpId, password: benCode.code },
        expectedStatus: 400,
        expectedContent: [INVALID_OTP],
      });
      // A collection with OTP enabled asked for a code issued to users.
      const superusersWithOtp = {
        ...kit.superusers,
        auth: { ...kit.superusers.auth, otp: { duration: 180, length: 8 } },
      };
      const error = await kit.app.accounts.otp
        .authenticate(superusersWithOtp, guestRequest("POST"), () =>
          Promise.resolve({ otpId: annCode.otpId, password: annCode.code }),
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CoreError);
      expect(error).toMatchObject({ status: 400, message: "Invalid or expired OTP." });
      // Ann's code still works for Ann.
      await check({
        name: "ann",
        method: "POST",
        url: AUTH,
        body: { otpId: annCode.otpId, password: annCode.code },
        expectedStatus: 200,
      });
    });

    it("lets only one of two concurrent sign-ins with the same code through", async () => {
      const user = await newUser("racer");
      const { otpId, code } = await mailedCode(user.email);
      const results = await Promise.all([
        kit.post(AUTH, { otpId, password: code }),
        kit.post(AUTH, { otpId, password: code }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    });

    it("counts attempts in the database: two instances share them", async () => {
      const user = await newUser("twoinstances");
      const { otpId, code } = await mailedCode(user.email);
      const wrong = code === "00000000" ? "11111111" : "00000000";
      const config = kit.app.config;
      const other = await createApp(
        loadConfig({
          DATA_DIR: config.dataDir,
          ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
          LOG_LEVEL: "silent",
          // The per-IP limits would stop these requests first; this test is about OTP attempts.
          RATE_LIMITS: "off",
        }),
      );
      try {
        for (let i = 0; i < 5; i++) {
          const target = i % 2 ? kit.app.http : other.http;
          const res = await target.inject({
            method: "POST",
            url: AUTH,
            payload: { otpId, password: wrong },
          });
          expect(res.statusCode).toBe(400);
        }
        const res = await other.http.inject({
          method: "POST",
          url: AUTH,
          payload: { otpId, password: code },
        });
        expect(res.statusCode).toBe(429);
      } finally {
        await other.close();
      }
    });
  });

  it("B26: a failed mail forgets its code and never fails the request", async () => {
    const port = await freePort();
    const app = await createTestApp(dialect, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      await app.createUser({ username: "unlucky", email: "unlucky@example.com" });
      const res = await app.http.inject({
        method: "POST",
        url: REQUEST,
        payload: { email: "unlucky@example.com" },
      });
      expect(res.statusCode).toBe(200);
      await app.mailer.idle();
      const rows = await sql<{ n: number | string }>`SELECT COUNT(*) AS "n" FROM "_otps"`.execute(
        app.db.kysely,
      );
      expect(Number(rows.rows[0]?.n)).toBe(0);
      const reset = await app.http.inject({
        method: "POST",
        url: `${USERS}/request-password-reset`,
        payload: { email: "unlucky@example.com" },
      });
      expect(reset.statusCode).toBe(204);
      await app.mailer.idle();
    } finally {
      await app.close();
    }
  });
});
