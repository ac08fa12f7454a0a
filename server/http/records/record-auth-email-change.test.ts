/**
 * `request-email-change` / `confirm-email-change`: who may ask (guest, owner, another
 * collection, superuser), every bad input, and the whole flow through a real SMTP server (the
 * mail goes to the new address; the test follows its link).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorRequest } from "#server/core/records/request-info.ts";
import { runScenario, type ApiScenario } from "#tests/helpers/api-scenario.ts";
import { KIT_APP_URL, startAccountKit, type AccountKit } from "#tests/helpers/account-kit.ts";
import { tokenFromLink } from "#tests/helpers/mail-catcher.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const REQUEST = `${USERS}/request-email-change`;
const CONFIRM = `${USERS}/confirm-email-change`;
const LOAD_FAILED =
  '{"data":{},"message":"An error occurred while loading the submitted data.","status":400}';
const INVALID = '"message":"An error occurred while validating the submitted data."';
const NO_AUTH =
  '{"data":{},"message":"The request requires valid record authorization token.","status":401}';

describe.each(DIALECTS)("email change (%s)", (dialect) => {
  let kit: AccountKit;
  let alice: { id: string; token: string };
  let root: { id: string; token: string; email: string };
  const check = (s: ApiScenario) => runScenario(kit.app, s);

  beforeAll(async () => {
    kit = await startAccountKit(dialect);
    const a = await kit.app.createUser({ username: "alice", email: "alice@example.com" });
    await kit.app.createUser({ username: "bob", email: "bob@example.com" });
    const r = await kit.app.createSuperuser();
    alice = { id: String(a.record.id), token: a.token };
    root = { id: String(r.record.id), token: r.token, email: String(r.record.email) };
  });
  afterAll(async () => {
    await kit.close();
  });

  describe("request-email-change", () => {
    it("answers guests, other collections and bad input like PocketBase", async () => {
      const scenarios: ApiScenario[] = [
        {
          name: "a guest",
          method: "POST",
          url: REQUEST,
          body: { newEmail: "new@example.com" },
          expectedStatus: 401,
          expectedContent: [NO_AUTH],
        },
        {
          name: "a guest on a base collection",
          method: "POST",
          url: "/api/collections/entries/request-email-change",
          body: { newEmail: "new@example.com" },
          expectedStatus: 401,
          expectedContent: [NO_AUTH],
        },
        {
          name: "a missing collection",
          method: "POST",
          url: "/api/collections/nope/request-email-change",
          token: alice.token,
          body: { newEmail: "new@example.com" },
          expectedStatus: 404,
          expectedContent: ['"message":"Missing or invalid collection context."'],
        },
        {
          name: "a user on a base collection",
          method: "POST",
          url: "/api/collections/entries/request-email-change",
          token: alice.token,
          body: { newEmail: "new@example.com" },
          expectedStatus: 403,
          expectedContent: [
            '{"data":{},"message":"The request requires auth record from users collection.","status":403}',
          ],
        },
        {
          name: "a superuser on users",
          method: "POST",
          url: REQUEST,
          token: root.token,
          body: { newEmail: "new@example.com" },
          expectedStatus: 403,
          expectedContent: [
            '"message":"The request requires auth record from _superusers collection."',
          ],
        },
        {
          name: "a superuser on superusers",
          method: "POST",
          url: "/api/collections/_superusers/request-email-change",
          token: root.token,
          body: { newEmail: "new@example.com" },
          expectedStatus: 400,
          expectedContent: [
            '{"data":{},"message":"All superusers can change their emails directly.","status":400}',
          ],
        },
        {
          name: "a user on superusers",
          method: "POST",
          url: "/api/collections/_superusers/request-email-change",
          token: alice.token,
          body: { newEmail: "new@example.com" },
          expectedStatus: 403,
        },
        {
          name: "malformed JSON",
          method: "POST",
          url: REQUEST,
          token: alice.token,
          body: "{nope",
          expectedStatus: 400,
          expectedContent: [LOAD_FAILED],
        },
        {
          name: "a number",
          method: "POST",
          url: REQUEST,
          token: alice.token,
          body: { newEmail: 5 },
          expectedStatus: 400,
          expectedContent: [LOAD_FAILED],
        },
        {
          name: "an empty body",
          method: "POST",
          url: REQUEST,
          token: alice.token,
          body: {},
          expectedStatus: 400,
          expectedContent: [INVALID, '"newEmail":{"code":"validation_required"'],
        },
        {
          name: "not an email",
          method: "POST",
          url: REQUEST,
          token: alice.token,
          body: { newEmail: "new" },
          expectedStatus: 400,
          expectedContent: ['"newEmail":{"code":"validation_is_email"'],
        },
        {
          name: "the current address",
          method: "POST",
          url: REQUEST,
          token: alice.token,
          body: { newEmail: "alice@example.com" },
          expectedStatus: 400,
          expectedContent: [
            '"newEmail":{"code":"validation_not_in_invalid","message":"Must not be in list."}',
          ],
        },
        {
          // ADR 061: answered as a free address is; bob is told, nobody gets a link
          // (record-auth-sign-up.test.ts).
          name: "another user's address, in any case",
          method: "POST",
          url: REQUEST,
          token: alice.token,
          body: { newEmail: "BOB@example.com" },
          expectedStatus: 204,
        },
      ];
      for (const scenario of scenarios) await check(scenario);
      await kit.mailSettled();
      expect(kit.catcher.unread("new@example.com")).toEqual([]);
    });

    it("B10: a mailed token of another type is no auth token", async () => {
      const row = await kit.row(kit.users, alice.id);
      for (const type of ["verification", "passwordReset", "emailChange"] as const) {
        const token = await kit.tokens.sign(kit.users, row, type, {
          email: "alice@example.com",
          newEmail: "x@example.com",
        });
        await check({
          name: type,
          method: "POST",
          url: REQUEST,
          token,
          body: { newEmail: "new@example.com" },
          expectedStatus: 401,
        });
      }
    });
  });

  describe("the whole flow", () => {
    it("mails the new address, confirms with the password, and signs every session out", async () => {
      const carol = await kit.app.createUser({ username: "carol", email: "carol@example.com" });
      await kit.app.records.update(kit.users, operatorRequest(), String(carol.record.id), {
        locale: "fr",
      });
      await check({
        name: "request",
        method: "POST",
        url: REQUEST,
        token: carol.token,
        headers: { "x-forwarded-host": "evil.tld" },
        // B13: only newEmail is read.
        body: { newEmail: "Carol.New@example.com", email: "mallory@example.com", verified: true },
        expectedStatus: 204,
      });
      const mail = await kit.catcher.waitForMail("carol.new@example.com");
      expect(mail.subject).toBe("Confirmez votre nouvelle adresse e-mail pour Cahier");
      expect(mail.text).toContain("Carol.New@example.com");
      expect(mail.raw).not.toContain("evil.tld");
      expect(mail.text).toContain(`${KIT_APP_URL}/profileSettings?emailChange=`);
      expect(kit.catcher.unread("carol@example.com")).toEqual([]);
      expect(kit.catcher.unread("mallory@example.com")).toEqual([]);
      const token = tokenFromLink(mail.text, "/profileSettings", "emailChange");

      // Nothing changes before confirmation; the token is no auth token (B10).
      expect((await kit.row(kit.users, String(carol.record.id))).email).toBe("carol@example.com");
      await check({
        name: "as auth",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        token,
        expectedStatus: 401,
      });

      await check({
        name: "wrong password",
        method: "POST",
        url: CONFIRM,
        body: { token, password: "wrong-password" },
        expectedStatus: 400,
        expectedContent: [
          '"password":{"code":"validation_invalid_password","message":"Missing or invalid auth record password."}',
        ],
        notExpectedContent: ['"token":{'],
      });
      await check({
        name: "on superusers",
        method: "POST",
        url: "/api/collections/_superusers/confirm-email-change",
        body: { token, password: "password123" },
        expectedStatus: 400,
        expectedContent: ['"message":"All superusers can change their emails directly."'],
      });
      await check({
        name: "confirm",
        method: "POST",
        url: CONFIRM,
        body: { token, password: "password123", verified: false },
        expectedStatus: 204,
      });
      const row = await kit.row(kit.users, String(carol.record.id));
      expect(row.email).toBe("Carol.New@example.com");
      expect(row.verified === 1 || row.verified === true).toBe(true);
      expect(await kit.canLogIn("users", "carol.new@example.com", "password123")).toBe(true);
      expect(await kit.canLogIn("users", "carol@example.com", "password123")).toBe(false);
      // tokenKey rotated: the old session and the link are dead.
      await check({
        name: "old session",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        token: carol.token,
        expectedStatus: 401,
      });
      await check({
        name: "reuse",
        method: "POST",
        url: CONFIRM,
        body: { token, password: "password123" },
        expectedStatus: 400,
        expectedContent: ['"token":{"code":"validation_invalid_token"'],
      });
    });
  });

  describe("confirm-email-change", () => {
    it("rejects every kind of bad token", async () => {
      const dave = await kit.app.createUser({ username: "dave", email: "dave@example.com" });
      const row = await kit.row(kit.users, String(dave.record.id));
      const rootRow = await kit.row(kit.superusers, root.id);
      const cases: [string, string, string][] = [
        ["garbage", "garbage", "validation_invalid_token_payload"],
        [
          "a verification token",
          await kit.tokens.sign(kit.users, row, "verification", { email: "dave@example.com" }),
          "validation_invalid_token_payload",
        ],
        [
          "a reset token carrying newEmail",
          await kit.forge(kit.users, row, "passwordReset", {
            email: "dave@example.com",
            newEmail: "d2@example.com",
          }),
          "validation_invalid_token",
        ],
        [
          "an expired token",
          await kit.forge(
            kit.users,
            row,
            "emailChange",
            { email: "dave@example.com", newEmail: "d2@example.com" },
            -1,
          ),
          "validation_invalid_token",
        ],
        [
          "a superuser's token",
          await kit.tokens.sign(kit.superusers, rootRow, "emailChange", {
            email: root.email,
            newEmail: "r2@example.com",
          }),
          "validation_token_collection_mismatch",
        ],
        [
          "a token to an address taken since",
          await kit.tokens.sign(kit.users, row, "emailChange", {
            email: "dave@example.com",
            newEmail: "BOB@example.com",
          }),
          "validation_invalid_token_email",
        ],
      ];
      for (const [name, token, code] of cases) {
        await check({
          name,
          method: "POST",
          url: CONFIRM,
          body: { token, password: "password123" },
          expectedStatus: 400,
          expectedContent: [
            INVALID,
            `"token":{"code":"${code}"`,
            // Without a valid token there is no record whose password could match.
            '"password":{"code":"validation_invalid_password"',
          ],
        });
      }
      expect((await kit.row(kit.users, String(dave.record.id))).email).toBe("dave@example.com");
    });

    it.each<ApiScenario>([
      {
        name: "an empty body",
        method: "POST",
        url: CONFIRM,
        body: {},
        expectedStatus: 400,
        expectedContent: [
          '"password":{"code":"validation_required","message":"Cannot be blank."}',
          '"token":{"code":"validation_required","message":"Cannot be blank."}',
        ],
      },
      {
        name: "a password over 100 characters",
        method: "POST",
        url: CONFIRM,
        body: { token: "x", password: "p".repeat(101) },
        expectedStatus: 400,
        expectedContent: [
          '"password":{"code":"validation_length_out_of_range","message":"The length must be between 1 and 100.","params":{"max":100,"min":1}}',
        ],
      },
      {
        name: "an object token",
        method: "POST",
        url: CONFIRM,
        body: { token: {}, password: "x" },
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "a base collection",
        method: "POST",
        url: "/api/collections/posts/confirm-email-change",
        body: {},
        expectedStatus: 404,
        expectedContent: ['"message":"Missing or invalid auth collection context."'],
      },
    ])("$name", async (scenario) => {
      await check(scenario);
    });

    it("multipart bodies work too", async () => {
      const erin = await kit.app.createUser({ username: "erin", email: "erin@example.com" });
      const row = await kit.row(kit.users, String(erin.record.id));
      const token = await kit.tokens.sign(kit.users, row, "emailChange", {
        email: "erin@example.com",
        newEmail: "erin2@example.com",
      });
      const form = new FormData();
      form.set("token", token);
      form.set("password", "password123");
      const request = new Request("http://localhost/", { method: "POST", body: form });
      const res = await kit.app.http.inject({
        method: "POST",
        url: CONFIRM,
        headers: { "content-type": request.headers.get("content-type") ?? "" },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode, res.body).toBe(204);
      expect((await kit.row(kit.users, String(erin.record.id))).email).toBe("erin2@example.com");
    });
  });
});
