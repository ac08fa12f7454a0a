/**
 * Passkeys (ADR 052): registration (`passkeys/register-options`, `passkeys/register`), the
 * `passkeys` collection under its owner rules, and sign-ins with a passkey alone
 * (`auth-with-passkey-options`, `auth-with-passkey`) or as the second step after a password.
 * Every answer comes from a software authenticator (`#tests/helpers/software-authenticator.ts`:
 * real ES256 keys and signatures), bent where a test needs a wrong origin, relying party,
 * counter, key or user; the clock is faked to expire challenges.
 */
import fc from "fast-check";
import { sql } from "kysely";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccount } from "#tests/helpers/account-kit.ts";
import { runScenario, type ApiScenario } from "#tests/helpers/api-scenario.ts";
import {
  SoftwareAuthenticator,
  type SoftCredential,
} from "#tests/helpers/software-authenticator.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const PASSKEYS = "/api/collections/passkeys/records";
const ORIGIN = "https://journal.example.test";
const PASSWORD = "password123";
const LOAD_FAILED =
  '{"data":{},"message":"An error occurred while loading the submitted data.","status":400}';
const INVALID_CHALLENGE =
  '{"data":{},"message":"Invalid or expired passkey challenge.","status":400}';
const AUTH_FAILED = '{"data":{},"message":"Failed to authenticate.","status":400}';
const REGISTRATION_FAILED = '{"data":{},"message":"Failed to verify the passkey.","status":400}';
const INVALID_MFA = '{"data":{},"message":"Invalid or expired MFA session.","status":400}';
/** What no answer may ever carry. */
const SECRETS = ['"publicKey"', '"password"', '"tokenKey"', '"secret"'];

type Json = Record<string, unknown>;

/** An account with one passkey on its own authenticator. */
interface WithPasskey {
  id: string;
  email: string;
  token: string;
  authenticator: SoftwareAuthenticator;
  credential: SoftCredential;
  record: Json;
}

