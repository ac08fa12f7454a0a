/**
 * Probe finding F6: a path segment of thousands of characters names no page. Every page route
 * answers the 404 page for it, for guests and signed-in writers alike, and nothing reaches the
 * error log (the values become API filters longer than the API accepts, which the API refuses
 * with a 400; the pages turn that into their 404).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const LONG = "a".repeat(4000);

/** Page addresses with one very long segment in each place a route reads. */
const URLS = [
  `/${LONG}`,
  `/@${LONG}`,
  `/@${LONG}/feed.xml`,
  `/post/${LONG}/title`,
  `/post/wanda/${LONG}`,
  `/post/update/${LONG}`,
  `/entry/${LONG}/name`,
  `/entry/wanda/${LONG}`,
  `/entry/update/${LONG}`,
  `/collection/${LONG}/name`,
  `/collection/wanda/${LONG}`,
  `/collections/${LONG}`,
  `/archive/${LONG}`,
];

describe.each(DIALECTS)("very long path segments (%s)", (dialect) => {
  let app: TestApp;
  let writer: Login;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    writer = await app.createUser({ username: "wanda", role: "writer" });
  });

  afterAll(async () => {
    await app.close();
  });

  it.each([
    ["a guest", false],
    ["a signed-in writer", true],
  ] as const)("answer the 404 page to %s, without logging an error", async (_who, signedIn) => {
    const logged = vi.spyOn(console, "error");
    for (const url of URLS) {
      const res = await app.http.inject({
        method: "GET",
        url,
        headers: signedIn ? { cookie: authCookie(writer) } : {},
      });
      expect(res.statusCode, url.slice(0, 40)).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
    }
    expect(logged).not.toHaveBeenCalled();
  });
});
