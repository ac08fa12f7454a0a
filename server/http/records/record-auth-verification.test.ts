/**
 * `request-verification` / `confirm-verification`: scenario tables for every answer, and the
 * whole flow through a real SMTP server: the test reads the mail, follows its link and
 * confirms with the token it carries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario, type ApiScenario } from "#tests/helpers/api-scenario.ts";
import { KIT_APP_URL, startAccountKit, type AccountKit } from "#tests/helpers/account-kit.ts";
import { tokenFromLink } from "#tests/helpers/mail-catcher.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const REQUEST = `${USERS}/request-verification`;
const CONFIRM = `${USERS}/confirm-verification`;
const LOAD_FAILED =
  '{"data":{},"message":"An error occurred while loading the submitted data.","status":400}';
const INVALID = '"message":"An error occurred while validating the submitted data."';

describe.each(DIALECTS)("email verification (%s)", (dialect) => {
  let kit: AccountKit;
  const check = (s: ApiScenario) => runScenario(kit.app, s);

  beforeAll(async () => {
    kit = await startAccountKit(dialect);
  });
  afterAll(async () => {
    await kit.close();
  });

  /** A fresh unverified user. */
  const newUser = (name: string, options: { locale?: string } = {}) => kit.newUser(name, options);

  async function isVerified(id: string): Promise<boolean> {
    const row = await kit.row(kit.users, id);
    return row.verified === 1 || row.verified === true;
  }

  describe("request-verification", () => {
    it.each<ApiScenario>([
      {
        name: "a missing collection",
        method: "POST",
        url: "/api/collections/nope/request-verification",
        body: { email: "a@example.com" },
        expectedStatus: 404,
        expectedContent: [
          '{"data":{},"message":"Missing or invalid collection context.","status":404}',
        ],
      },
      {
        name: "a base collection",
        method: "POST",
        url: "/api/collections/entries/request-verification",
        body: "{bad json",
        expectedStatus: 404,
        expectedContent: [
          '{"data":{},"message":"Missing or invalid auth collection context.","status":404}',
        ],
      },
      {
        name: "superusers are verified by default",
        method: "POST",
        url: "/api/collections/_superusers/request-verification",
        body: { email: "root@example.com" },
        expectedStatus: 400,
        expectedContent: [
          '{"data":{},"message":"All superusers are verified by default.","status":400}',
        ],
      },
      {
        name: "malformed JSON",
        method: "POST",
        url: REQUEST,
        body: '{"email":',
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "a number for the email",
        method: "POST",
        url: REQUEST,
        body: { email: 12 },
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "an array for the email",
        method: "POST",
        url: REQUEST,
        body: { email: ["a@example.com"] },
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "a JSON array body",
        method: "POST",
        url: REQUEST,
        body: "[]",
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "an empty body",
        method: "POST",
        url: REQUEST,
        body: {},
        expectedStatus: 400,
        expectedContent: [
          INVALID,
          '"email":{"code":"validation_required","message":"Cannot be blank."}',
        ],
      },
      {
        name: "null is blank",
        method: "POST",
        url: REQUEST,
        body: { email: null },
        expectedStatus: 400,
        expectedContent: ['"email":{"code":"validation_required"'],
      },
      {
        name: "not an email",
        method: "POST",
        url: REQUEST,
        body: { email: "not-an-email" },
        expectedStatus: 400,
        expectedContent: [
          '"email":{"code":"validation_is_email","message":"Must be a valid email address."}',
        ],
      },
      {
        name: "an email over 255 characters",
        method: "POST",
        url: REQUEST,
        body: { email: `${"a".repeat(250)}@example.com` },
        expectedStatus: 400,
        expectedContent: [
          '"email":{"code":"validation_length_out_of_range","message":"The length must be between 1 and 255.","params":{"max":255,"min":1}}',
        ],
      },
      {
        name: "an unknown address answers like a known one",
        method: "POST",
        url: REQUEST,
        body: { email: "nobody@example.com" },
        expectedStatus: 204,
      },
      {
        name: "an urlencoded body",
        method: "POST",
        url: REQUEST,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=nobody2%40example.com",
        expectedStatus: 204,
      },
    ])("$name", async (scenario) => {
      const res = await check(scenario);
      if (scenario.expectedStatus === 204) expect(res.body).toBe("");
    });

    it("mails an unverified user a link under APP_URL, once per 2 minutes", async () => {
      const user = await newUser("verifyme");
      await check({
        name: "request",
        method: "POST",
        url: REQUEST,
        body: { email: "VerifyMe@Example.com", verified: true },
        expectedStatus: 204,
      });
      const mail = await kit.catcher.waitForMail(
        user.email,
        "Verify your email address for Cahier",
      );
      expect(mail.from).toBe("Cahier <no-reply@cahier.example>");
      expect(mail.text).toContain(`${KIT_APP_URL}/login?verify=`);
      expect(mail.html).toContain(`href="${KIT_APP_URL}/login?verify=`);
      expect(mail.text).toContain("Hello verifyme,");
      // B13: the body's `verified` was ignored.
      expect(await isVerified(user.id)).toBe(false);

      // Resend suppression: asked again at once, no second mail.
      await kit.expectNoMail(REQUEST, user.email);

      const token = tokenFromLink(mail.text, "/login", "verify");
      // B10: a verification token is no auth token.
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
        body: { token },
        expectedStatus: 204,
      });
      expect(await isVerified(user.id)).toBe(true);
      // Confirming again is harmless.
      await check({
        name: "confirm again",
        method: "POST",
        url: CONFIRM,
        body: { token },
        expectedStatus: 204,
      });
    });

    it("mails nothing to verified users and unknown addresses", async () => {
      const user = await kit.newUser("already", { verified: true });
      await kit.expectNoMail(REQUEST, user.email, "ghost@example.com");
    });

    it("writes French to French users", async () => {
      const user = await newUser("francoise", { locale: "fr" });
      await check({
        name: "fr",
        method: "POST",
        url: REQUEST,
        body: { email: user.email },
        expectedStatus: 204,
      });
      const mail = await kit.catcher.waitForMail(user.email);
      expect(mail.subject).toBe("Vérifiez votre adresse e-mail pour Cahier");
      expect(mail.text).toContain("Bonjour francoise,");
      expect(mail.html).toContain('<html lang="fr">');
    });

    it("B4: never builds links from Host or X-Forwarded-Host", async () => {
      const user = await newUser("hostile");
      const mail = await kit.mailWithForgedHost(REQUEST, user.email);
      expect(tokenFromLink(mail.text, "/login", "verify")).toBeTruthy();
      expect(mail.text).toContain(`${KIT_APP_URL}/login?verify=`);
    });
  });

  describe("confirm-verification", () => {
    let user: { id: string; email: string; token: string };
    beforeAll(async () => {
      user = await newUser("confirmer");
    });

    it("rejects every kind of bad token", async () => {
      const row = await kit.row(kit.users, user.id);
      const root = await kit.app.createSuperuser();
      const rootRow = await kit.row(kit.superusers, String(root.record.id));
      const cases: [string, string, string][] = [
        ["garbage", "not-a-jwt", "validation_invalid_token_claims"],
        ["an auth token", user.token, "validation_invalid_token_claims"],
        [
          "a password reset token",
          await kit.tokens.sign(kit.users, row, "passwordReset", { email: user.email }),
          "validation_invalid_token",
        ],
        [
          "an expired token",
          await kit.forge(kit.users, row, "verification", { email: user.email }, -60),
          "validation_invalid_token",
        ],
        [
          "a token signed with the auth secret",
          await kit.forge(kit.users, row, "auth", { type: "verification", email: user.email }),
          "validation_invalid_token",
        ],
        [
          "a token of another collection",
          await kit.tokens.sign(kit.superusers, rootRow, "verification", {
            email: String(rootRow.email),
          }),
          "validation_token_collection_mismatch",
        ],
        [
          "a token for another address",
          await kit.tokens.sign(kit.users, row, "verification", { email: "other@example.com" }),
          "validation_token_email_mismatch",
        ],
      ];
      for (const [name, token, code] of cases) {
        await check({
          name,
          method: "POST",
          url: CONFIRM,
          body: { token },
          expectedStatus: 400,
          expectedContent: [INVALID, `"token":{"code":"${code}"`],
        });
      }
      expect(await isVerified(user.id)).toBe(false);
    });

    it.each<ApiScenario>([
      {
        name: "an empty token",
        method: "POST",
        url: CONFIRM,
        body: {},
        expectedStatus: 400,
        expectedContent: ['"token":{"code":"validation_required","message":"Cannot be blank."}'],
      },
      {
        name: "a number token",
        method: "POST",
        url: CONFIRM,
        body: { token: 42 },
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      },
      {
        name: "superusers",
        method: "POST",
        url: "/api/collections/_superusers/confirm-verification",
        body: { token: "x" },
        expectedStatus: 400,
        expectedContent: ['"message":"All superusers are verified by default."'],
      },
      {
        name: "a base collection",
        method: "POST",
        url: "/api/collections/posts/confirm-verification",
        body: { token: "x" },
        expectedStatus: 404,
        expectedContent: ['"message":"Missing or invalid auth collection context."'],
      },
    ])("$name", async (scenario) => {
      await check(scenario);
    });

    it("B10: a token dies with a password change (tokenKey rotation)", async () => {
      const rotated = await newUser("rotated");
      const token = await kit.tokens.sign(
        kit.users,
        await kit.row(kit.users, rotated.id),
        "verification",
        {
          email: rotated.email,
        },
      );
      const patched = await kit.app.http.inject({
        method: "PATCH",
        url: `${USERS}/records/${rotated.id}`,
        headers: { authorization: rotated.token },
        payload: {
          oldPassword: "password123",
          password: "password456",
          passwordConfirm: "password456",
        },
      });
      expect(patched.statusCode).toBe(200);
      await check({
        name: "after rotation",
        method: "POST",
        url: CONFIRM,
        body: { token },
        expectedStatus: 400,
        expectedContent: ['"token":{"code":"validation_invalid_token"'],
      });
      expect(await isVerified(rotated.id)).toBe(false);
    });
  });
});
