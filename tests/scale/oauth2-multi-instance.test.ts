/**
 * Scale-out proof for OAuth2 sign-up: two server processes on one PostgreSQL database, each
 * receiving the callback of the same new person at the same moment (a double submit routed
 * to two instances). The database is the arbiter: the unique indexes on `users.email` and
 * `_externalAuths(collectionRef, provider, providerId)` let one attempt create the account
 * and turn the others into sign-ins, so every attempt succeeds into one account with one link.
 *
 * Runs when the PostgreSQL dialect is selected (`DIALECTS=…postgres` with `DATABASE_URL`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcServer, type OidcServer } from "#tests/helpers/oidc-server-process.ts";
import { cleanupInstances, startInstances, superuserToken } from "#tests/helpers/instances.ts";
import type { ServerProcess } from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const REDIRECT = "https://cahier.example.com/login";
const ROUNDS = 10;

interface ProviderInfo {
  name: string;
  authURL: string;
  codeVerifier: string;
}

describe.skipIf(!DIALECTS.includes("postgres"))("OAuth2 sign-up across instances", () => {
  let oidc: OidcServer;
  let a: ServerProcess;
  let b: ServerProcess;
  let rootToken: string;

  beforeAll(async () => {
    oidc = await startOidcServer();
    [a, b] = await startInstances(oidc.env({ github: false }));
    rootToken = await superuserToken(a);
  }, 120_000);
  afterAll(async () => {
    await cleanupInstances([b, a]);
    await (oidc as OidcServer | undefined)?.stop();
  });

  /** The provider entry of `server`'s auth-methods (a fresh state and verifier each call). */
  async function provider(server: ServerProcess): Promise<ProviderInfo> {
    const res = await fetch(`${server.url}/api/collections/users/auth-methods`);
    const body = (await res.json()) as { oauth2: { providers: ProviderInfo[] } };
    const found = body.oauth2.providers.find((p) => p.name === "mock");
    if (!found) throw new Error("no mock provider");
    return found;
  }

  /** Lists `collection` records matching `filter` as a superuser through A. */
  async function count(collection: string, filter: string): Promise<number> {
    const res = await fetch(
      `${a.url}/api/collections/${collection}/records?filter=${encodeURIComponent(filter)}`,
      { headers: { authorization: rootToken } },
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { totalItems: number }).totalItems;
  }

  it("gives simultaneous first sign-ins of one person on two instances one account", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = `twin${String(round)}${Math.random().toString(36).slice(2, 7)}`;
      const user = {
        sub: `sub-${id}`,
        email: `${id}@people.example.com`,
        email_verified: true,
        name: `Twin ${id}`,
        preferred_username: id,
      };
      const servers = [a, b, a, b, a, b];
      const attempts = await Promise.all(
        servers.map(async (server) => {
          const info = await provider(server);
          const { code } = await oidc.authorize(info.authURL, REDIRECT, user);
          return { server, info, code };
        }),
      );
      const answers = await Promise.all(
        attempts.map(async ({ server, info, code }) => {
          const res = await fetch(`${server.url}/api/collections/users/auth-with-oauth2`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              provider: "mock",
              code,
              codeVerifier: info.codeVerifier,
              redirectURL: REDIRECT,
            }),
          });
          return { status: res.status, body: await res.text() };
        }),
      );
      for (const answer of answers) expect(answer.status, answer.body).toBe(200);
      const ids = new Set(
        answers.map((answer) => (JSON.parse(answer.body) as { record: { id: string } }).record.id),
      );
      expect(ids.size, `round ${String(round)}`).toBe(1);
      const [accountId = ""] = [...ids];
      expect(await count("users", `email = "${user.email}"`)).toBe(1);
      expect(await count("users", `id = "${accountId}"`)).toBe(1);
      expect(await count("_externalAuths", `providerId = "${user.sub}"`)).toBe(1);
      expect(await count("_externalAuths", `recordRef = "${accountId}"`)).toBe(1);
    }
  }, 120_000);
});
