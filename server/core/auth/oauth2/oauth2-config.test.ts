/** OAuth2 providers from the environment: the variable scheme and its error messages. */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../config.ts";
import { GOOGLE_METADATA, parseOAuth2Env } from "./oauth2-config.ts";
import { codeChallenge, nonceFor, randomCodeVerifier, randomState } from "./pkce.ts";
import { buildAuthUrl } from "./provider.ts";
import { cleanUsername, uniqueUsername } from "./usernames.ts";

describe("parseOAuth2Env", () => {
  it("has no provider by default", () => {
    expect(parseOAuth2Env({})).toEqual({ providers: [], errors: [] });
    expect(loadConfig({}).oauth2).toEqual([]);
  });

  it("reads GitHub, Google and any number of OpenID Connect issuers", () => {
    const { providers, errors } = parseOAuth2Env({
      OAUTH2_GITHUB_CLIENT_ID: "gh-id",
      OAUTH2_GITHUB_CLIENT_SECRET: "gh-secret",
      OAUTH2_GOOGLE_CLIENT_ID: "g-id",
      OAUTH2_GOOGLE_CLIENT_SECRET: "g-secret",
      OAUTH2_GOOGLE_DISPLAY_NAME: "Google account",
      OAUTH2_OIDC_MY_IDP_ISSUER: "https://id.example.com/realms/cahier/",
      OAUTH2_OIDC_MY_IDP_CLIENT_ID: "cahier",
      OAUTH2_OIDC_MY_IDP_CLIENT_SECRET: "s3cret",
      OAUTH2_OIDC_MY_IDP_DISPLAY_NAME: "Example ID",
      OAUTH2_OIDC_MY_IDP_SCOPES: "openid email",
      OAUTH2_OIDC_LOCAL_ISSUER: "http://127.0.0.1:8080",
      OAUTH2_OIDC_LOCAL_CLIENT_ID: "public-client",
      OAUTH2_OIDC_EMPTY_ISSUER: "  ",
    });
    expect(errors).toEqual([]);
    expect(providers).toEqual([
      {
        kind: "github",
        name: "github",
        displayName: "GitHub",
        clientId: "gh-id",
        clientSecret: "gh-secret",
        webUrl: "https://github.com",
        apiUrl: "https://api.github.com",
      },
      {
        kind: "oidc",
        name: "google",
        displayName: "Google account",
        clientId: "g-id",
        clientSecret: "g-secret",
        issuer: "https://accounts.google.com",
        scopes: ["openid", "email", "profile"],
        metadata: GOOGLE_METADATA,
      },
      {
        kind: "oidc",
        name: "local",
        displayName: "LOCAL",
        clientId: "public-client",
        clientSecret: "",
        issuer: "http://127.0.0.1:8080",
        scopes: ["openid", "email", "profile"],
      },
      {
        kind: "oidc",
        name: "my-idp",
        displayName: "Example ID",
        clientId: "cahier",
        clientSecret: "s3cret",
        issuer: "https://id.example.com/realms/cahier/",
        scopes: ["openid", "email"],
      },
    ]);
  });

  it("reads GitHub Enterprise Server URLs", () => {
    const { providers } = parseOAuth2Env({
      OAUTH2_GITHUB_CLIENT_ID: "id",
      OAUTH2_GITHUB_CLIENT_SECRET: "secret",
      OAUTH2_GITHUB_URL: "https://ghe.example.com/",
      OAUTH2_GITHUB_API_URL: "https://ghe.example.com/api/v3",
    });
    expect(providers[0]).toMatchObject({
      webUrl: "https://ghe.example.com",
      apiUrl: "https://ghe.example.com/api/v3",
    });
  });

  it.each([
    [
      { OAUTH2_GITHUB_CLIENT_ID: "id" },
      "OAUTH2_GITHUB_CLIENT_ID and OAUTH2_GITHUB_CLIENT_SECRET must be set together",
    ],
    [
      { OAUTH2_GOOGLE_CLIENT_SECRET: "s" },
      "OAUTH2_GOOGLE_CLIENT_ID and OAUTH2_GOOGLE_CLIENT_SECRET must be set together",
    ],
    [{ OAUTH2_GITHUB_CLIENTID: "x" }, "OAUTH2_GITHUB_CLIENTID: unknown variable"],
    [{ OAUTH2_GITLAB_CLIENT_ID: "x" }, "OAUTH2_GITLAB_CLIENT_ID: unknown OAuth2 provider"],
    [{ OAUTH2_OIDC_ACME_ISUER: "https://x" }, "OAUTH2_OIDC_ACME_ISUER: unknown variable"],
    [{ OAUTH2_OIDC_acme_ISSUER: "https://x" }, "OAUTH2_OIDC_acme_ISSUER: unknown variable"],
    [{ OAUTH2_OIDC_ACME_CLIENT_ID: "x" }, "OAUTH2_OIDC_ACME_ISSUER must be set"],
    [
      { OAUTH2_OIDC_ACME_ISSUER: "https://id.example.com" },
      "OAUTH2_OIDC_ACME_CLIENT_ID must be set",
    ],
    [
      { OAUTH2_OIDC_ACME_ISSUER: "http://id.example.com", OAUTH2_OIDC_ACME_CLIENT_ID: "x" },
      "OAUTH2_OIDC_ACME_ISSUER: must be an https URL (http only on localhost or 127.0.0.1)",
    ],
    [
      { OAUTH2_OIDC_ACME_ISSUER: "not a url", OAUTH2_OIDC_ACME_CLIENT_ID: "x" },
      "OAUTH2_OIDC_ACME_ISSUER: must be an absolute URL",
    ],
    [
      { OAUTH2_OIDC_ACME_ISSUER: "https://u:p@id.example.com", OAUTH2_OIDC_ACME_CLIENT_ID: "x" },
      "OAUTH2_OIDC_ACME_ISSUER: must not contain credentials",
    ],
    [
      {
        OAUTH2_OIDC_ACME_ISSUER: "https://id.example.com",
        OAUTH2_OIDC_ACME_CLIENT_ID: "x",
        OAUTH2_OIDC_ACME_SCOPES: "email profile",
      },
      "OAUTH2_OIDC_ACME_SCOPES: must include openid",
    ],
    [
      { OAUTH2_OIDC_GITHUB_ISSUER: "https://id.example.com", OAUTH2_OIDC_GITHUB_CLIENT_ID: "x" },
      "the name github is taken by the built-in provider",
    ],
    [
      {
        OAUTH2_GITHUB_CLIENT_ID: "id",
        OAUTH2_GITHUB_CLIENT_SECRET: "secret",
        OAUTH2_GITHUB_API_URL: "ftp://api.example.com",
      },
      "OAUTH2_GITHUB_API_URL: must be an https URL",
    ],
    [
      {
        OAUTH2_GITHUB_CLIENT_ID: "id",
        OAUTH2_GITHUB_CLIENT_SECRET: "secret",
        OAUTH2_GITHUB_DISPLAY_NAME: "x".repeat(61),
      },
      "OAUTH2_GITHUB_DISPLAY_NAME: must be at most 60 characters",
    ],
  ])("rejects %j with a clear message", (env, message) => {
    const { providers, errors } = parseOAuth2Env(env);
    expect(providers).toEqual([]);
    expect(errors.join("\n")).toContain(message);
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe("PKCE, nonce and authorization URLs", () => {
  it("makes PocketBase-sized random values and RFC 7636 challenges", () => {
    expect(randomState()).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(randomCodeVerifier()).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(randomState()).not.toBe(randomState());
    // RFC 7636 appendix B.
    expect(codeChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
    const verifier = randomCodeVerifier();
    expect(nonceFor(verifier)).toBe(nonceFor(verifier));
    expect(nonceFor(verifier)).not.toBe(codeChallenge(verifier));
    expect(nonceFor(verifier)).not.toBe(nonceFor(randomCodeVerifier()));
  });

  it("sorts and form-encodes parameters as Go's oauth2 package does", () => {
    expect(
      buildAuthUrl("https://id.example.com/auth", { state: "s", scope: "a b:c", client_id: "x" }),
    ).toBe("https://id.example.com/auth?client_id=x&scope=a+b%3Ac&state=s");
    expect(buildAuthUrl("https://id.example.com/auth?tenant=1", { state: "s" })).toBe(
      "https://id.example.com/auth?tenant=1&state=s",
    );
  });
});

describe("usernames", () => {
  it("keeps the username alphabet only", () => {
    expect(cleanUsername("Zoë Ünïcode")).toBe("Zoe_Unicode");
    expect(cleanUsername("a+b@c")).toBe("abc");
    expect(cleanUsername("名前")).toBe("");
    expect(cleanUsername("x".repeat(40))).toHaveLength(30);
  });

  it("adds a suffix when taken or too short, and gives up after a few tries", async () => {
    const taken = new Set(["olive"]);
    const isTaken = (name: string) => Promise.resolve(taken.has(name.toLowerCase()));
    expect(await uniqueUsername(["olive"], isTaken)).toMatch(/^olive\d{4}$/);
    expect(await uniqueUsername(["", "名前", "jo"], isTaken)).toMatch(/^jo\d{4}$/);
    expect(await uniqueUsername(["", ""], isTaken)).toMatch(/^user\d{4}$/);
    expect(await uniqueUsername(["x".repeat(30)], () => Promise.resolve(true))).toBe("");
  });
});
