/**
 * SDK compatibility of OAuth2 sign-in: `listAuthMethods()` and `authWithOAuth2Code()` of the
 * official `pocketbase` SDK against a real server process configured with a real OpenID
 * Connect provider process (oauth2-mock-server) and its GitHub paths.
 */
import PocketBase, { ClientResponseError } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcServer, type OidcServer } from "#tests/helpers/oidc-server-process.ts";
import { startServer, type ServerProcess } from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const REDIRECT = "http://127.0.0.1/login";

describe.each(DIALECTS)("SDK OAuth2 (%s)", (dialect) => {
  let oidc: OidcServer;
  let server: ServerProcess;

  beforeAll(async () => {
    oidc = await startOidcServer();
    server = await startServer(dialect, oidc.env());
  });
  afterAll(async () => {
    await server.cleanup();
    await oidc.stop();
  });

  const client = () => new PocketBase(server.url).autoCancellation(false);

  it.each(["mock", "github"])(
    "signs up and in with %s through authWithOAuth2Code",
    async (name) => {
      const pb = client();
      const methods = await pb.collection("users").listAuthMethods();
      expect(methods.oauth2.enabled).toBe(true);
      const provider = methods.oauth2.providers.find((p) => p.name === name);
      if (!provider) throw new Error(`no ${name}`);
      const person = {
        sub: `compat-${name}`,
        email: `compat-${name}@example.com`,
        email_verified: true,
        name: `Compat ${name}`,
        preferred_username: `compat_${name}`,
      };
      const { code, state } = await oidc.authorize(provider.authURL, REDIRECT, person);
      expect(state).toBe(provider.state);
      const answer = await pb
        .collection("users")
        .authWithOAuth2Code(name, code, provider.codeVerifier, REDIRECT, { locale: "fr" });
      expect(pb.authStore.isValid).toBe(true);
      expect(pb.authStore.record).toMatchObject({
        email: person.email,
        verified: true,
        username: person.preferred_username,
        locale: "fr",
      });
      expect(answer.meta).toMatchObject({ email: person.email, isNew: true });
      const refreshed = await pb.collection("users").authRefresh();
      expect(refreshed.record.id).toBe(answer.record.id);

      // The same person again: the same account.
      const again = await pb.collection("users").listAuthMethods();
      const next = again.oauth2.providers.find((p) => p.name === name);
      if (!next) throw new Error(`no ${name}`);
      const second = await oidc.authorize(next.authURL, REDIRECT, person);
      const back = await client()
        .collection("users")
        .authWithOAuth2Code(name, second.code, next.codeVerifier, REDIRECT);
      expect(back.record.id).toBe(answer.record.id);
      expect(back.meta?.isNew).toBe(false);
    },
  );

  it("rejects a wrong verifier and an unknown provider with ClientResponseErrors", async () => {
    const pb = client();
    const methods = await pb.collection("users").listAuthMethods();
    const [first, second] = [
      methods.oauth2.providers.find((p) => p.name === "mock"),
      (await pb.collection("users").listAuthMethods()).oauth2.providers.find(
        (p) => p.name === "mock",
      ),
    ];
    if (!first || !second) throw new Error("no mock provider");
    const { code } = await oidc.authorize(first.authURL, REDIRECT, { sub: "compat-wrong" });
    const wrong = pb
      .collection("users")
      .authWithOAuth2Code("mock", code, second.codeVerifier, REDIRECT);
    await expect(wrong).rejects.toBeInstanceOf(ClientResponseError);
    await expect(wrong).rejects.toMatchObject({
      status: 400,
      response: { message: "Failed to fetch OAuth2 token." },
    });
    await expect(
      pb.collection("users").authWithOAuth2Code("gitlab", "x", first.codeVerifier, REDIRECT),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { provider: { code: "validation_invalid_provider" } } },
    });
    expect(pb.authStore.isValid).toBe(false);
  });
});
