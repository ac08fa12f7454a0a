/**
 * `request-password-reset` / `confirm-password-reset`: scenario tables for every answer, and
 * the whole flow through a real SMTP server (the test follows the mailed link).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario, type ApiScenario } from "#tests/helpers/api-scenario.ts";
import { KIT_APP_URL, startAccountKit, type AccountKit } from "#tests/helpers/account-kit.ts";
import { tokenFromLink } from "#tests/helpers/mail-catcher.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const REQUEST = `${USERS}/request-password-reset`;
const CONFIRM = `${USERS}/confirm-password-reset`;
const LOAD_FAILED =
  '{"data":{},"message":"An error occurred while loading the submitted data.","status":400}';
const INVALID = '"message":"An error occurred while validating the submitted data."';

describe.each(DIALECTS)("password reset (%s)", (dialect) => {
  let kit: AccountKit;
  const check = (s: ApiScenario) => runScenario(kit.app, s);

  beforeAll(async () => {
    kit = await startAccountKit(dialect);
  });
  afterAll(async () => {
    await kit.close();
  });

  const newUser = (name: string) => kit.newUser(name);

  /** Requests a reset and returns the token of the mailed link. */
  async function mailedToken(email: string): Promise<string> {
    await check({
      name: "request",
      method: "POST",
      url: REQUEST,
      body: { email },
      expectedStatus: 204,
    });
    const mail = await kit.catcher.waitForMail(email, /password/i);
    return tokenFromLink(mail.text, "/passwordReset", "token");
  }

  describe("request-password-reset", () => {
    it.each<ApiScenario>([
      {
        name: "a missing collection",
        method: "POST",
        url: "/api/collections/nope/request-password-reset",
        body: { email: "a@example.com" },
        expectedStatus: 404,
        expectedContent: ['"message":"Missing or invalid collection context."'],
      },
      {
        name: "a base collection",
        method: "POST",
        url: "/api/collections/entries/request-password-reset",
        body: { email: "a@example.com" },
        expectedStatus: 404,
        expectedContent: ['"message":"Missing or invalid auth collection context."'],
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
        name: "a boolean email",
        method: "POST",
        url: REQUEST,
        body: { email: true },
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "an object email",
        method: "POST",
        url: REQUEST,
        body: { email: { $ne: "" } },
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "an empty body",
        method: "POST",
        url: REQUEST,
        expectedStatus: 400,
        expectedContent: [INVALID, '"email":{"code":"validation_required"'],
      },
      {
        name: "not an email",
        method: "POST",
        url: REQUEST,
        body: { email: "@" },
        expectedStatus: 400,
        expectedContent: ['"email":{"code":"validation_is_email"'],
      },
      {
        name: "an unknown address",
        method: "POST",
        url: REQUEST,
        body: { email: "nobody@example.com" },
        expectedStatus: 204,
      },
      {
        name: "__proto__ keys are inert",
        method: "POST",
        url: REQUEST,
        body: '{"__proto__":{"email":"polluted@example.com"},"email":"nobody@example.com"}',
        expectedStatus: 204,
      },
    ])("$name", async (scenario) => {
      const res = await check(scenario);
      if (scenario.expectedStatus === 204) expect(res.body).toBe("");
    });

    it("mails a reset link under APP_URL once per 2 minutes; unknown addresses get nothing", async () => {
      const user = await newUser("forgetful");
      const token = await mailedToken("FORGETFUL@example.com".toLowerCase());
      expect(token.split(".")).toHaveLength(3);
      // Again within 2 minutes, and an unknown address: the same answer, no mail.
      await kit.expectNoMail(REQUEST, user.email, "ghost@example.com");
    });

    it("B4: never builds links from Host or X-Forwarded-Host", async () => {
      const user = await newUser("forwarded");
      const mail = await kit.mailWithForgedHost(REQUEST, user.email);
      expect(mail.text).toContain(`${KIT_APP_URL}/passwordReset?token=`);
    });
  });

  describe("confirm-password-reset", () => {
    it.each<ApiScenario>([
      {
        name: "an empty body",
        method: "POST",
        url: CONFIRM,
        body: {},
        expectedStatus: 400,
        expectedContent: [
          INVALID,
          '"password":{"code":"validation_required","message":"Cannot be blank."}',
          '"passwordConfirm":{"code":"validation_required","message":"Cannot be blank."}',
          '"token":{"code":"validation_required","message":"Cannot be blank."}',
        ],
      },
      {
        name: "a bad token, a short password and a mismatch at once",
        method: "POST",
        url: CONFIRM,
        body: { token: "garbage", password: "short", passwordConfirm: "other" },
        expectedStatus: 400,
        // The whole body, byte for byte: field errors in Go's (sorted) map order.
        expectedContent: [
          '{"data":{"password":{"code":"validation_length_out_of_range","message":"The length must be between 8 and 255.","params":{"max":255,"min":8}},"passwordConfirm":{"code":"validation_values_mismatch","message":"Values don\'t match."},"token":{"code":"validation_invalid_token","message":"Invalid or expired token."}},"message":"An error occurred while validating the submitted data.","status":400}\n',
        ],
      },
      {
        name: "a numeric password",
        method: "POST",
        url: CONFIRM,
        body: { token: "x", password: 12345678, passwordConfirm: "12345678" },
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "a base collection",
        method: "POST",
        url: "/api/collections/items/confirm-password-reset",
        body: {},
        expectedStatus: 404,
        expectedContent: ['"message":"Missing or invalid auth collection context."'],
      },
    ])("$name", async (scenario) => {
      await check(scenario);
    });

    it("sets the new password from the mailed link, verifies, and signs every session out", async () => {
      const user = await newUser("resetter");
      const token = await mailedToken(user.email);
      // B10: a reset token is no auth token.
      await check({
        name: "as auth",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        token,
        expectedStatus: 401,
      });
      await check({
        name: "confirm",
        method: "POST",
        url: CONFIRM,
        // B13: unknown flags and other fields are ignored.
        body: {
          token,
          password: "new-password-1",
          passwordConfirm: "new-password-1",
          email: "hijack@example.com",
          verified: false,
          skipEmailVerification: true,
        },
        expectedStatus: 204,
      });
      expect(await kit.canLogIn("users", user.email, "new-password-1")).toBe(true);
      expect(await kit.canLogIn("users", user.email, "password123")).toBe(false);
      const row = await kit.row(kit.users, user.id);
      expect(row.email).toBe(user.email);
      expect(row.verified === 1 || row.verified === true).toBe(true);
      // The old session and the used link are dead (tokenKey rotated).
      await check({
        name: "old session",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        token: user.token,
        expectedStatus: 401,
      });
      await check({
        name: "reuse",
        method: "POST",
        url: CONFIRM,
        body: { token, password: "new-password-2", passwordConfirm: "new-password-2" },
        expectedStatus: 400,
        expectedContent: ['"token":{"code":"validation_invalid_token"'],
      });
      // The first proof of the address signed out the device of the sign-up's session, and
      // says so (ADR 056).
      const told = await kit.catcher.waitForMail(user.email, "for Cahier is confirmed");
      expect(told.text).toContain("1 signed-in device");
      // A successful reset lifts the resend suppression.
      await mailedToken(user.email);
    });

    it("rejects tokens of another type or collection, and passwords the field refuses", async () => {
      const user = await newUser("picky");
      const row = await kit.row(kit.users, user.id);
      const root = await kit.app.createSuperuser();
      const rootRow = await kit.row(kit.superusers, String(root.record.id));
      const bad: [string, string, string][] = [
        [
          "a verification token",
          await kit.tokens.sign(kit.users, row, "verification", { email: user.email }),
          "validation_invalid_token",
        ],
        ["an auth token", user.token, "validation_invalid_token"],
        [
          "an expired token",
          await kit.forge(kit.users, row, "passwordReset", { email: user.email }, -1),
          "validation_invalid_token",
        ],
        [
          "a superuser's token",
          await kit.tokens.sign(kit.superusers, rootRow, "passwordReset", {
            email: String(rootRow.email),
          }),
          "validation_token_collection_mismatch",
        ],
      ];
      for (const [name, token, code] of bad) {
        await check({
          name,
          method: "POST",
          url: CONFIRM,
          body: { token, password: "new-password-1", passwordConfirm: "new-password-1" },
          expectedStatus: 400,
          expectedContent: [`"token":{"code":"${code}"`],
        });
      }
      const good = await kit.tokens.sign(kit.users, row, "passwordReset", { email: user.email });
      const long = "x".repeat(72);
      await check({
        name: "over the field's 71 characters",
        method: "POST",
        url: CONFIRM,
        body: { token: good, password: long, passwordConfirm: long },
        expectedStatus: 400,
        expectedContent: [
          '"message":"Failed to set new password."',
          '"password":{"code":"validation_max_text_constraint"',
        ],
      });
      expect(await kit.canLogIn("users", user.email, "password123")).toBe(true);
    });

    it("keeps an unverified address unverified when the link went elsewhere", async () => {
      const user = await newUser("elsewhere");
      const row = await kit.row(kit.users, user.id);
      const token = await kit.tokens.sign(kit.users, row, "passwordReset", {
        email: "old@example.com",
      });
      await check({
        name: "confirm",
        method: "POST",
        url: CONFIRM,
        body: { token, password: "new-password-1", passwordConfirm: "new-password-1" },
        expectedStatus: 204,
      });
      const after = await kit.row(kit.users, user.id);
      expect(after.verified === 1 || after.verified === true).toBe(false);
    });

    it("resets a superuser's password (mailed in English)", async () => {
      const root = await kit.app.createSuperuser();
      const email = String(root.record.email);
      const res = await check({
        name: "request",
        method: "POST",
        url: "/api/collections/_superusers/request-password-reset",
        body: { email },
        expectedStatus: 204,
      });
      expect(res.body).toBe("");
      const mail = await kit.catcher.waitForMail(email);
      expect(mail.subject).toBe("Reset your password for Cahier");
      const token = tokenFromLink(mail.text, "/passwordReset", "token");
      await check({
        name: "on users",
        method: "POST",
        url: CONFIRM,
        body: { token, password: "new-password-1", passwordConfirm: "new-password-1" },
        expectedStatus: 400,
        expectedContent: ['"token":{"code":"validation_token_collection_mismatch"'],
      });
      await check({
        name: "on superusers",
        method: "POST",
        url: "/api/collections/_superusers/confirm-password-reset",
        body: { token, password: "new-password-1", passwordConfirm: "new-password-1" },
        expectedStatus: 204,
      });
      expect(await kit.canLogIn("_superusers", email, "new-password-1")).toBe(true);
    });
  });
});
