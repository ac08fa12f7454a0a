/**
 * Usernames in any case in the addresses of entries, posts and collections (ADR 034,
 * ADR 037), rendered by the app's HTTP server: `/entry/{username}/{name}`,
 * `/post/{username}/{title}`, `/collection/{username}/{name}`, their update pages and the
 * collection feeds answer a 301 to the stored spelling with the query kept, for whoever may
 * read the record; what the visitor may not read (or what does not exist) stays a 404 in
 * any spelling, and LIKE wildcards in the URL name nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";

describe.each(DIALECTS)("usernames in any case in record addresses (%s)", (dialect) => {
  let app: TestApp;
  let zoe: Login;
  let paul: Login;
  let root: Login;
  const names = { public: "", unlisted: "", private: "", post: "", draft: "" };
  const collections = { public: "", unlisted: "" };

  const page = (url: string, login?: Login) =>
    app.http.inject({
      method: "GET",
      url,
      headers: login ? { cookie: authCookie(login) } : {},
    });

  /** Expects each URL to answer a 301 to its location. */
  async function expectRedirects(pairs: readonly (readonly [string, string])[], login?: Login) {
    for (const [url, location] of pairs) {
      const res = await page(url, login);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    }
  }

  /** Expects each URL to answer a 404. */
  async function expectNotFound(urls: readonly string[], login?: Login) {
    for (const url of urls) expect((await page(url, login)).statusCode, url).toBe(404);
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    zoe = await app.createUser({ username: "Zoe_Ray", name: "Zoe Ray", role: "writer" });
    paul = await app.createUser({ username: "paul" });
    root = await app.createSuperuser();
    const author = String(zoe.record.id);
    const entry = async (title: string, visibility: string) =>
      String(
        (await app.seedRecord("entries", { author, title, content: `${title}.`, visibility })).name,
      );
    names.public = await entry("Open notes", "public");
    names.unlisted = await entry("Link notes", "unlisted");
    names.private = await entry("Own notes", "private");
    const post = async (title: string, status: string) =>
      String(
        (
          await app.seedRecord("posts", {
            author,
            title,
            content: `${title}.`,
            status,
            publishedAt: "2025-06-01 09:00:00.000Z",
          })
        ).slug,
      );
    names.post = await post("Spring walk", "published");
    names.draft = await post("Unfinished walk", "draft");
    const collection = async (title: string, visibility: string) =>
      String((await app.seedRecord("collections", { owner: author, title, visibility })).name);
    collections.public = await collection("Field book", "public");
    collections.unlisted = await collection("Link book", "unlisted");
  });
  afterAll(async () => {
    await app.close();
  });

  it("keeps the stored spelling at one request: 200, no redirect", async () => {
    for (const url of [
      `/entry/Zoe_Ray/${names.public}`,
      `/post/Zoe_Ray/${names.post}`,
      `/collection/Zoe_Ray/${collections.public}`,
      `/collection/Zoe_Ray/${collections.public}/rss.xml`,
    ]) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
  });

  it("redirects a guest's other spelling of public pages and feeds, query kept", async () => {
    await expectRedirects([
      [`/entry/zoe_ray/${names.public}`, `/entry/Zoe_Ray/${names.public}`],
      [`/entry/ZOE_RAY/${names.public}?ref=mail`, `/entry/Zoe_Ray/${names.public}?ref=mail`],
      [`/entry/zOE_rAY/${names.unlisted}`, `/entry/Zoe_Ray/${names.unlisted}`],
      [`/post/zoe_ray/${names.post}?utm=x`, `/post/Zoe_Ray/${names.post}?utm=x`],
      [`/collection/ZOE_RAY/${collections.public}`, `/collection/Zoe_Ray/${collections.public}`],
      [
        `/collection/zoe_ray/${collections.unlisted}?page=2`,
        `/collection/Zoe_Ray/${collections.unlisted}?page=2`,
      ],
      [
        `/collection/zoe_ray/${collections.public}/rss.xml`,
        `/collection/Zoe_Ray/${collections.public}/rss.xml`,
      ],
      [
        `/collection/ZOE_RAY/${collections.public}/atom.xml`,
        `/collection/Zoe_Ray/${collections.public}/atom.xml`,
      ],
      [
        `/collection/Zoe_ray/${collections.public}/feed.json`,
        `/collection/Zoe_Ray/${collections.public}/feed.json`,
      ],
    ]);
  });

  it("answers 404, not a redirect, for what the visitor may not read in any spelling", async () => {
    // A guest and another user: the private entry and the draft are not theirs to see.
    for (const login of [undefined, paul]) {
      await expectNotFound(
        [
          `/entry/zoe_ray/${names.private}`,
          `/post/zoe_ray/${names.draft}`,
          // Only what is public is syndicated.
          `/collection/zoe_ray/${collections.unlisted}/rss.xml`,
        ],
        login,
      );
    }
    // The author (and a superuser) are redirected to them.
    await expectRedirects(
      [
        [`/entry/zoe_ray/${names.private}`, `/entry/Zoe_Ray/${names.private}`],
        [`/post/ZOE_RAY/${names.draft}`, `/post/Zoe_Ray/${names.draft}`],
      ],
      zoe,
    );
    await expectRedirects(
      [[`/entry/zoe_ray/${names.private}`, `/entry/Zoe_Ray/${names.private}`]],
      root,
    );
  });

  it("answers 404 for unknown names, prefixes and LIKE wildcards", async () => {
    await expectNotFound([
      `/entry/zoe_ray/no-such-entry`,
      `/entry/nobody/${names.public}`,
      `/entry/ZOE/${names.public}`,
      `/entry/Z_E_RAY/${names.public}`,
      `/entry/ZOE%25/${names.public}`,
      `/post/%25/${names.post}`,
      `/collection/zoe%5F%5Fay/${collections.public}`,
      `/collection/ZOE_RA_/${collections.public}/rss.xml`,
    ]);
  });

  it("redirects the update pages to the stored spelling, then checks who may edit", async () => {
    const updates = [
      [`/entry/update/zoe_ray/${names.public}`, `/entry/update/Zoe_Ray/${names.public}`],
      [
        `/post/update/ZOE_RAY/${names.post}?from=list`,
        `/post/update/Zoe_Ray/${names.post}?from=list`,
      ],
      [
        `/collection/update/zoe_RAY/${collections.public}`,
        `/collection/update/Zoe_Ray/${collections.public}`,
      ],
    ] as const;
    await expectRedirects(updates, zoe);
    for (const [, location] of updates) {
      expect((await page(location, zoe)).statusCode, location).toBe(200);
    }
    // Someone else is redirected too (the record is public), and then refused.
    await expectRedirects(updates, paul);
    expect((await page(`/entry/update/Zoe_Ray/${names.public}`, paul)).statusCode).toBe(403);
    // A guest signs in first, whatever the spelling.
    const guest = await page(`/entry/update/zoe_ray/${names.public}`);
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`/entry/update/zoe_ray/${names.public}`)}`,
    );
    // Another user's private entry stays unknown in any spelling.
    await expectNotFound([`/entry/update/zoe_ray/${names.private}`], paul);
  });
});