describe.each(DIALECTS)("passkeys (%s)", (dialect) => {
  let app: TestApp;
  let root: { token: string };
  let now = 0;

  const tick = (seconds: number) => {
    now += seconds * 1000;
    vi.setSystemTime(now);
  };
  const check = (s: ApiScenario) => runScenario(app, s);
  const post = (url: string, body: unknown, token?: string) =>
    app.http.inject({
      method: "POST",
      url,
      payload: body as object,
      headers: token ? { authorization: token } : {},
    });
  const noSecrets = (body: string) => {
    for (const secret of SECRETS) expect(body).not.toContain(secret);
  };

  let counter = 0;
  /** A new account whose address is proven (unverified ones cannot add passkeys, ADR 056). */
  async function account(verified = true) {
    counter += 1;
    const username = `pk${String(counter)}`;
    const email = `${username}@example.com`;
    const { record, token } = await createAccount(app, { username, email, verified });
    return { id: String(record.id), email, token };
  }

  async function registerOptions(token: string): Promise<Json & { challenge: string }> {
    const res = await post(`${USERS}/passkeys/register-options`, {}, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** A new account with a passkey registered as `name`. */
  async function withPasskey(name = "Laptop"): Promise<WithPasskey> {
    const user = await account();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await registerOptions(user.token);
    const { response, credential } = authenticator.create(options as never);
    const res = await post(`${USERS}/passkeys/register`, { name, response }, user.token);
    expect(res.statusCode, res.body).toBe(200);
    noSecrets(res.body);
    return { ...user, authenticator, credential, record: res.json() };
  }

  async function signInOptions(body: Json = {}) {
    const res = await post(`${USERS}/auth-with-passkey-options`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ challengeId: string; options: Json & { challenge: string } }>();
  }

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: ORIGIN });
    root = await app.createSuperuser();
    vi.useFakeTimers({ toFake: ["Date"] });
    now = Math.ceil(Date.now() / 30_000) * 30_000 + 1000;
    vi.setSystemTime(now);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
  });

  it("auth-methods reports passkeys for users, not for superusers", async () => {
    await check({
      name: "users",
      method: "GET",
      url: `${USERS}/auth-methods`,
      expectedStatus: 200,
      expectedContent: ['"passkey":{"enabled":true}'],
    });
    await check({
      name: "superusers",
      method: "GET",
      url: "/api/collections/_superusers/auth-methods",
      expectedStatus: 200,
      expectedContent: ['"passkey":{"enabled":false}'],
    });
  });

  describe("registration", () => {
    it("answers creation options for a discoverable, verified credential", async () => {
      const first = await withPasskey();
      const options = await registerOptions(first.token);
      expect(options.rp).toEqual({ name: "Cahier", id: "journal.example.test" });
      expect(options.authenticatorSelection).toMatchObject({
        residentKey: "required",
        requireResidentKey: true,
        userVerification: "required",
      });
      expect(options.attestation).toBe("none");
      const user = options.user as Json;
      expect(Buffer.from(String(user.id), "base64url").toString()).toBe(first.id);
      expect(user.name).toBe(first.email);
      expect(options.excludeCredentials).toEqual([
        { id: first.credential.id, type: "public-key", transports: ["internal", "hybrid"] },
      ]);
    });

    it("stores the passkey and answers it as its owner views it", async () => {
      const owner = await withPasskey("  My phone  ");
      expect(owner.record).toMatchObject({
        collectionName: "passkeys",
        user: owner.id,
        name: "My phone",
        credentialId: owner.credential.id,
        counter: 0,
        transports: ["internal", "hybrid"],
        lastUsed: "",
      });
      const stored = await sql<{
        publicKey: string;
      }>`SELECT "publicKey" FROM "passkeys" WHERE "id" = ${String(owner.record.id)}`.execute(
        app.db.kysely,
      );
      expect(Buffer.from(String(stored.rows[0]?.publicKey), "base64url")).toEqual(
        owner.credential.publicKey,
      );
    });

    it("refuses guests, superusers, other collections and impersonation tokens", async () => {
      const { id, token } = await account();
      const impersonation = await post(`${USERS}/impersonate/${id}`, {}, root.token);
      const viewAs = impersonation.json<{ token: string }>().token;
      const rows: ApiScenario[] = [
        {
          name: "a guest",
          method: "POST",
          url: `${USERS}/passkeys/register-options`,
          expectedStatus: 401,
        },
        {
          name: "a guest registering",
          method: "POST",
          url: `${USERS}/passkeys/register`,
          body: { name: "x", response: {} },
          expectedStatus: 401,
        },
        {
          name: "a superuser on users",
          method: "POST",
          url: `${USERS}/passkeys/register-options`,
          token: root.token,
          expectedStatus: 403,
        },
        {
          name: "a superuser on _superusers",
          method: "POST",
          url: "/api/collections/_superusers/passkeys/register-options",
          token: root.token,
          expectedStatus: 403,
          expectedContent: ["The collection is not configured to allow passkey authentication."],
        },
        {
          name: "a base collection",
          method: "POST",
          url: "/api/collections/entries/passkeys/register-options",
          token,
          expectedStatus: 404,
        },
        {
          name: "an impersonation token",
          method: "POST",
          url: `${USERS}/passkeys/register-options`,
          token: viewAs,
          expectedStatus: 403,
          expectedContent: ["An impersonation token cannot register a passkey."],
        },
      ];
      for (const row of rows) await check(row);
    });

    it("refuses an account whose address is not proven yet (ADR 056)", async () => {
      const unverified = await account(false);
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      // A ceremony started while the address was proven cannot end once it is not.
      const started = await account();
      const options = await registerOptions(started.token);
      const { response } = authenticator.create(options as never);
      await sql`UPDATE "users" SET "verified" = 0 WHERE "id" = ${started.id}`.execute(
        app.db.kysely,
      );
      const UNVERIFIED =
        '{"data":{},"message":"Verify the account\'s email before adding a passkey to it.","status":403}';
      const rows: ApiScenario[] = [
        {
          name: "options",
          method: "POST",
          url: `${USERS}/passkeys/register-options`,
          token: unverified.token,
          expectedStatus: 403,
          expectedContent: [UNVERIFIED],
        },
        {
          name: "registration",
          method: "POST",
          url: `${USERS}/passkeys/register`,
          token: started.token,
          body: { name: "Laptop", response },
          expectedStatus: 403,
          expectedContent: [UNVERIFIED],
        },
      ];
      for (const row of rows) await check(row);
      const stored = await sql<{
        n: number | string;
      }>`SELECT COUNT(*) AS "n" FROM "passkeys" WHERE "user" IN (${unverified.id}, ${started.id})`.execute(
        app.db.kysely,
      );
      expect(Number(stored.rows[0]?.n)).toBe(0);
    });

    it("refuses bad bodies with 400s, never a 500", async () => {
      const { token } = await account();
      const url = `${USERS}/passkeys/register`;
      const loadFailed: unknown[] = [
        { name: "x", response: "text" },
        { name: "x", response: [1] },
        { name: "x", response: 12 },
        { name: 12, response: {} },
        { name: ["x"], response: {} },
      ];
      for (const body of loadFailed)
        await check({
          name: JSON.stringify(body),
          method: "POST",
          url,
          token,
          body,
          expectedStatus: 400,
          expectedContent: [LOAD_FAILED],
        });
      await check({
        name: "malformed JSON",
        method: "POST",
        url,
        token,
        body: "{",
        expectedStatus: 400,
      });
      await check({
        name: "nothing",
        method: "POST",
        url,
        token,
        body: {},
        expectedStatus: 400,
        expectedContent: [
          '"name":{"code":"validation_required"',
          '"response":{"code":"validation_required"',
        ],
      });
      await check({
        name: "a long name",
        method: "POST",
        url,
        token,
        body: { name: "x".repeat(101), response: {} },
        expectedStatus: 400,
        expectedContent: ['"name":{"code":"validation_length_out_of_range"'],
      });
      const odd: Json[] = [
        {},
        { response: null },
        { response: { clientDataJSON: 1 } },
        { response: { clientDataJSON: "!!!" } },
        { response: { clientDataJSON: Buffer.from("[1]").toString("base64url") } },
        {
          id: {},
          response: { clientDataJSON: Buffer.from('{"challenge":7}').toString("base64url") },
        },
      ];
      for (const response of odd)
        await check({
          name: JSON.stringify(response),
          method: "POST",
          url,
          token,
          body: { name: "x", response },
          expectedStatus: 400,
          expectedContent: [INVALID_CHALLENGE],
        });
    });

    it("takes each challenge once, for its own account only", async () => {
      const a = await account();
      const b = await account();
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const options = await registerOptions(a.token);
      const { response } = authenticator.create(options as never);
      const url = `${USERS}/passkeys/register`;
      await check({
        name: "another account",
        method: "POST",
        url,
        token: b.token,
        body: { name: "x", response },
        expectedStatus: 400,
        expectedContent: [INVALID_CHALLENGE],
      });
      // Asked by the wrong account, the challenge stays the owner's.
      await check({
        name: "its account",
        method: "POST",
        url,
        token: a.token,
        body: { name: "x", response },
        expectedStatus: 200,
      });
      await check({
        name: "again",
        method: "POST",
        url,
        token: a.token,
        body: { name: "x", response },
        expectedStatus: 400,
        expectedContent: [INVALID_CHALLENGE],
      });
    });

    it("refuses another origin or relying party, no user verification, an expired challenge", async () => {
      const { token } = await account();
      const authenticator = new SoftwareAuthenticator(ORIGIN);
      const url = `${USERS}/passkeys/register`;
      const bends = [
        { origin: "https://evil.example.test" },
        { origin: "http://journal.example.test" },
        { rpId: "example.test" },
        { userVerified: false },
      ];
      for (const bend of bends) {
        const { response } = authenticator.create((await registerOptions(token)) as never, bend);
        await check({
          name: JSON.stringify(bend),
          method: "POST",
          url,
          token,
          body: { name: "x", response },
          expectedStatus: 400,
          expectedContent: [REGISTRATION_FAILED],
        });
      }
      const { response } = authenticator.create((await registerOptions(token)) as never);
      tick(301);
      await check({
        name: "expired",
        method: "POST",
        url,
        token,
        body: { name: "x", response },
        expectedStatus: 400,
        expectedContent: [INVALID_CHALLENGE],
      });
      const list = await app.http.inject({
        method: "GET",
        url: PASSKEYS,
        headers: { authorization: token },
      });
      expect(list.json<{ totalItems: number }>().totalItems).toBe(0);
    });

    it("refuses a credential registered already, on any account", async () => {
      const owner = await withPasskey();
      const other = await account();
      for (const token of [owner.token, other.token]) {
        const again = owner.authenticator.create((await registerOptions(token)) as never, {
          reuse: owner.credential,
        });
        await check({
          name: "again",
          method: "POST",
          url: `${USERS}/passkeys/register`,
          token,
          body: { name: "x", response: again.response },
          expectedStatus: 400,
          expectedContent: ["The passkey is already registered.", '"validation_not_unique"'],
        });
      }
    });
  });

  describe("several passkeys per account", () => {
    /** Registers a passkey of `authenticator` (a new credential) on the account. */
    async function register(
      user: { token: string },
      authenticator: SoftwareAuthenticator,
      name: string,
    ) {
      const options = await registerOptions(user.token);
      const { response, credential } = authenticator.create(options as never);
      const res = await post(`${USERS}/passkeys/register`, { name, response }, user.token);
      expect(res.statusCode, res.body).toBe(200);
      return credential;
    }
    const TOO_MANY =
      '{"data":{},"message":"An account may have at most 20 passkeys.","status":400}';

    it("registers a second passkey on another device; each signs the account in", async () => {
      const owner = await withPasskey("Laptop");
      const phone = new SoftwareAuthenticator(ORIGIN);
      const second = await register(owner, phone, "Phone");
      // The next ceremony excludes both, so neither device registers twice.
      const options = await registerOptions(owner.token);
      expect((options.excludeCredentials as { id: string }[]).map((c) => c.id).sort()).toEqual(
        [owner.credential.id, second.id].sort(),
      );
      const list = await app.http.inject({
        method: "GET",
        url: `${PASSKEYS}?sort=created`,
        headers: { authorization: owner.token },
      });
      expect(list.json<{ items: Json[] }>().items.map((p) => p.name)).toEqual(["Laptop", "Phone"]);
      for (const device of [owner.authenticator, phone]) {
        const { challengeId, options: request } = await signInOptions();
        const res = await post(`${USERS}/auth-with-passkey`, {
          challengeId,
          response: device.get(request),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json<{ record: Json }>().record.id).toBe(owner.id);
      }
    });

    it("holds at most 20 per account, counted again when one is registered, even at once", async () => {
      const owner = await account();
      const devices = new SoftwareAuthenticator(ORIGIN);
      for (let n = 1; n <= 19; n += 1) await register(owner, devices, `Key ${String(n)}`);
      // Two ceremonies started at 19: the first to finish is the 20th, the other is refused.
      const late = await registerOptions(owner.token);
      const twentieth = await register(owner, devices, "Key 20");
      const refused = devices.create(late as never);
      await check({
        name: "a 21st from a ceremony started at 19",
        method: "POST",
        url: `${USERS}/passkeys/register`,
        token: owner.token,
        body: { name: "Key 21", response: refused.response },
        expectedStatus: 400,
        expectedContent: [TOO_MANY],
      });
      await check({
        name: "no 21st ceremony",
        method: "POST",
        url: `${USERS}/passkeys/register-options`,
        token: owner.token,
        body: {},
        expectedStatus: 400,
        expectedContent: [TOO_MANY],
      });
      const count = await app.http.inject({
        method: "GET",
        url: `${PASSKEYS}?filter=${encodeURIComponent(`user = "${owner.id}"`)}`,
        headers: { authorization: owner.token },
      });
      expect(count.json<{ totalItems: number }>().totalItems).toBe(20);
      // Removing one makes room for one: of two ceremonies finishing at once, one gets it.
      const [oldest] = count.json<{ items: Json[] }>().items;
      const removed = await app.http.inject({
        method: "DELETE",
        url: `${PASSKEYS}/${String(oldest?.id)}`,
        headers: { authorization: owner.token },
      });
      expect(removed.statusCode).toBe(204);
      const ceremonies = [await registerOptions(owner.token), await registerOptions(owner.token)];
      const finished = await Promise.all(
        ceremonies.map((options, n) =>
          post(
            `${USERS}/passkeys/register`,
            { name: `At once ${String(n)}`, response: devices.create(options as never).response },
            owner.token,
          ),
        ),
      );
      expect(finished.map((res) => res.statusCode).sort()).toEqual([200, 400]);
      expect(finished.find((res) => res.statusCode === 400)?.body).toContain(TOO_MANY);
      // The 20th still signs in.
      const { challengeId, options } = await signInOptions();
      const res = await post(`${USERS}/auth-with-passkey`, {
        challengeId,
        response: devices.get(options, twentieth),
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe("the passkeys collection", () => {
    it("lets owners list, view, rename and delete their own passkeys, and nobody else", async () => {
      const owner = await withPasskey();
      const other = await account();
      const id = String(owner.record.id);
      const rows: ApiScenario[] = [
        {
          name: "owner lists",
          method: "GET",
          url: PASSKEYS,
          token: owner.token,
          expectedStatus: 200,
          expectedContent: [`"id":"${id}"`, '"totalItems":1'],
          notExpectedContent: SECRETS,
        },
        {
          name: "another user lists",
          method: "GET",
          url: PASSKEYS,
          token: other.token,
          expectedStatus: 200,
          expectedContent: ['"totalItems":0'],
        },
        {
          name: "a guest lists",
          method: "GET",
          url: PASSKEYS,
          expectedStatus: 200,
          expectedContent: ['"totalItems":0'],
        },
        {
          name: "another user views",
          method: "GET",
          url: `${PASSKEYS}/${id}`,
          token: other.token,
          expectedStatus: 404,
        },
        {
          name: "another user renames",
          method: "PATCH",
          url: `${PASSKEYS}/${id}`,
          token: other.token,
          body: { name: "mine" },
          expectedStatus: 404,
        },
        {
          name: "another user deletes",
          method: "DELETE",
          url: `${PASSKEYS}/${id}`,
          token: other.token,
          expectedStatus: 404,
        },
        {
          name: "a guest deletes",
          method: "DELETE",
          url: `${PASSKEYS}/${id}`,
          expectedStatus: 404,
        },
        {
          name: "nobody creates",
          method: "POST",
          url: PASSKEYS,
          token: owner.token,
          body: { user: owner.id, name: "x", credentialId: "abc", publicKey: "abc" },
          expectedStatus: 403,
        },
        {
          name: "owner filters on the key",
          method: "GET",
          url: `${PASSKEYS}?filter=${encodeURIComponent('publicKey != ""')}`,
          token: owner.token,
          expectedStatus: 400,
        },
        {
          name: "owner moves the counter",
          method: "PATCH",
          url: `${PASSKEYS}/${id}`,
          token: owner.token,
          body: { counter: 0 },
          expectedStatus: 404,
        },
        {
          // A hidden field is not the client's to write: ignored (checked below).
          name: "owner swaps the key",
          method: "PATCH",
          url: `${PASSKEYS}/${id}`,
          token: owner.token,
          body: { name: "x", publicKey: "abc" },
          expectedStatus: 200,
          notExpectedContent: SECRETS,
        },
        {
          name: "owner gives it away",
          method: "PATCH",
          url: `${PASSKEYS}/${id}`,
          token: owner.token,
          body: { user: other.id },
          expectedStatus: 404,
        },
        {
          name: "owner empties the name",
          method: "PATCH",
          url: `${PASSKEYS}/${id}`,
          token: owner.token,
          body: { name: "" },
          expectedStatus: 400,
        },
        {
          name: "owner renames",
          method: "PATCH",
          url: `${PASSKEYS}/${id}`,
          token: owner.token,
          body: { name: "Work laptop" },
          expectedStatus: 200,
          expectedContent: ['"name":"Work laptop"'],
          notExpectedContent: SECRETS,
        },
        {
          name: "owner views",
          method: "GET",
          url: `${PASSKEYS}/${id}`,
          token: owner.token,
          expectedStatus: 200,
          expectedContent: ['"name":"Work laptop"'],
          notExpectedContent: SECRETS,
        },
        {
          name: "owner deletes",
          method: "DELETE",
          url: `${PASSKEYS}/${id}`,
          token: owner.token,
          expectedStatus: 204,
        },
      ];
      const key = () =>
        sql<{
          publicKey: string;
        }>`SELECT "publicKey" FROM "passkeys" WHERE "id" = ${id}`.execute(app.db.kysely);
      const before = (await key()).rows[0]?.publicKey;
      for (const row of rows) {
        if (row.method === "DELETE" && row.token === owner.token)
          expect((await key()).rows[0]?.publicKey).toBe(before);
        await check(row);
      }
      // A removed passkey signs nobody in.
      const { challengeId, options } = await signInOptions();
      const response = owner.authenticator.get(options, owner.credential);
      await check({
        name: "removed",
        method: "POST",
        url: `${USERS}/auth-with-passkey`,
        body: { challengeId, response },
        expectedStatus: 400,
        expectedContent: [AUTH_FAILED],
      });
    });

    it("goes with its account", async () => {
      const owner = await withPasskey();
      await check({
        name: "delete account",
        method: "DELETE",
        url: `${USERS}/records/${owner.id}`,
        token: owner.token,
        expectedStatus: 204,
      });
      const left = await sql<{
        id: string;
      }>`SELECT "id" FROM "passkeys" WHERE "user" = ${owner.id}`.execute(app.db.kysely);
      expect(left.rows).toEqual([]);
    });
  });

  describe("sign-in", () => {
    it("signs in with a passkey alone, without a username", async () => {
      const owner = await withPasskey();
      const { challengeId, options } = await signInOptions();
      expect(options).not.toHaveProperty("allowCredentials");
      expect(options).toMatchObject({ rpId: "journal.example.test", userVerification: "required" });
      tick(5);
      const response = owner.authenticator.get(options);
      const res = await check({
        name: "sign in",
        method: "POST",
        url: `${USERS}/auth-with-passkey`,
        body: { challengeId, response },
        expectedStatus: 200,
        expectedContent: [`"id":"${owner.id}"`, `"email":"${owner.email}"`, '"token":"'],
        notExpectedContent: SECRETS,
      });
      const { token } = res.json() as { token: string };
      await check({
        name: "the token works",
        method: "POST",
        url: `${USERS}/auth-refresh`,
        token,
        expectedStatus: 200,
      });
      const view = await app.http.inject({
        method: "GET",
        url: `${PASSKEYS}/${String(owner.record.id)}`,
        headers: { authorization: token },
      });
      expect(view.json()).toMatchObject({ counter: 1 });
      expect(view.json<{ lastUsed: string }>().lastUsed).not.toBe("");
    });

    it("refuses replays and counters that do not move forward", async () => {
      const owner = await withPasskey();
      const first = await signInOptions();
      const response = owner.authenticator.get(first.options);
      const url = `${USERS}/auth-with-passkey`;
      await check({
        name: "first",
        method: "POST",
        url,
        body: { challengeId: first.challengeId, response },
        expectedStatus: 200,
      });
      await check({
        name: "replayed",
        method: "POST",
        url,
        body: { challengeId: first.challengeId, response },
        expectedStatus: 400,
        expectedContent: [INVALID_CHALLENGE],
      });
      for (const count of [1, 0]) {
        const next = await signInOptions();
        const old = owner.authenticator.get(next.options, owner.credential, { counter: count });
        await check({
          name: `counter ${String(count)}`,
          method: "POST",
          url,
          body: { challengeId: next.challengeId, response: old },
          expectedStatus: 400,
          expectedContent: [AUTH_FAILED],
        });
      }
      const next = await signInOptions();
      await check({
        name: "forward again",
        method: "POST",
        url,
        body: { challengeId: next.challengeId, response: owner.authenticator.get(next.options) },
        expectedStatus: 200,
      });
    });

    it("refuses bent answers: origin, relying party, verification, key, user, challenge", async () => {
      const owner = await withPasskey();
      const other = await withPasskey();
      const url = `${USERS}/auth-with-passkey`;
      const bends = [
        { origin: "https://evil.example.test" },
        { rpId: "evil.example.test" },
        { userVerified: false },
        { signWith: other.credential },
        { userHandle: Buffer.from(other.id).toString("base64url") },
        { challenge: Buffer.from("another challenge").toString("base64url") },
      ];
      for (const bend of bends) {
        const { challengeId, options } = await signInOptions();
        const response = owner.authenticator.get(options, owner.credential, {
          ...bend,
          counter: 50,
        });
        const res = await check({
          name: Object.keys(bend).join(),
          method: "POST",
          url,
          body: { challengeId, response },
          expectedStatus: 400,
          expectedContent: [AUTH_FAILED],
        });
        noSecrets(res.body);
      }
      const { challengeId, options } = await signInOptions();
      const unknown = new SoftwareAuthenticator(ORIGIN);
      unknown.create((await registerOptions(owner.token)) as never);
      await check({
        name: "unknown credential",
        method: "POST",
        url,
        body: { challengeId, response: unknown.get(options) },
        expectedStatus: 400,
        expectedContent: [AUTH_FAILED],
      });
    });

    it("refuses unknown and expired challenges and bad bodies", async () => {
      const owner = await withPasskey();
      const url = `${USERS}/auth-with-passkey`;
      const late = await signInOptions();
      tick(301);
      await check({
        name: "expired",
        method: "POST",
        url,
        body: { challengeId: late.challengeId, response: owner.authenticator.get(late.options) },
        expectedStatus: 400,
        expectedContent: [INVALID_CHALLENGE],
      });
      await check({
        name: "unknown",
        method: "POST",
        url,
        body: { challengeId: "nope", response: {} },
        expectedStatus: 400,
        expectedContent: [INVALID_CHALLENGE],
      });
      await check({
        name: "empty",
        method: "POST",
        url,
        body: {},
        expectedStatus: 400,
        expectedContent: [
          '"challengeId":{"code":"validation_required"',
          '"response":{"code":"validation_required"',
        ],
      });
      for (const body of [
        { challengeId: 1, response: {} },
        { challengeId: "x", response: "x" },
        { challengeId: "x", response: [] },
        { challengeId: "x", mfaId: false, response: {} },
      ])
        await check({
          name: JSON.stringify(body),
          method: "POST",
          url,
          body,
          expectedStatus: 400,
          expectedContent: [LOAD_FAILED],
        });
      const odd: unknown[] = [
        {},
        { id: 5 },
        { id: owner.credential.id },
        { id: owner.credential.id, response: { userHandle: 3 } },
        {
          id: owner.credential.id,
          response: { clientDataJSON: "x", authenticatorData: "y", signature: "z" },
        },
      ];
      for (const response of odd) {
        const { challengeId } = await signInOptions();
        await check({
          name: JSON.stringify(response),
          method: "POST",
          url,
          body: { challengeId, response },
          expectedStatus: 400,
          expectedContent: [AUTH_FAILED],
        });
      }
      await check({
        name: "options with a bad body",
        method: "POST",
        url: `${USERS}/auth-with-passkey-options`,
        body: { mfaId: 3 },
        expectedStatus: 400,
        expectedContent: [LOAD_FAILED],
      });
      await check({
        name: "superusers",
        method: "POST",
        url: "/api/collections/_superusers/auth-with-passkey-options",
        body: {},
        expectedStatus: 403,
      });
      await check({
        name: "a base collection",
        method: "POST",
        url: "/api/collections/entries/auth-with-passkey",
        body: {},
        expectedStatus: 404,
      });
    });

    it("refuses suspended accounts", async () => {
      const owner = await withPasskey();
      await app.records.update(
        (await import("#server/core/collections/collection-lookup.ts")).requireCollection("users"),
        (await import("#server/core/records/request-info.ts")).operatorRequest(),
        owner.id,
        { suspended: true },
      );
      const { challengeId, options } = await signInOptions();
      await check({
        name: "suspended",
        method: "POST",
        url: `${USERS}/auth-with-passkey`,
        body: { challengeId, response: owner.authenticator.get(options) },
        expectedStatus: 403,
        notExpectedContent: ['"token"'],
      });
    });
  });

  describe("fuzzed bodies", () => {
    it("never answer 5xx nor leak a secret, whatever the body", async () => {
      const owner = await withPasskey();
      // Bodies: anything JSON, or a live assertion with one of its values replaced.
      const anyValue = fc.jsonValue({ maxDepth: 3 });
      const mutation = fc.record({
        outer: fc.constantFrom("id", "type", "response"),
        inner: fc.constantFrom("clientDataJSON", "authenticatorData", "signature", "userHandle"),
        value: anyValue,
      });
      const body = fc.oneof(
        anyValue.map((value) => ({ value })),
        fc.dictionary(fc.string(), anyValue).map((value) => ({ value })),
        mutation.map((bend) => ({ bend })),
      );
      const urls = [
        `${USERS}/auth-with-passkey`,
        `${USERS}/auth-with-passkey-options`,
        `${USERS}/passkeys/register`,
        `${USERS}/passkeys/register-options`,
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...urls),
          body,
          fc.boolean(),
          async (url, made, signedIn) => {
            let payload: unknown = "value" in made ? made.value : undefined;
            if ("bend" in made) {
              const { challengeId, options } = await signInOptions();
              const response = owner.authenticator.get(options);
              const { outer, inner, value } = made.bend;
              if (outer === "response") (response.response as Json)[inner] = value;
              else response[outer] = value;
              payload = { challengeId, response };
            }
            const res = await app.http.inject({
              method: "POST",
              url,
              payload: JSON.stringify(payload),
              headers: {
                "content-type": "application/json",
                ...(signedIn ? { authorization: owner.token } : {}),
              },
            });
            expect(res.statusCode, res.body).toBeLessThan(500);
            noSecrets(res.body);
          },
        ),
        { numRuns: 150 },
      );
    });
  });

  describe("as the second factor", () => {
    /** An account with TOTP on and a passkey. */
    async function withBoth(): Promise<WithPasskey & { secret: string }> {
      const owner = await withPasskey();
      const setup = await post(`${USERS}/totp/setup`, {}, owner.token);
      const { secret } = setup.json<{ secret: string }>();
      const code = await generate({ secret, epoch: Math.floor(now / 1000) });
      const enable = await post(`${USERS}/totp/enable`, { code }, owner.token);
      expect(enable.statusCode, enable.body).toBe(200);
      return { ...owner, secret };
    }
    async function firstFactor(email: string): Promise<string> {
      const res = await post(`${USERS}/auth-with-password`, {
        identity: email,
        password: PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(401);
      return res.json<{ mfaId: string }>().mfaId;
    }

    it("completes a password sign-in with the account's passkey", async () => {
      const owner = await withBoth();
      const mfaId = await firstFactor(owner.email);
      const { challengeId, options } = await signInOptions({ mfaId });
      expect(options.allowCredentials).toEqual([
        { id: owner.credential.id, type: "public-key", transports: ["internal", "hybrid"] },
      ]);
      const response = owner.authenticator.get(options);
      const url = `${USERS}/auth-with-passkey`;
      await check({
        name: "second step",
        method: "POST",
        url,
        body: { mfaId, challengeId, response },
        expectedStatus: 200,
        expectedContent: [`"id":"${owner.id}"`],
      });
      const again = await signInOptions();
      await check({
        name: "the mfaId is spent",
        method: "POST",
        url,
        body: {
          mfaId,
          challengeId: again.challengeId,
          response: owner.authenticator.get(again.options),
        },
        expectedStatus: 400,
        expectedContent: [INVALID_MFA],
      });
    });

    it("takes only the pending account's passkey, and a live mfaId", async () => {
      const owner = await withBoth();
      const other = await withPasskey();
      const mfaId = await firstFactor(owner.email);
      const url = `${USERS}/auth-with-passkey`;
      const free = await signInOptions();
      await check({
        name: "another account's passkey",
        method: "POST",
        url,
        body: {
          mfaId,
          challengeId: free.challengeId,
          response: other.authenticator.get(free.options),
        },
        expectedStatus: 404,
      });
      const bound = await signInOptions({ mfaId });
      await check({
        name: "another account's passkey on a bound challenge",
        method: "POST",
        url,
        body: {
          challengeId: bound.challengeId,
          response: other.authenticator.get(bound.options, other.credential),
        },
        expectedStatus: 404,
      });
      await check({
        name: "a bad mfaId",
        method: "POST",
        url: `${USERS}/auth-with-passkey-options`,
        body: { mfaId: "nope" },
        expectedStatus: 400,
        expectedContent: [INVALID_MFA],
      });
      // The pending sign-in survived the refusals.
      const { challengeId, options } = await signInOptions({ mfaId });
      await check({
        name: "its own passkey",
        method: "POST",
        url,
        body: { mfaId, challengeId, response: owner.authenticator.get(options) },
        expectedStatus: 200,
      });
    });

    it("answers 400 for an account without a passkey", async () => {
      const plain = await account();
      const setup = await post(`${USERS}/totp/setup`, {}, plain.token);
      const { secret } = setup.json<{ secret: string }>();
      tick(30);
      await post(
        `${USERS}/totp/enable`,
        { code: await generate({ secret, epoch: Math.floor(now / 1000) }) },
        plain.token,
      );
      const mfaId = await firstFactor(plain.email);
      await check({
        name: "no passkey",
        method: "POST",
        url: `${USERS}/auth-with-passkey-options`,
        body: { mfaId },
        expectedStatus: 400,
        expectedContent: ["The account has no passkey."],
      });
    });

    it("a passkey alone signs in an account with TOTP", async () => {
      const owner = await withBoth();
      const { challengeId, options } = await signInOptions();
      await check({
        name: "alone",
        method: "POST",
        url: `${USERS}/auth-with-passkey`,
        body: { challengeId, response: owner.authenticator.get(options) },
        expectedStatus: 200,
      });
    });
  });
});

describe("passkeys under the default rate limits, at the default address", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(DIALECTS[0], { RATE_LIMITS: "on" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("use localhost as the relying party of a loopback address", async () => {
    const { token } = await createAccount(app, {
      username: "loopback",
      email: "loopback@example.com",
      verified: true,
    });
    const res = await app.http.inject({
      method: "POST",
      url: `${USERS}/passkeys/register-options`,
      headers: { authorization: token },
    });
    expect(res.json<{ rp: { id: string } }>().rp.id).toBe("localhost");
    const authenticator = new SoftwareAuthenticator("http://localhost:8090");
    const { response } = authenticator.create(res.json());
    const saved = await app.http.inject({
      method: "POST",
      url: `${USERS}/passkeys/register`,
      headers: { authorization: token },
      payload: { name: "Here", response },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("count sign-in attempts like every auth attempt", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.http.inject({
        method: "POST",
        url: `${USERS}/auth-with-passkey`,
        payload: { challengeId: "x", response: {} },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });
});
