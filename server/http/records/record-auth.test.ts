/**
 * Auth endpoints of auth collections: sign-up through records create, auth-methods,
 * auth-with-password, auth-refresh, and how tokens are read (Bearer prefix, invalid, expired,
 * wrongly signed and rotated tokens all make a guest).
 *
 * URLs, headers and bodies name fixtures as `$name` placeholders, filled in once the fixtures
 * exist.
 */
import { base64url, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSecrets } from "#server/core/auth/secrets.ts";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import type { AuthCollection } from "#server/core/models/collection.ts";
import { createAccount } from "#tests/helpers/account-kit.ts";
import { runScenario, tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const USERS_COLLECTION_ID = requireCollection("users").id;

type Who = "guest" | "alice" | "bob" | "root" | "carol" | "erin" | "finn";

type Case = TableScenario<Who>;

const USERS = "/api/collections/users";
const SUPERUSERS = "/api/collections/_superusers";
const SECRETS = ['"password"', '"tokenKey"', "passwordConfirm", "password123"];
const FAILED_AUTH = '{"data":{},"message":"Failed to authenticate.","status":400}';
const NO_AUTH =
  '{"data":{},"message":"The request requires valid record authorization token.","status":401}';

/** Checks every successful scenario for leaked secrets as well (errors may name the fields). */
function table(...list: Case[]): Case[] {
  return list.map((c) =>
    c.expectedStatus < 300
      ? { ...c, notExpectedContent: [...SECRETS, ...(c.notExpectedContent ?? [])] }
      : c,
  );
}

describe.each(DIALECTS)("record auth (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { run, check } = tableRunner<Who>(() => app, ids, tokens);

  /** Signs arbitrary claims the way an attacker (or a bug) might. */
  async function sign(
    claims: Record<string, unknown>,
    key: string,
    alg = "HS256",
  ): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg, typ: "JWT" })
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(key));
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const alice = await app.createUser({ username: "Alice", email: "alice@example.com" });
    const bob = await app.createUser({ username: "bob" });
    const carol = await app.createUser({ username: "carol" });
    const root = await app.createSuperuser();
    Object.assign(tokens, {
      alice: alice.token,
      bob: bob.token,
      carol: carol.token,
      root: root.token,
    });
    ids.alice = String(alice.record.id);
    ids.bob = String(bob.record.id);
    ids.carol = String(carol.record.id);
    ids.root = String(root.record.id);
    ids.rootEmail = String(root.record.email);
    ids.aliceToken = alice.token;
    ids.bobToken = bob.token;
    ids.rootToken = root.token;

    // Tokens that must all be treated as a guest.
    const users = requireCollection("users") as AuthCollection;
    const row = await app.records.findById(users, ids.bob);
    if (!row) throw new Error("bob is missing");
    const secrets = await loadSecrets(app.db.kysely, [USERS_COLLECTION_ID]);
    const rightKey = `${String(row.tokenKey)}${secrets[USERS_COLLECTION_ID]?.auth ?? ""}`;
    const claims = {
      id: ids.bob,
      type: "auth",
      collectionId: USERS_COLLECTION_ID,
      refreshable: true,
    };
    ids.expired = await app.auth.authToken(users, row, true, -60);
    ids.hs512 = await sign(claims, rightKey, "HS512");
    ids.otherSecret = await sign(claims, "some-other-secret-of-fifty-characters-0123456789ab");
    ids.fileType = await sign({ ...claims, type: "file" }, rightKey);
    ids.foreignCollection = await sign({ ...claims, collectionId: "pbc_3142635823" }, rightKey);
    const header = base64url.encode(JSON.stringify({ alg: "none", typ: "JWT" }));
    const payload = base64url.encode(
      JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    ids.algNone = `${header}.${payload}.`;
    const [bobHeader = "", , bobSignature = ""] = bob.token.split(".");
    ids.tampered = `${bobHeader}.${base64url.encode(JSON.stringify({ ...claims, id: ids.alice }))}.${bobSignature}`;
    // Shorter-lived but valid tokens: refreshing them must yield a different token.
    ids.shortLived = await app.auth.authToken(users, row, true, 600);
    ids.notRefreshable = await app.auth.authToken(users, row, false, 600);
  });
  afterAll(async () => {
    await app.close();
  });

  describe("sign-up", () => {
    const signUp = (username: string, extra: Record<string, unknown> = {}) => ({
      username,
      email: `${username}@example.com`,
      password: "password123",
      passwordConfirm: "password123",
      ...extra,
    });
    it.each(
      table(
        {
          name: "an empty body needs a password twice and an email",
          as: "guest",
          method: "POST",
          url: `${USERS}/records`,
          body: {},
          expectedStatus: 400,
          expectedContent: [
            '"message":"Failed to create record."',
            '"password":{"code":"validation_required"',
            '"passwordConfirm":{"code":"validation_required"',
            '"email":{"code":"validation_required"',
          ],
          notExpectedContent: ['"username":{'],
        },
        {
          name: "passwordConfirm must match",
          as: "guest",
          method: "POST",
          url: `${USERS}/records`,
          body: signUp("mismatch", { passwordConfirm: "password124" }),
          expectedStatus: 400,
          expectedContent: [
            '"passwordConfirm":{"code":"validation_values_mismatch","message":"Values don\'t match."}',
          ],
        },
        {
          name: "a password has at least 8 characters",
          as: "guest",
          method: "POST",
          url: `${USERS}/records`,
          body: signUp("shortpw", { password: "short", passwordConfirm: "short" }),
          expectedStatus: 400,
          expectedContent: [
            '"password":{"code":"validation_min_text_constraint"',
            '"params":{"min":8}',
          ],
        },
        {
          name: "a guest cannot sign up verified",
          as: "guest",
          method: "POST",
          url: `${USERS}/records`,
          body: signUp("selfverified", { verified: true }),
          expectedStatus: 400,
          expectedContent: ['"verified":{"code":"'],
        },
        {
          name: "a user cannot create a verified user",
          as: "bob",
          method: "POST",
          url: `${USERS}/records`,
          body: signUp("bobverified", { verified: true }),
          expectedStatus: 400,
          expectedContent: ['"verified":{"code":"'],
        },
        {
          name: "a guest cannot pick a role",
          as: "guest",
          method: "POST",
          url: `${USERS}/records`,
          body: signUp("selfadmin", { role: "admin" }),
          expectedStatus: 400,
          expectedContent: ['{"data":{},"message":"Failed to create record.","status":400}'],
        },
        {
          name: "a superuser creates a verified admin",
          as: "root",
          method: "POST",
          url: `${USERS}/records`,
          body: signUp("madeadmin", { role: "admin", verified: true }),
          expectedStatus: 200,
          expectedContent: ['"role":"admin"', '"verified":true'],
        },
        {
          name: "a valid sign-up",
          as: "guest",
          method: "POST",
          url: `${USERS}/records`,
          body: signUp("newcomer", {
            tokenKey: "attacker-chosen-token-key-0123456789",
            name: "New",
          }),
          expectedStatus: 200,
          expectedContent: ['"username":"newcomer"', '"verified":false', '"name":"New"'],
          notExpectedContent: ["attacker-chosen", "newcomer@example.com"],
        },
        {
          name: "the new account can log in",
          as: "guest",
          method: "POST",
          url: `${USERS}/auth-with-password`,
          body: { identity: "newcomer@example.com", password: "password123" },
          expectedStatus: 200,
          expectedContent: ['"token":"', '"email":"newcomer@example.com"'],
        },
        {
          name: "a sign-up without username gets one",
          as: "guest",
          method: "POST",
          url: `${USERS}/records`,
          body: {
            email: "nameless@example.com",
            password: "password123",
            passwordConfirm: "password123",
            emailVisibility: true,
          },
          expectedStatus: 200,
          expectedContent: ['"username":"user', '"email":"nameless@example.com"'],
        },
      ),
    )("$name", check);

    it("generates a well-formed username", async () => {
      const res = await run({
        name: "list the nameless",
        as: "guest",
        method: "GET",
        url: `${USERS}/records?filter=${encodeURIComponent('email = "nameless@example.com"')}`,
        expectedStatus: 200,
        expectedContent: ['"totalItems":1'],
      });
      const [user] = (res.json() as { items: { username: string }[] }).items;
      expect(user?.username).toMatch(/^user\d{6}$/);
    });
  });

  describe("auth-methods", () => {
    it("describes password auth of users", async () => {
      const res = await run({
        name: "users auth-methods",
        as: "guest",
        method: "GET",
        url: `${USERS}/auth-methods`,
        expectedStatus: 200,
      });
      expect(res.json()).toEqual({
        authProviders: null,
        emailPassword: true,
        mfa: { duration: 600, enabled: true },
        oauth2: { enabled: false, providers: [] },
        otp: { duration: 180, enabled: true },
        passkey: { enabled: true },
        password: { enabled: true, identityFields: ["email", "username"] },
        usernamePassword: true,
      });
    });

    it("describes the auth of superusers: no second factor (ADR 046), no OTP, no passkey", async () => {
      const res = await run({
        name: "superusers auth-methods",
        as: "guest",
        method: "GET",
        url: `${SUPERUSERS}/auth-methods`,
        expectedStatus: 200,
      });
      expect(res.json()).toEqual({
        authProviders: null,
        emailPassword: true,
        mfa: { duration: 0, enabled: false },
        oauth2: { enabled: false, providers: [] },
        otp: { duration: 0, enabled: false },
        passkey: { enabled: false },
        password: { enabled: true, identityFields: ["email"] },
        usernamePassword: false,
      });
    });

    it.each<Case>([
      {
        name: "superusers by email only",
        as: "guest",
        method: "GET",
        url: `${SUPERUSERS}/auth-methods?fields=password`,
        expectedStatus: 200,
        expectedContent: ['{"password":{"enabled":true,"identityFields":["email"]}}'],
      },
      {
        name: "the same for a signed-in user",
        as: "bob",
        method: "GET",
        url: `${USERS}/auth-methods?fields=mfa,otp,password,oauth2`,
        expectedStatus: 200,
        expectedContent: ['"identityFields":["email","username"]'],
        notExpectedContent: ["authProviders", "usernamePassword"],
      },
      {
        name: "a base collection",
        as: "guest",
        method: "GET",
        url: "/api/collections/entries/auth-methods",
        expectedStatus: 404,
        expectedContent: [
          '{"data":{},"message":"Missing or invalid auth collection context.","status":404}',
        ],
      },
      {
        name: "a missing collection",
        as: "guest",
        method: "GET",
        url: "/api/collections/nope/auth-methods",
        expectedStatus: 404,
        expectedContent: [
          '{"data":{},"message":"Missing or invalid collection context.","status":404}',
        ],
      },
    ])("$name", check);
  });

  describe("auth-with-password", () => {
    const login = `${USERS}/auth-with-password`;
    it.each(
      table(
        {
          name: "by email",
          as: "guest",
          method: "POST",
          url: login,
          body: { identity: "alice@example.com", password: "password123" },
          expectedStatus: 200,
          expectedContent: [
            '"token":"',
            '"record":{',
            '"email":"alice@example.com"',
            '"username":"Alice"',
          ],
        },
        {
          name: "by username",
          as: "guest",
          method: "POST",
          url: login,
          body: { identity: "Alice", password: "password123" },
          expectedStatus: 200,
          expectedContent: ['"id":"$alice"', '"email":"alice@example.com"'],
        },
        {
          name: "by username in another case",
          as: "guest",
          method: "POST",
          url: login,
          body: { identity: "aLiCe", password: "password123" },
          expectedStatus: 200,
          expectedContent: ['"id":"$alice"'],
        },
        {
          name: "with a matching identityField",
          as: "guest",
          method: "POST",
          url: login,
          body: { identity: "bob", password: "password123", identityField: "username" },
          expectedStatus: 200,
          expectedContent: ['"id":"$bob"'],
        },
        {
          name: "with a mismatched identityField",
          as: "guest",
          method: "POST",
          url: login,
          body: { identity: "bob@example.com", password: "password123", identityField: "username" },
          expectedStatus: 400,
          expectedContent: [FAILED_AUTH],
        },
        {
          name: "with an unknown identityField",
          as: "guest",
          method: "POST",
          url: login,
          body: { identity: "bob", password: "password123", identityField: "name" },
          expectedStatus: 400,
          expectedContent: ['"identityField":{"code":"validation_in_invalid"'],
        },
        {
          name: "with a hidden identityField",
          as: "guest",
          method: "POST",
          url: login,
          body: { identity: "x", password: "password123", identityField: "tokenKey" },
          expectedStatus: 400,
          expectedContent: ['"identityField":{"code":"validation_in_invalid"'],
        },
        {
          name: "an empty body",
          as: "guest",
          method: "POST",
          url: login,
          body: {},
          expectedStatus: 400,
          expectedContent: [
            '"message":"An error occurred while validating the submitted data."',
            '"identity":{"code":"validation_required","message":"Cannot be blank."}',
            '"password":{"code":"validation_required","message":"Cannot be blank."}',
          ],
        },
        {
          name: "a malformed body",
          as: "guest",
          method: "POST",
          url: login,
          body: '{"identity":',
          expectedStatus: 400,
          expectedContent: ['"data":{}'],
        },
        {
          name: "a wrong password",
          as: "guest",
          method: "POST",
          url: login,
          body: { identity: "alice@example.com", password: "password124" },
          expectedStatus: 400,
          expectedContent: [FAILED_AUTH],
        },
        {
          name: "an unknown identity",
          as: "guest",
          method: "POST",
          url: login,
          body: { identity: "nobody@example.com", password: "password123" },
          expectedStatus: 400,
          expectedContent: [FAILED_AUTH],
        },
        {
          name: "a password given as a number",
          as: "guest",
          method: "POST",
          url: login,
          body: { identity: "bob", password: 12345678 },
          expectedStatus: 400,
        },
        {
          name: "a user is not a superuser",
          as: "guest",
          method: "POST",
          url: `${SUPERUSERS}/auth-with-password`,
          body: { identity: "alice@example.com", password: "password123" },
          expectedStatus: 400,
          expectedContent: [FAILED_AUTH],
        },
        {
          name: "a superuser by email",
          as: "guest",
          method: "POST",
          url: `${SUPERUSERS}/auth-with-password`,
          body: { identity: "$rootEmail", password: "password123" },
          expectedStatus: 200,
          expectedContent: ['"collectionName":"_superusers"', '"email":"$rootEmail"'],
        },
        {
          name: "when already signed in as someone else",
          as: "bob",
          method: "POST",
          url: login,
          body: { identity: "alice@example.com", password: "password123" },
          expectedStatus: 200,
          expectedContent: ['"id":"$alice"'],
        },
        {
          name: "with a fields picker",
          as: "guest",
          method: "POST",
          url: `${login}?fields=record.username`,
          body: { identity: "bob", password: "password123" },
          expectedStatus: 200,
          expectedContent: ['{"record":{"username":"bob"}}'],
        },
        {
          name: "on a base collection",
          as: "guest",
          method: "POST",
          url: "/api/collections/entries/auth-with-password",
          body: { identity: "bob", password: "password123" },
          expectedStatus: 404,
          expectedContent: ['"message":"Missing or invalid auth collection context."'],
        },
        {
          name: "on a missing collection",
          as: "guest",
          method: "POST",
          url: "/api/collections/nope/auth-with-password",
          body: { identity: "bob", password: "password123" },
          expectedStatus: 404,
          expectedContent: ['"message":"Missing or invalid collection context."'],
        },
      ),
    )("$name", check);

    it("answers a wrong password and an unknown identity alike", async () => {
      const wrong = await run({
        name: "wrong password",
        as: "guest",
        method: "POST",
        url: login,
        body: { identity: "bob", password: "nope-nope" },
        expectedStatus: 400,
      });
      const unknown = await run({
        name: "unknown identity",
        as: "guest",
        method: "POST",
        url: login,
        body: { identity: "nobody", password: "nope-nope" },
        expectedStatus: 400,
      });
      expect(wrong.body).toBe(unknown.body);
    });

    it("returns a token that authenticates", async () => {
      const res = await run({
        name: "login",
        as: "guest",
        method: "POST",
        url: login,
        body: { identity: "bob", password: "password123" },
        expectedStatus: 200,
      });
      const { token } = res.json() as { token: string };
      const [header, payload] = token
        .split(".")
        .slice(0, 2)
        .map(
          (part) =>
            JSON.parse(Buffer.from(part, "base64url").toString()) as Record<string, unknown>,
        );
      expect(header).toEqual({ alg: "HS256", typ: "JWT" });
      expect(payload).toMatchObject({
        id: ids.bob,
        type: "auth",
        collectionId: USERS_COLLECTION_ID,
        refreshable: true,
      });
      expect(Number(payload?.exp) - Date.now() / 1000).toBeGreaterThan(432000 - 60);
      await runScenario(app, {
        name: "the token shows the owner's email",
        method: "GET",
        url: `${USERS}/records/${String(ids.bob)}`,
        token,
        expectedStatus: 200,
        expectedContent: ['"email":"bob@example.com"'],
      });
    });
  });

  describe("tokens", () => {
    const asGuest = (name: string, header: string): Case[] => [
      {
        name: `${name}: views as a guest`,
        as: "guest",
        method: "GET",
        url: `${USERS}/records/$bob`,
        headers: { authorization: header },
        expectedStatus: 200,
        expectedContent: ['"username":"bob"'],
        notExpectedContent: ["bob@example.com"],
      },
      {
        name: `${name}: lists as a guest`,
        as: "guest",
        method: "GET",
        url: `${USERS}/records?filter=${encodeURIComponent('username = "bob"')}`,
        headers: { authorization: header },
        expectedStatus: 200,
        expectedContent: ['"totalItems":1', '"username":"bob"'],
        notExpectedContent: ["bob@example.com"],
      },
      {
        name: `${name}: cannot refresh`,
        as: "guest",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        headers: { authorization: header },
        expectedStatus: 401,
        expectedContent: [NO_AUTH],
      },
    ];
    it.each<Case>([
      ...asGuest("garbage", "garbage"),
      ...asGuest("an empty Bearer", "Bearer "),
      ...asGuest("an expired token", "$expired"),
      ...asGuest("alg none", "$algNone"),
      ...asGuest("HS512 with the right key", "$hs512"),
      ...asGuest("HS256 with another secret", "$otherSecret"),
      ...asGuest("a file token", "$fileType"),
      ...asGuest("another collection's id", "$foreignCollection"),
      ...asGuest("tampered claims", "$tampered"),
      ...["Bearer ", "bearer ", "BEARER "].map((prefix): Case => ({
        name: `the "${prefix}" prefix`,
        as: "guest",
        method: "GET",
        url: `${USERS}/records/$bob`,
        headers: { authorization: `${prefix}$bobToken` },
        expectedStatus: 200,
        expectedContent: ['"email":"bob@example.com"'],
      })),
    ])("$name", check);
  });

  describe("auth-refresh", () => {
    const refresh = `${USERS}/auth-refresh`;
    it.each(
      table(
        {
          name: "a guest",
          as: "guest",
          method: "POST",
          url: refresh,
          expectedStatus: 401,
          expectedContent: [NO_AUTH],
        },
        {
          name: "a superuser token on users",
          as: "root",
          method: "POST",
          url: refresh,
          expectedStatus: 403,
          expectedContent: [
            '{"data":{},"message":"The request requires auth record from _superusers collection.","status":403}',
          ],
        },
        {
          name: "a user token on superusers",
          as: "bob",
          method: "POST",
          url: `${SUPERUSERS}/auth-refresh`,
          expectedStatus: 403,
          expectedContent: ['"message":"The request requires auth record from users collection."'],
        },
        {
          name: "a user token on a base collection",
          as: "bob",
          method: "POST",
          url: "/api/collections/entries/auth-refresh",
          expectedStatus: 403,
          expectedContent: ['"message":"The request requires auth record from users collection."'],
        },
        {
          name: "a missing collection",
          as: "bob",
          method: "POST",
          url: "/api/collections/nope/auth-refresh",
          expectedStatus: 404,
          expectedContent: ['"message":"Missing or invalid collection context."'],
        },
        {
          name: "a superuser refreshes",
          as: "root",
          method: "POST",
          url: `${SUPERUSERS}/auth-refresh`,
          expectedStatus: 200,
          expectedContent: ['"email":"$rootEmail"', '"token":"'],
        },
        {
          name: "a user refreshes with expand",
          as: "bob",
          method: "POST",
          url: `${refresh}?expand=posts_via_author,nope`,
          expectedStatus: 200,
          expectedContent: ['"id":"$bob"', '"email":"bob@example.com"', '"expand":{}'],
        },
        {
          name: "a non-refreshable token is echoed",
          as: "guest",
          method: "POST",
          url: refresh,
          headers: { authorization: "$notRefreshable" },
          expectedStatus: 200,
          expectedContent: ['"token":"$notRefreshable"'],
        },
      ),
    )("$name", check);

    it("issues a new token that works, and the old one still does", async () => {
      const res = await run({
        name: "refresh a short-lived token",
        as: "guest",
        method: "POST",
        url: refresh,
        headers: { authorization: "$shortLived" },
        expectedStatus: 200,
        expectedContent: ['"id":"$bob"'],
      });
      const { token } = res.json() as { token: string };
      expect(token).not.toBe(ids.shortLived);
      for (const t of [token, ids.shortLived, ids.bobToken]) {
        await runScenario(app, {
          name: "the token authenticates",
          method: "POST",
          url: refresh,
          token: t,
          expectedStatus: 200,
          expectedContent: [`"id":"${String(ids.bob)}"`],
        });
      }
    });
  });

  describe("password change", () => {
    it.each(
      table(
        {
          name: "a new password needs the old one",
          as: "carol",
          method: "PATCH",
          url: `${USERS}/records/$carol`,
          body: { password: "newpassword1", passwordConfirm: "newpassword1" },
          expectedStatus: 400,
          expectedContent: ['"oldPassword":{"code":"validation_invalid_old_password"'],
        },
        {
          name: "a wrong old password",
          as: "carol",
          method: "PATCH",
          url: `${USERS}/records/$carol`,
          body: {
            oldPassword: "password124",
            password: "newpassword1",
            passwordConfirm: "newpassword1",
          },
          expectedStatus: 400,
          expectedContent: ['"oldPassword":{"code":"validation_invalid_old_password"'],
        },
        {
          name: "a mismatched confirmation",
          as: "carol",
          method: "PATCH",
          url: `${USERS}/records/$carol`,
          body: {
            oldPassword: "password123",
            password: "newpassword1",
            passwordConfirm: "newpassword2",
          },
          expectedStatus: 400,
          expectedContent: ['"passwordConfirm":{"code":"validation_values_mismatch"'],
        },
        {
          name: "another user cannot change it",
          as: "bob",
          method: "PATCH",
          url: `${USERS}/records/$carol`,
          body: {
            oldPassword: "password123",
            password: "newpassword1",
            passwordConfirm: "newpassword1",
          },
          expectedStatus: 404,
        },
        {
          name: "the old token still works before the change",
          as: "carol",
          method: "POST",
          url: `${USERS}/auth-refresh`,
          expectedStatus: 200,
        },
        {
          name: "the owner changes it",
          as: "carol",
          method: "PATCH",
          url: `${USERS}/records/$carol`,
          body: {
            oldPassword: "password123",
            password: "newpassword1",
            passwordConfirm: "newpassword1",
          },
          expectedStatus: 200,
          expectedContent: ['"username":"carol"'],
          notExpectedContent: ["newpassword1"],
        },
        {
          name: "the old token no longer refreshes",
          as: "carol",
          method: "POST",
          url: `${USERS}/auth-refresh`,
          expectedStatus: 401,
          expectedContent: [NO_AUTH],
        },
        {
          name: "the old token is a guest",
          as: "carol",
          method: "GET",
          url: `${USERS}/records/$carol`,
          expectedStatus: 200,
          notExpectedContent: ["carol@example.com"],
        },
        {
          name: "the old password fails",
          as: "guest",
          method: "POST",
          url: `${USERS}/auth-with-password`,
          body: { identity: "carol", password: "password123" },
          expectedStatus: 400,
          expectedContent: [FAILED_AUTH],
        },
        {
          name: "the new password works",
          as: "guest",
          method: "POST",
          url: `${USERS}/auth-with-password`,
          body: { identity: "carol", password: "newpassword1" },
          expectedStatus: 200,
          expectedContent: ['"id":"$carol"'],
          notExpectedContent: ["newpassword1"],
        },
        {
          name: "a superuser resets it without the old one",
          as: "root",
          method: "PATCH",
          url: `${USERS}/records/$carol`,
          body: { password: "password123", passwordConfirm: "password123" },
          expectedStatus: 200,
        },
        {
          name: "the reset password works",
          as: "guest",
          method: "POST",
          url: `${USERS}/auth-with-password`,
          body: { identity: "carol@example.com", password: "password123" },
          expectedStatus: 200,
          expectedContent: ['"id":"$carol"'],
        },
      ),
    )("$name", check);

    it("a deleted user's token is a guest", async () => {
      const dora = await app.createUser({ username: "dora" });
      await runScenario(app, {
        name: "dora deletes herself",
        method: "DELETE",
        url: `${USERS}/records/${String(dora.record.id)}`,
        token: dora.token,
        expectedStatus: 204,
      });
      await runScenario(app, {
        name: "dora's token cannot refresh",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        token: dora.token,
        expectedStatus: 401,
      });
    });
  });

  describe("mass assignment and body flags (B9, B13)", () => {
    it("never lets a user set their tokenKey, id, created or collection through PATCH", async () => {
      const gina = await app.createUser({ username: "gina" });
      const id = String(gina.record.id);
      const res = await runScenario(app, {
        name: "gina patches system fields",
        method: "PATCH",
        url: `${USERS}/records/${id}`,
        token: gina.token,
        body: {
          name: "Gina",
          tokenKey: "attacker-chosen-token-key-0123456789",
          created: "2000-01-01 00:00:00.000Z",
          collectionId: "pbc_3142635823",
          collectionName: "_superusers",
        },
        expectedStatus: 200,
        expectedContent: ['"name":"Gina"', '"collectionName":"users"'],
        notExpectedContent: ["2000-01-01", "attacker-chosen", "pbc_3142635823", '"tokenKey"'],
      });
      expect(res.json()).toMatchObject({ id, collectionId: USERS_COLLECTION_ID });
      const row = await app.records.findById(requireCollection("users"), id);
      expect(row?.tokenKey).not.toBe("attacker-chosen-token-key-0123456789");
      // The token key did not move: the old token still refreshes.
      await runScenario(app, {
        name: "gina's token still refreshes",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        token: gina.token,
        expectedStatus: 200,
      });
    });

    it("ignores unknown flags in an auth-with-password body", async () => {
      await app.createUser({ username: "hank" });
      await runScenario(app, {
        name: "flags",
        method: "POST",
        url: `${USERS}/auth-with-password`,
        body: {
          identity: "hank",
          password: "password123",
          skipEmailVerification: true,
          verified: true,
          mfa: false,
          mfaId: "x",
          role: "admin",
        },
        expectedStatus: 200,
        expectedContent: ['"username":"hank"', '"verified":false', '"role":""'],
      });
    });
  });

  describe("authRule", () => {
    const users = requireCollection("users") as AuthCollection;
    const FORBIDDEN =
      '{"data":{},"message":"The request doesn\'t satisfy the collection requirements to authenticate.","status":403}';
    beforeAll(async () => {
      const erin = await app.createUser({ username: "erin" });
      // Verified from the start: marking it later would sign its first device out (ADR 056).
      const finn = await createAccount(app, {
        username: "finn",
        email: "finn@example.com",
        verified: true,
      });
      Object.assign(tokens, { erin: erin.token, finn: finn.token });
      ids.finn = String(finn.record.id);
      users.auth.authRule = "verified = true";
    });
    const rule = users.auth.authRule;
    afterAll(() => {
      // The registry is shared by every file of a worker: its own rule comes back.
      users.auth.authRule = rule;
    });

    it.each(
      table(
        {
          name: "refuses a password sign-in the rule does not match",
          as: "guest",
          method: "POST",
          url: `${USERS}/auth-with-password`,
          body: { identity: "erin", password: "password123" },
          expectedStatus: 403,
          expectedContent: [FORBIDDEN],
          notExpectedContent: ['"token"'],
        },
        {
          name: "lets in a record the rule matches",
          as: "guest",
          method: "POST",
          url: `${USERS}/auth-with-password`,
          body: { identity: "finn", password: "password123" },
          expectedStatus: 200,
          expectedContent: ['"token":"', '"id":"$finn"'],
        },
        {
          name: "refuses to refresh a token the rule does not match",
          as: "erin",
          method: "POST",
          url: `${USERS}/auth-refresh`,
          expectedStatus: 403,
          expectedContent: [FORBIDDEN],
        },
        {
          name: "refreshes a token the rule matches",
          as: "finn",
          method: "POST",
          url: `${USERS}/auth-refresh`,
          expectedStatus: 200,
          expectedContent: ['"token":"'],
        },
      ),
    )("$name", check);
  });
});
