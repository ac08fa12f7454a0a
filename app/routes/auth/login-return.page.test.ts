/**
 * Issue 23 finding 4: `/login?redirectTo=/..//evil.example` answered a signed-in visitor
 * `302 Location: //evil.example`, a protocol-relative address of another site. The login page
 * sends a signed-in visitor only to a page of this site.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCookie } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("where the login page sends a signed-in visitor (%s)", (dialect) => {
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    cookie = authCookie(await app.createUser({ username: "ada" }));
  });
  afterAll(async () => {
    await app.close();
  });

  const location = async (redirectTo: string) => {
    const res = await app.http.inject({
      method: "GET",
      url: `/login?redirectTo=${encodeURIComponent(redirectTo)}`,
      headers: { host: "journal.test", cookie },
    });
    expect(res.statusCode, redirectTo).toBe(302);
    return String(res.headers.location);
  };

  it("back to the page of this site it came from", async () => {
    expect(await location("/archive?year=2026")).toBe("/archive?year=2026");
  });

  it("home, never to another site, whatever dots and slashes the path holds", async () => {
    for (const redirectTo of [
      "/..//evil.example",
      "/../..//evil.example/login",
      "/./..//evil.example",
      "/..\\/evil.example",
      "//evil.example",
      "https://evil.example/",
    ]) {
      const target = await location(redirectTo);
      expect(new URL(target, "https://journal.test").host, redirectTo).toBe("journal.test");
      expect(target, redirectTo).toBe("/");
    }
  });
});
