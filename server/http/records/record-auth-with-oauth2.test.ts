/**
 * OAuth2 / OpenID Connect sign-in (`auth-methods` providers, `auth-with-oauth2`, the
 * `_externalAuths` collection) against a real provider process (oauth2-mock-server, see
 * `tests/helpers/oidc-server.ts`), which also speaks GitHub's paths. Checklist rows B1
 * (pre-registered unverified account), B2 (createData never chooses the email, role or
 * password), B3 (forged, foreign or replayed id_tokens), B19 (no server-side avatar fetch).
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorRequest } from "#server/cli.ts";
import { nonceFor } from "#server/core/auth/oauth2/pkce.ts";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import type { RecordData } from "#server/core/records/request-info.ts";
import { createAccount } from "#tests/helpers/account-kit.ts";
import { runScenario, type ApiScenario } from "#tests/helpers/api-scenario.ts";
import {
  startOidcServer,
  type MockUser,
  type OidcServer,
  type Tamper,
} from "#tests/helpers/oidc-server-process.ts";
import { freePort } from "#tests/helpers/server-process.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";
const SUPERUSERS = "/api/collections/_superusers";
const EXTERNAL_AUTHS = "/api/collections/_externalAuths/records";
const REDIRECT = "https://cahier.example.com/login";
const LOADING = "An error occurred while loading the submitted data.";
const SECRETS = ['"password"', '"tokenKey"', "passwordConfirm"];

interface ProviderInfo {
  name: string;
  displayName: string;
  state: string;
  authURL: string;
  authUrl: string;
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}

interface AuthAnswer {
  token: string;
  record: RecordData;
  meta: Record<string, unknown>;
}

let oidc: OidcServer;
let sequence = 0;

/** A person nobody else in the run uses. */
function person(overrides: Partial<MockUser> = {}): MockUser {
  sequence += 1;
  const id = `p${String(sequence)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    sub: `sub-${id}`,
    email: `${id}@people.example.com`,
    email_verified: true,
    name: `Person ${id}`,
    preferred_username: id,
    ...overrides,
  };
}

beforeAll(async () => {
  oidc = await startOidcServer();
});
afterAll(async () => {
  await oidc.stop();
});

describe.each(DIALECTS)("auth-with-oauth2 (%s)", (dialect) => {
  let app: TestApp;
  /** No OAUTH2_* variable at all. */
  let bare: TestApp;
  /** An issuer that does not answer, next to the working GitHub. */
  let down: TestApp;
  let root: { token: string; record: RecordData };
  const users = requireCollection("users");

  beforeAll(async () => {
    app = await createTestApp(dialect, oidc.env());
    bare = await createTestApp(dialect);
    const closed = await freePort();
    down = await createTestApp(dialect, {
      ...oidc.env({ name: "down" }),
      OAUTH2_OIDC_DOWN_ISSUER: `http://127.0.0.1:${String(closed)}`,
    });
    root = await app.createSuperuser();
  });
  afterAll(async () => {
    await Promise.all([app.close(), bare.close(), down.close()]);
  });

  async function methods(target = app, collection = USERS, token?: string) {
    const res = await target.http.inject({
      method: "GET",
      url: `${collection}/auth-methods`,
      headers: token ? { authorization: token } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json<{
      oauth2: { enabled: boolean; providers: ProviderInfo[] };
      authProviders: ProviderInfo[] | null;
    }>();
  }

  async function provider(name = "mock"): Promise<ProviderInfo> {
    const found = (await methods()).oauth2.providers.find((p) => p.name === name);
    if (!found) throw new Error(`no provider ${name}`);
    return found;
  }

  /** A provider login up to the callback: the code and the provider entry it belongs to. */
  async function authorize(user: MockUser, name = "mock") {
    const info = await provider(name);
    const callback = await oidc.authorize(info.authURL, REDIRECT, user);
    expect(callback.state).toBe(info.state);
    return { info, code: callback.code };
  }

  function submit(body: unknown, token?: string, query = "") {
    return app.http.inject({
      method: "POST",
      url: `${USERS}/auth-with-oauth2${query}`,
      headers: token ? { authorization: token } : {},
      payload: body as object,
    });
  }

  /** Signs in at the provider as `user` and submits the code; returns the raw answer. */
  async function signIn(
    user: MockUser,
    options: { name?: string; token?: string; createData?: unknown; query?: string } = {},
  ) {
    const { info, code } = await authorize(user, options.name);
    return submit(
      {
        provider: info.name,
        code,
        codeVerifier: info.codeVerifier,
        redirectURL: REDIRECT,
        ...(options.createData === undefined ? {} : { createData: options.createData }),
      },
      options.token,
      options.query,
    );
  }

  /** `signIn` that must succeed. */
  async function signedIn(user: MockUser, options: Parameters<typeof signIn>[1] = {}) {
    const res = await signIn(user, options);
    expect(res.statusCode, res.body).toBe(200);
    for (const secret of SECRETS) expect(res.body).not.toContain(secret);
    return res.json<AuthAnswer>();
  }

  async function userByEmail(email: string): Promise<RecordData | undefined> {
    const row = await app.records.findAuthRecord(users, "email", email);
    return row ? { ...row } : undefined;
  }

  async function passwordLogin(identity: string, password: string): Promise<number> {
    const res = await app.http.inject({
      method: "POST",
      url: `${USERS}/auth-with-password`,
      payload: { identity, password },
    });
    return res.statusCode;
  }

  async function refresh(token: string): Promise<number> {
    const res = await app.http.inject({
      method: "POST",
      url: `${USERS}/auth-refresh`,
      headers: { authorization: token },
    });
    return res.statusCode;
  }

  async function linksOf(recordId: string): Promise<RecordData[]> {
    const list = await app.records.list(requireCollection("_externalAuths"), operatorRequest(), {
      filter: `recordRef = "${recordId}"`,
    });
    return list.items;
  }

  async function setVerified(id: string, verified: boolean): Promise<void> {
    await app.records.update(users, operatorRequest(), id, { verified });
  }

  describe("auth-methods", () => {
    it("lists the configured providers in PocketBase's shape, fresh on every call", async () => {
      const first = await methods();
      expect(first.oauth2.enabled).toBe(true);
      expect(first.oauth2.providers.map((p) => p.name)).toEqual(["github", "mock"]);
      expect(first.authProviders).toEqual(first.oauth2.providers);
      for (const info of first.oauth2.providers) {
        expect(Object.keys(info)).toEqual([
          "name",
          "displayName",
          "state",
          "authURL",
          "authUrl",
          "codeVerifier",
          "codeChallenge",
          "codeChallengeMethod",
        ]);
        expect(info.state).toMatch(/^[A-Za-z0-9]{30}$/);
        expect(info.codeVerifier).toMatch(/^[A-Za-z0-9]{43}$/);
        expect(info.codeChallenge).toBe(
          createHash("sha256").update(info.codeVerifier).digest("base64url"),
        );
        expect(info.codeChallengeMethod).toBe("S256");
        expect(info.authUrl).toBe(info.authURL);
        expect(info.authURL.endsWith("&redirect_uri=")).toBe(true);
        const url = new URL(info.authURL);
        expect(url.searchParams.get("state")).toBe(info.state);
        expect(url.searchParams.get("code_challenge")).toBe(info.codeChallenge);
        expect(url.searchParams.get("code_challenge_method")).toBe("S256");
        expect(url.searchParams.get("response_type")).toBe("code");
      }
      const [github, mock] = first.oauth2.providers as [ProviderInfo, ProviderInfo];
      expect(github.displayName).toBe("GitHub");
      expect(github.authURL.startsWith(`${oidc.githubUrl}/login/oauth/authorize?`)).toBe(true);
      expect(new URL(github.authURL).searchParams.get("scope")).toBe("read:user user:email");
      expect(new URL(github.authURL).searchParams.has("nonce")).toBe(false);
      expect(mock.displayName).toBe("Mock ID");
      expect(mock.authURL.startsWith(`${oidc.issuer}/authorize?`)).toBe(true);
      const mockUrl = new URL(mock.authURL);
      expect(mockUrl.searchParams.get("client_id")).toBe("cahier-test-client");
      expect(mockUrl.searchParams.get("scope")).toBe("openid email profile");
      expect(mockUrl.searchParams.get("nonce")).toBe(nonceFor(mock.codeVerifier));

      const second = await methods();
      expect(second.oauth2.providers[1]?.state).not.toBe(mock.state);
      expect(second.oauth2.providers[1]?.codeVerifier).not.toBe(mock.codeVerifier);
    });

    it("keeps OAuth2 off for superusers and when nothing is configured", async () => {
      for (const answer of [
        await methods(app, SUPERUSERS),
        await methods(app, SUPERUSERS, root.token),
        await methods(bare),
      ]) {
        expect(answer.oauth2).toEqual({ enabled: false, providers: [] });
        expect(answer.authProviders).toBeNull();
      }
    });

    it("leaves out a provider whose issuer does not answer", async () => {
      const answer = await methods(down);
      expect(answer.oauth2.enabled).toBe(true);
      expect(answer.oauth2.providers.map((p) => p.name)).toEqual(["github"]);
    });
  });

  describe("bad input and disabled OAuth2", () => {
    const validVerifier = "a".repeat(43);
    const rows: ApiScenario[] = [
      {
        name: "unknown collection",
        method: "POST",
        url: "/api/collections/nope/auth-with-oauth2",
        body: {},
        expectedStatus: 404,
        expectedContent: ['"message":"Missing or invalid collection context."'],
      },
      {
        name: "base collection",
        method: "POST",
        url: "/api/collections/entries/auth-with-oauth2",
        body: {},
        expectedStatus: 404,
        expectedContent: ['"message":"Missing or invalid auth collection context."'],
      },
      {
        name: "superusers never sign in with OAuth2",
        method: "POST",
        url: `${SUPERUSERS}/auth-with-oauth2`,
        body: { provider: "mock", code: "x", codeVerifier: validVerifier, redirectURL: REDIRECT },
        expectedStatus: 403,
        expectedContent: [
          '{"data":{},"message":"The collection is not configured to allow OAuth2 authentication.","status":403}',
        ],
      },
      {
        name: "malformed JSON",
        method: "POST",
        url: `${USERS}/auth-with-oauth2`,
        body: "{",
        expectedStatus: 400,
        expectedContent: [`{"data":{},"message":"${LOADING}","status":400}`],
      },
      {
        name: "an array body",
        method: "POST",
        url: `${USERS}/auth-with-oauth2`,
        body: "[]",
        expectedStatus: 400,
        expectedContent: [`{"data":{},"message":"${LOADING}","status":400}`],
      },
      {
        name: "an empty body names every required field",
        method: "POST",
        url: `${USERS}/auth-with-oauth2`,
        body: {},
        expectedStatus: 400,
        expectedContent: [
          `"message":"${LOADING}"`,
          '"provider":{"code":"validation_required","message":"Cannot be blank."}',
          '"code":{"code":"validation_required"',
          '"codeVerifier":{"code":"validation_required"',
          '"redirectURL":{"code":"validation_required"',
        ],
      },
      ...(
        [
          ["a number as provider", { provider: 1 }],
          ["an object as code", { provider: "mock", code: { $ne: "" } }],
          ["a string as createData", { provider: "mock", createData: "x" }],
          ["an array as createData", { provider: "mock", createData: [] }],
        ] as const
      ).map(([name, body]): ApiScenario => ({
        name,
        method: "POST",
        url: `${USERS}/auth-with-oauth2`,
        body,
        expectedStatus: 400,
        expectedContent: [`{"data":{},"message":"${LOADING}","status":400}`],
      })),
      {
        name: "a provider that is not configured",
        method: "POST",
        url: `${USERS}/auth-with-oauth2`,
        body: { provider: "google", code: "x", codeVerifier: validVerifier, redirectURL: REDIRECT },
        expectedStatus: 400,
        expectedContent: [
          '"provider":{"code":"validation_invalid_provider","message":"Provider with name \\"google\\" is missing or is not enabled.","params":{"name":"google"}}',
        ],
      },
      {
        name: "a code verifier that is not RFC 7636",
        method: "POST",
        url: `${USERS}/auth-with-oauth2`,
        body: { provider: "mock", code: "x", codeVerifier: "short", redirectURL: REDIRECT },
        expectedStatus: 400,
        expectedContent: ['"codeVerifier":{"code":"validation_match_invalid"'],
      },
      {
        name: "a code the provider never issued",
        method: "POST",
        url: `${USERS}/auth-with-oauth2`,
        body: {
          provider: "mock",
          code: "never-issued",
          codeVerifier: validVerifier,
          redirectURL: REDIRECT,
        },
        expectedStatus: 400,
        expectedContent: ['{"data":{},"message":"Failed to fetch OAuth2 token.","status":400}'],
      },
      {
        name: "GitHub with a code it never issued",
        method: "POST",
        url: `${USERS}/auth-with-oauth2`,
        body: {
          provider: "github",
          code: "never-issued",
          codeVerifier: validVerifier,
          redirectURL: REDIRECT,
        },
        expectedStatus: 400,
        expectedContent: ['{"data":{},"message":"Failed to fetch OAuth2 token.","status":400}'],
      },
    ];
    it.each(rows)("$name", async (row) => {
      await runScenario(app, row);
    });

    it("answers 403 for users when no provider is configured", async () => {
      await runScenario(bare, {
        name: "no providers",
        method: "POST",
        url: `${USERS}/auth-with-oauth2`,
        body: { provider: "mock", code: "x", codeVerifier: validVerifier, redirectURL: REDIRECT },
        expectedStatus: 403,
        expectedContent: [
          '"message":"The collection is not configured to allow OAuth2 authentication."',
        ],
      });
    });

    it("answers 403 to a superuser's token on _superusers too", async () => {
      await runScenario(app, {
        name: "superuser token",
        method: "POST",
        url: `${SUPERUSERS}/auth-with-oauth2`,
        token: root.token,
        body: { provider: "mock", code: "x", codeVerifier: validVerifier, redirectURL: REDIRECT },
        expectedStatus: 403,
      });
    });

    it("answers 400 when the issuer does not answer", async () => {
      await runScenario(down, {
        name: "issuer down",
        method: "POST",
        url: `${USERS}/auth-with-oauth2`,
        body: { provider: "down", code: "x", codeVerifier: validVerifier, redirectURL: REDIRECT },
        expectedStatus: 400,
        expectedContent: ['"message":"Failed to fetch OAuth2 token."'],
      });
    });
  });

  describe("sign-up and sign-in", () => {
    it("creates a verified account for a new OpenID Connect identity", async () => {
      const user = person({ picture: "https://images.example.com/p.png" });
      const answer = await signedIn(user, { query: "?expand=nothing" });
      expect(answer.meta).toMatchObject({
        id: user.sub,
        name: user.name,
        username: user.preferred_username,
        email: user.email,
        avatarURL: "https://images.example.com/p.png",
        isNew: true,
      });
      expect(Object.keys(answer.meta)).toEqual([
        "id",
        "name",
        "username",
        "email",
        "avatarURL",
        "accessToken",
        "refreshToken",
        "expiry",
        "rawUser",
        "isNew",
      ]);
      expect(answer.meta.accessToken).toEqual(expect.any(String));
      expect(answer.meta.expiry).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(answer.meta.rawUser).toMatchObject({ sub: user.sub, email: user.email });
      expect(answer.record).toMatchObject({
        collectionName: "users",
        email: user.email,
        verified: true,
        username: user.preferred_username,
        name: user.name,
        role: "",
        avatar: "",
      });
      expect(await refresh(answer.token)).toBe(200);
      const links = await linksOf(String(answer.record.id));
      expect(links).toMatchObject([
        { collectionRef: "_pb_users_auth_", provider: "mock", providerId: user.sub },
      ]);
    });

    it("asks an account with two-step verification for its second factor (ADR 046)", async () => {
      const user = person();
      const first = await signedIn(user);
      const token = first.token;
      const post = (url: string, body: object) =>
        app.http.inject({ method: "POST", url, payload: body, headers: { authorization: token } });
      const { secret } = (await post(`${USERS}/totp/setup`, {})).json<{ secret: string }>();
      const { generate } = await import("otplib");
      const enabled = await post(`${USERS}/totp/enable`, { code: await generate({ secret }) });
      expect(enabled.statusCode, enabled.body).toBe(200);
      const res = await signIn(user);
      expect(res.statusCode, res.body).toBe(401);
      expect(Object.keys(res.json())).toEqual(["mfaId"]);
      expect(res.body).not.toContain("accessToken");
      const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
      const done = await app.http.inject({
        method: "POST",
        url: `${USERS}/auth-with-totp`,
        payload: { mfaId: res.json<{ mfaId: string }>().mfaId, code: recoveryCodes[0] },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json<AuthAnswer>().record.id).toBe(first.record.id);
    });

    it("signs the same identity in to the same account, even with a new email", async () => {
      const user = person();
      const first = await signedIn(user);
      const again = await signedIn({ ...user, email: "renamed-at-provider@example.com" });
      expect(again.meta.isNew).toBe(false);
      expect(again.record.id).toBe(first.record.id);
      expect(again.record.email).toBe(user.email);
      expect(again.token).not.toBe("");
    });

    it("gives two simultaneous first sign-ins of one person one account", async () => {
      const user = person();
      const attempts = await Promise.all([authorize(user), authorize(user), authorize(user)]);
      const answers = await Promise.all(
        attempts.map(({ info, code }) =>
          submit({
            provider: "mock",
            code,
            codeVerifier: info.codeVerifier,
            redirectURL: REDIRECT,
          }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const ids = new Set(answers.map((a) => a.json<AuthAnswer>().record.id));
      expect(ids.size).toBe(1);
      expect(await linksOf(String([...ids][0]))).toHaveLength(1);
    });

    it("accepts the deprecated redirectUrl and email_verified as a string", async () => {
      const user = person({ email_verified: "true" });
      const { info, code } = await authorize(user);
      const res = await submit({
        provider: "mock",
        code,
        codeVerifier: info.codeVerifier,
        redirectUrl: REDIRECT,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AuthAnswer>().record.email).toBe(user.email);
    });

    it("reads the profile from userinfo when the id_token has no email", async () => {
      const user = person({ claimsIn: "userinfo" });
      const answer = await signedIn(user);
      expect(answer.record).toMatchObject({ email: user.email, verified: true });
      expect(answer.meta.rawUser).toMatchObject({ sub: user.sub, email: user.email });
    });

    it("accepts an ES256 id_token", async () => {
      const answer = await signedIn(person({ tamper: "es256" }));
      expect(answer.meta.isNew).toBe(true);
    });

    it("derives a unique username", async () => {
      const taken = person();
      await signedIn(taken);
      const clash = await signedIn(
        person({ preferred_username: String(taken.preferred_username).toUpperCase() }),
      );
      expect(clash.record.username).toMatch(
        new RegExp(`^${String(taken.preferred_username).toUpperCase()}\\d{4}$`),
      );
      const fromEmail = await signedIn(
        person({ preferred_username: undefined, email: "zoe.ad+news@people.example.com" }),
      );
      expect(fromEmail.record.username).toBe("zoe.adnews");
      const fromName = await signedIn(person({ preferred_username: "ÉLodie Ünïcode" }));
      expect(fromName.record.username).toBe("ELodie_Unicode");
    });

    it("takes profile fields from createData but never the email, role, password or verified flag (B2)", async () => {
      const user = person();
      const answer = await signedIn(user, {
        createData: {
          name: "Chosen Name",
          username: "chosen_name",
          locale: "fr",
          emailVisibility: true,
          email: "victim@example.com",
          verified: false,
          role: "admin",
          password: "attacker-password",
          passwordConfirm: "attacker-password",
          tokenKey: "attacker-token-key-0123456789-0123456789",
          id: "attackerchosen1",
        },
      });
      expect(answer.record).toMatchObject({
        name: "Chosen Name",
        username: "chosen_name",
        locale: "fr",
        emailVisibility: true,
        email: user.email,
        verified: true,
        role: "",
      });
      expect(answer.record.id).not.toBe("attackerchosen1");
      expect(await userByEmail("victim@example.com")).toBeUndefined();
      expect(await passwordLogin(String(user.email), "attacker-password")).toBe(400);
    });

    it("keeps an attacker's account apart from the victim's later sign-in (B2)", async () => {
      const attacker = person();
      const victimEmail = `victim-${String(sequence)}@example.com`;
      const first = await signedIn(attacker, { createData: { email: victimEmail } });
      expect(first.record.email).toBe(attacker.email);
      // The victim arrives through another provider with their verified address.
      const victim = await signedIn(person({ email: victimEmail }), { name: "github" });
      expect(victim.meta.isNew).toBe(true);
      expect(victim.record.id).not.toBe(first.record.id);
      expect(victim.record.email).toBe(victimEmail);
      // The attacker's identity still leads to the attacker's own account only.
      const again = await signedIn(attacker);
      expect(again.record.id).toBe(first.record.id);
    });

    it("creates the account as a guest would, whatever token comes along", async () => {
      const user = person();
      const answer = await signedIn(user, {
        token: root.token,
        createData: { role: "admin" },
      });
      expect(answer.record).toMatchObject({ email: user.email, role: "" });
    });

    it("refuses createData that fails validation and leaves nothing behind", async () => {
      const user = person();
      const res = await signIn(user, { createData: { username: "x" } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: "Failed to create record.",
        data: { username: { code: "validation_min_text_constraint" } },
      });
      expect(await userByEmail(String(user.email))).toBeUndefined();
      const again = await signedIn(user);
      expect(again.meta.isNew).toBe(true);
    });

    it("creates no account without an email the provider verified", async () => {
      const user = person({ email_verified: false });
      const res = await signIn(user);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: "Failed to create record.",
        data: { email: { code: "validation_required" } },
      });
      expect(await userByEmail(String(user.email))).toBeUndefined();
    });

    it("never fetches the provider's avatar URL (B19)", async () => {
      let hits = 0;
      const listener = http.createServer((_req, res) => {
        hits += 1;
        res.writeHead(200, { "content-type": "image/png" });
        res.end("not really a png");
      });
      await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
      const { port } = listener.address() as AddressInfo;
      try {
        for (const picture of [
          `http://127.0.0.1:${String(port)}/avatar.png`,
          "http://169.254.169.254/latest/meta-data/",
          "http://[::1]:22/",
        ]) {
          const answer = await signedIn(person({ picture }));
          expect(answer.meta.avatarURL).toBe(picture);
          expect(answer.record.avatar).toBe("");
        }
        expect(hits).toBe(0);
      } finally {
        await new Promise((resolve) => listener.close(resolve));
      }
    });
  });

  describe("GitHub", () => {
    it("signs up with the verified primary address", async () => {
      const user = person({ name: "Octo Cat", preferred_username: `octo${String(sequence)}` });
      const answer = await signedIn(user, { name: "github" });
      expect(answer.record).toMatchObject({
        email: user.email,
        verified: true,
        name: "Octo Cat",
        username: user.preferred_username,
      });
      expect(answer.meta).toMatchObject({
        username: user.preferred_username,
        email: user.email,
        isNew: true,
      });
      expect(answer.meta.rawUser).toMatchObject({ login: user.preferred_username });
      expect(answer.meta.id).toMatch(/^\d+$/);
    });

    it("ignores unverified and non-primary addresses", async () => {
      const owner = await app.createUser({ email: `owner${String(sequence)}@example.com` });
      await setVerified(String(owner.record.id), true);
      const res = await signIn(
        {
          sub: `gh-${String(sequence)}`,
          github: {
            id: 900_000 + sequence,
            login: `ghost${String(sequence)}`,
            emails: [
              { email: `primary${String(sequence)}@example.com`, primary: true, verified: false },
              { email: String(owner.record.email), primary: false, verified: true },
            ],
          },
        },
        { name: "github" },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ data: { email: { code: "validation_required" } } });
      expect(await linksOf(String(owner.record.id))).toEqual([]);
    });
  });

  describe("linking", () => {
    it("links a verified account by its email, password kept", async () => {
      const account = await createAccount(app, {
        username: `linked${String(sequence)}`,
        email: `linked${String(sequence)}@example.com`,
        verified: true,
      });
      const answer = await signedIn(person({ email: String(account.record.email) }));
      expect(answer.meta.isNew).toBe(false);
      expect(answer.record.id).toBe(account.record.id);
      expect(await passwordLogin(String(account.record.email), "password123")).toBe(200);
      expect(await refresh(account.token)).toBe(200);
    });

    it("takes over an unverified account only after invalidating its password (B1)", async () => {
      // Someone registers the victim's address with their own password and keeps a token.
      const email = `b1-victim${String(sequence)}@example.com`;
      const squatter = await app.createUser({ email, password: "squatter-password" });
      expect(await passwordLogin(email, "squatter-password")).toBe(200);
      // And a passkey, as an unverified account could add before ADR 056.
      const passkey = await app.records.create(requireCollection("passkeys"), operatorRequest(), {
        user: squatter.record.id,
        name: "Squatter's key",
        credentialId: `squatter-key-${String(sequence)}`,
        publicKey: "AQID",
      });
      // The owner of the address signs in through the provider.
      const answer = await signedIn(person({ email: email.toUpperCase() }));
      expect(answer.meta.isNew).toBe(false);
      expect(answer.record).toMatchObject({ id: squatter.record.id, verified: true });
      expect(await passwordLogin(email, "squatter-password")).toBe(400);
      expect(await refresh(squatter.token)).toBe(401);
      expect(await refresh(answer.token)).toBe(200);
      // What the squatter set up is gone; the owner's new link stays (ADR 056).
      expect(await app.records.findById(requireCollection("passkeys"), String(passkey.id))).toBe(
        undefined,
      );
      expect(await linksOf(String(squatter.record.id))).toHaveLength(1);
    });

    it("secures an unverified account reached through an existing link", async () => {
      const user = person();
      const first = await signedIn(user);
      const id = String(first.record.id);
      await app.records.update(users, operatorRequest(), id, {
        verified: false,
        password: "set-by-someone",
        passwordConfirm: "set-by-someone",
      });
      expect(await passwordLogin(String(user.email), "set-by-someone")).toBe(200);
      const again = await signedIn(user);
      expect(again.record).toMatchObject({ id, verified: true });
      expect(await passwordLogin(String(user.email), "set-by-someone")).toBe(400);
    });

    it("links a provider to the signed-in account", async () => {
      const account = await createAccount(app, {
        username: `self${String(sequence)}`,
        email: `self${String(sequence)}@example.com`,
        verified: true,
      });
      const identity = person();
      const answer = await signedIn(identity, { name: "github", token: account.token });
      expect(answer.meta.isNew).toBe(false);
      expect(answer.record.id).toBe(account.record.id);
      expect(answer.record.email).toBe(account.record.email);
      expect(await passwordLogin(String(account.record.email), "password123")).toBe(200);
      // Later, that identity alone signs in to the account.
      const later = await signedIn(identity, { name: "github" });
      expect(later.record.id).toBe(account.record.id);
      // A second GitHub identity cannot join the same account.
      const other = await signIn(person(), { name: "github", token: account.token });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ message: "Failed to authenticate." });
    });

    it("links an unverified signed-in account only to an identity with its email (B2)", async () => {
      const account = await app.createUser({ email: `unverified${String(sequence)}@example.com` });
      const refused = await signIn(person(), { token: account.token });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: "Failed to authenticate.",
        data: { email: { code: "validation_unverified_email" } },
      });
      expect(await linksOf(String(account.record.id))).toEqual([]);
      const accepted = await signedIn(person({ email: String(account.record.email) }), {
        token: account.token,
      });
      expect(accepted.record).toMatchObject({ id: account.record.id, verified: true });
      // The owner was signed in: their password stays.
      expect(await passwordLogin(String(account.record.email), "password123")).toBe(200);
    });

    it("signs in to the linked account even when another user is signed in", async () => {
      const identity = person();
      const owner = await signedIn(identity);
      const other = await app.createUser();
      const answer = await signedIn(identity, { token: other.token });
      expect(answer.record.id).toBe(owner.record.id);
    });
  });

  describe("forged, foreign and replayed tokens (B3)", () => {
    const userRejections: Tamper[] = [
      "iss",
      "aud",
      "azp",
      "signature",
      "unknown-kid",
      "hs256",
      "none",
      "expired",
      "nonce",
      "no-nonce",
      "no-id-token",
    ];
    it.each(userRejections)("refuses an id_token with tamper %s", async (tamper) => {
      const user = person({ tamper });
      const res = await signIn(user);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        data: {},
        message: "Failed to fetch OAuth2 user.",
        status: 400,
      });
      expect(await userByEmail(String(user.email))).toBeUndefined();
    });

    it("reports a refused token request", async () => {
      const res = await signIn(person({ tamper: "token-error" }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: "Failed to fetch OAuth2 token." });
    });

    it("refuses an id_token minted for another login attempt (nonce)", async () => {
      const attempt = await provider();
      const other = await provider();
      // The provider was handed the other attempt's nonce.
      const url = new URL(attempt.authURL.slice(0, -"&redirect_uri=".length));
      url.searchParams.set("nonce", nonceFor(other.codeVerifier));
      const callback = await oidc.authorize(`${url.toString()}&redirect_uri=`, REDIRECT, person());
      const res = await submit({
        provider: "mock",
        code: callback.code,
        codeVerifier: attempt.codeVerifier,
        redirectURL: REDIRECT,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: "Failed to fetch OAuth2 user." });
    });

    it("refuses a code with another attempt's verifier, and a code used twice", async () => {
      const user = person();
      const { info, code } = await authorize(user);
      const other = await provider();
      const wrong = await submit({
        provider: "mock",
        code,
        codeVerifier: other.codeVerifier,
        redirectURL: REDIRECT,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ message: "Failed to fetch OAuth2 token." });

      const fresh = await authorize(user);
      const body = {
        provider: "mock",
        code: fresh.code,
        codeVerifier: fresh.info.codeVerifier,
        redirectURL: REDIRECT,
      };
      expect((await submit(body)).statusCode).toBe(200);
      const replay = await submit(body);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ message: "Failed to fetch OAuth2 token." });
      expect(info.codeVerifier).not.toBe(fresh.info.codeVerifier);
    });
  });

  describe("_externalAuths", () => {
    let owner: { token: string; record: RecordData };
    let stranger: { token: string; record: RecordData };
    let linkId = "";

    beforeAll(async () => {
      const answer = await signedIn(person());
      owner = { token: answer.token, record: answer.record };
      stranger = await app.createUser();
      const [link] = await linksOf(String(owner.record.id));
      linkId = String(link?.id);
    });

    it("shows a user their own links only", async () => {
      const own = await runScenario(app, {
        name: "owner lists",
        method: "GET",
        url: EXTERNAL_AUTHS,
        token: owner.token,
        expectedStatus: 200,
        expectedContent: ['"totalItems":1', `"recordRef":"${String(owner.record.id)}"`],
      });
      expect(own.json()).toMatchObject({ items: [{ id: linkId, provider: "mock" }] });
      for (const token of [stranger.token, undefined]) {
        await runScenario(app, {
          name: "others list",
          method: "GET",
          url: EXTERNAL_AUTHS,
          token,
          expectedStatus: 200,
          expectedContent: ['"totalItems":0'],
        });
      }
      await runScenario(app, {
        name: "owner views",
        method: "GET",
        url: `${EXTERNAL_AUTHS}/${linkId}`,
        token: owner.token,
        expectedStatus: 200,
      });
      await runScenario(app, {
        name: "a stranger views",
        method: "GET",
        url: `${EXTERNAL_AUTHS}/${linkId}`,
        token: stranger.token,
        expectedStatus: 404,
      });
      await runScenario(app, {
        name: "a superuser lists every link",
        method: "GET",
        url: `${EXTERNAL_AUTHS}?perPage=1`,
        token: root.token,
        expectedStatus: 200,
        notExpectedContent: ['"totalItems":0'],
      });
    });

    it("lets nobody but superusers write links", async () => {
      const body = {
        collectionRef: "_pb_users_auth_",
        recordRef: String(stranger.record.id),
        provider: "mock",
        providerId: "chosen-by-the-client",
      };
      await runScenario(app, {
        name: "a user creates a link",
        method: "POST",
        url: EXTERNAL_AUTHS,
        token: stranger.token,
        body,
        expectedStatus: 403,
      });
      await runScenario(app, {
        name: "a user updates their link",
        method: "PATCH",
        url: `${EXTERNAL_AUTHS}/${linkId}`,
        token: owner.token,
        body: { recordRef: String(stranger.record.id) },
        expectedStatus: 403,
      });
      await runScenario(app, {
        name: "a stranger deletes a link",
        method: "DELETE",
        url: `${EXTERNAL_AUTHS}/${linkId}`,
        token: stranger.token,
        expectedStatus: 404,
      });
    });

    it("lets the owner unlink, and removes links with their user", async () => {
      await runScenario(app, {
        name: "owner deletes",
        method: "DELETE",
        url: `${EXTERNAL_AUTHS}/${linkId}`,
        token: owner.token,
        expectedStatus: 204,
      });
      expect(await linksOf(String(owner.record.id))).toEqual([]);

      const answer = await signedIn(person());
      const id = String(answer.record.id);
      expect(await linksOf(id)).toHaveLength(1);
      await runScenario(app, {
        name: "delete the user",
        method: "DELETE",
        url: `${USERS}/records/${id}`,
        token: answer.token,
        expectedStatus: 204,
      });
      expect(await linksOf(id)).toEqual([]);
    });
  });
});
