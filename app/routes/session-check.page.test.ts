/**
 * The session of a page request (ADR 048): server rendering confirms the `pb_auth` cookie with
 * the server's own token check, so pages and client-side navigations (`.data` requests) make
 * no auth-refresh, and the request log holds none; the browser renews its token itself. The
 * check is auth-refresh's: the account as it is now (a new role shows at once), a token that
 * is forged, expired or of a deleted account renders a guest page, and a "View as" token
 * (not refreshable) still renders its account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";

const HOST = "journal.test";

describe.each(DIALECTS)("the session of page requests (%s)", (dialect) => {
  let app: TestApp;
  let root: Login;

  const get = (url: string, cookie?: string) =>
    app.http.inject({ method: "GET", url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });

  /** The request log's auth-refresh entries (read as a superuser; reading flushes the log). */
  async function authRefreshes(): Promise<number> {
    // POST only: this very listing's address names auth-refresh too.
    const filter = encodeURIComponent('data.method = "POST" && data.url ~ "/auth-refresh"');
    const res = await app.http.inject({
      method: "GET",
      url: `/api/logs?filter=${filter}&perPage=1`,
      headers: { authorization: root.token },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ totalItems: number }>().totalItems;
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    root = await app.createSuperuser();
  });
  afterAll(async () => {
    await app.close();
  });

  it("renders signed-in pages and client navigations without any auth-refresh", async () => {
    const ada = await app.createUser({ username: "ada", name: "Ada Lovelace" });
    const cookie = authCookie(ada);
    const before = await authRefreshes();
    for (const url of ["/", "/archive", "/collections", "/blog", "/entry/create"]) {
      const res = await get(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('href="/profile/ada"');
    }
    // Client-side navigations load their data from `{path}.data`.
    for (const url of ["/archive.data", "/collections.data", "/entry/create.data"]) {
      const res = await get(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("Ada Lovelace");
    }
    expect(await authRefreshes()).toBe(before);

    // The count does see an auth-refresh when one is made (the browser's, at app start).
    const refreshed = await app.http.inject({
      method: "POST",
      url: "/api/collections/users/auth-refresh",
      headers: { authorization: ada.token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(await authRefreshes()).toBe(before + 1);
  });

  it("shows the account as it is now, not as the cookie remembers it", async () => {
    const ben = await app.createUser({ username: "ben" });
    const cookie = authCookie(ben);
    expect((await get("/post/create", cookie)).statusCode).toBe(403);
    const promoted = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/users/records/${String(ben.record.id)}`,
      headers: { authorization: root.token },
      payload: { role: "writer" },
    });
    expect(promoted.statusCode).toBe(200);
    // Same cookie, same token: the new role counts at once.
    expect((await get("/post/create", cookie)).statusCode).toBe(200);
  });

  it("renders a guest for a forged, an expired or a deleted account's token", async () => {
    const cleo = await app.createUser({ username: "cleo" });
    const [head, payload] = cleo.token.split(".");
    const forged = { ...cleo, token: `${head ?? ""}.${payload ?? ""}.bm90LXRoZS1zaWduYXR1cmU` };
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as object;
    const stale = Buffer.from(JSON.stringify({ ...claims, exp: 1 })).toString("base64url");
    const expired = { ...cleo, token: `${head ?? ""}.${stale}.x` };
    for (const login of [forged, expired]) {
      const res = await get("/entry/create", authCookie(login));
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("/login?redirectTo=%2Fentry%2Fcreate");
      expect((await get("/", authCookie(login))).body).not.toContain('href="/profile/cleo"');
    }
    const deleted = await app.http.inject({
      method: "DELETE",
      url: `/api/collections/users/records/${String(cleo.record.id)}`,
      headers: { authorization: cleo.token },
    });
    expect(deleted.statusCode).toBe(204);
    const res = await get("/", authCookie(cleo));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('href="/profile/cleo"');
  });

  it('renders the account of a "View as" token, which is not refreshable', async () => {
    const dana = await app.createUser({ username: "dana", name: "Dana Viewed" });
    const impersonated = await app.http.inject({
      method: "POST",
      url: `/api/collections/users/impersonate/${String(dana.record.id)}`,
      headers: { authorization: root.token },
      payload: { duration: 600 },
    });
    expect(impersonated.statusCode).toBe(200);
    const login = impersonated.json<{ token: string; record: Record<string, unknown> }>();
    const res = await get("/", authCookie(login));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Dana Viewed");
  });
});
