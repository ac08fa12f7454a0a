/**
 * The moderation page (`/writing/comments`, ADR 065) rendered by the server with real data: a
 * guest goes to `/login`; a writer sees the comments waiting on their own records first (never
 * another writer's), with their record's link, author, a guest's address and an excerpt;
 * approves two at once by a plain form post (one batch) and is redirected with the count; an
 * empty status says so; an admin sees every record's; `/writing` links the page with the
 * waiting count. English and French.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import {
  authCookie,
  type Login,
  mainOf as main,
  textOf as text,
  getPage,
} from "#tests/helpers/pages.ts";

describe.each(DIALECTS)("/writing/comments (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let olga: Login;
  let rita: Login;
  let adam: Login;
  const ids: Record<string, string> = {};

  const page = (url: string, login?: Login, lang = "en") => getPage(app, url, login, lang);
  const comment = async (record: string, content: string) => {
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/comments/records",
      headers: { authorization: rita.token },
      payload: { record, recordCollection: "posts", content },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string; status: string }>();
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", role: "writer" });
    olga = await app.createUser({ username: "olga", role: "writer" });
    rita = await app.createUser({ username: "rita", name: "Rita Reader" });
    adam = await app.createUser({ username: "adam", role: "admin" });
    const post = (login: Login, title: string, slug: string) =>
      app.seedRecord("posts", {
        author: login.record.id,
        title,
        slug,
        content: "Text.",
        status: "published",
        publishedAt: "2024-03-05 08:00:00.000Z",
      });
    ids.wandaPost = String((await post(wanda, "Wanda's post", "wanda-post")).id);
    ids.olgaPost = String((await post(olga, "Olga's post", "olga-post")).id);
    ids.first = (await comment(ids.wandaPost, "First **held** comment")).id;
    ids.second = (await comment(ids.wandaPost, "Second held comment")).id;
    ids.olga = (await comment(ids.olgaPost, "On Olga's post")).id;
  });

  afterAll(async () => {
    await app.close();
  });

  it("sends a guest to the login page", async () => {
    const res = await page("/writing/comments");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain("/login");
  });

  it("lists the comments waiting on the writer's own records, with record, author and excerpt", async () => {
    const res = await page("/writing/comments", wanda);
    expect(res.statusCode).toBe(200);
    const shown = main(res.body);
    expect(text(shown)).toMatch(/Waiting 2 Approved 0 Spam 0 Rejected 0/);
    expect(shown).toContain('aria-current="page"');
    expect(text(shown)).toContain("First held comment");
    expect(text(shown)).toContain("Second held comment");
    expect(text(shown)).not.toContain("On Olga");
    expect(shown).toContain('href="/post/wanda/wanda-post"');
    expect(text(shown)).toContain("Rita Reader");
    // Each comment has a labelled checkbox, the actions are buttons of one form.
    expect(shown).toContain('aria-label="Select the comment of Rita Reader"');
    expect(shown).toMatch(/<legend[^>]*>With the selected comments<\/legend>/);
    expect(shown).toMatch(/<button type="submit" value="approve"[^>]*name="intent"/);
  });

  it("links the page from /writing with the waiting count", async () => {
    const shown = main((await page("/writing", wanda)).body);
    expect(shown).toContain('href="/writing/comments"');
    expect(text(shown)).toContain("Comments (2 waiting)");
    expect(text(main((await page("/writing", wanda, "fr")).body))).toContain(
      "Commentaires (2 en attente)",
    );
  });

  it("approves the selected comments at once and says how many", async () => {
    const res = await app.http.inject({
      method: "POST",
      url: "/writing/comments",
      headers: {
        cookie: `${authCookie(wanda)}; locale=en`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: `status=pending&intent=approve&ids=${ids.first ?? ""}&ids=${ids.second ?? ""}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/writing/comments?done=2");
    const after = main((await page("/writing/comments?done=2", wanda)).body);
    expect(text(after)).toContain("2 comments changed.");
    expect(text(after)).toContain("Nothing waits for your approval.");
    const approved = main((await page("/writing/comments?status=approved", wanda)).body);
    expect(text(approved)).toContain("First held comment");
    // Readers see them now.
    expect(text(main((await page("/post/wanda/wanda-post")).body))).toContain("2 comments");
  });

  it("refuses an action without a selection, and another writer's comments", async () => {
    const none = await app.http.inject({
      method: "POST",
      url: "/writing/comments",
      headers: {
        cookie: `${authCookie(wanda)}; locale=en`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "status=pending&intent=approve",
    });
    expect(none.statusCode).toBe(400);
    expect(text(main(none.body))).toContain("Select at least one comment first.");
    const foreign = await app.http.inject({
      method: "POST",
      url: "/writing/comments",
      headers: {
        cookie: `${authCookie(wanda)}; locale=en`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: `status=pending&intent=approve&ids=${ids.olga ?? ""}`,
    });
    // The batch fails as a whole (PocketBase's 400), and the comment still waits for Olga.
    expect(foreign.statusCode).toBe(400);
    expect(text(main(foreign.body))).toContain("Something went wrong");
    const olgas = text(main((await page("/writing/comments", olga)).body));
    expect(olgas).toContain("On Olga");
    expect(olgas).toMatch(/Waiting 1/);
  });

  it("offers the daily digest of waiting comments in the account's settings, as stored", async () => {
    const before = (await page("/profileSettings", wanda)).body;
    const box = (html: string) => /<input type="checkbox"[^>]*name="digest"[^>]*>/.exec(html)?.[0];
    expect(box(before)).toBeDefined();
    expect(box(before)).not.toContain("checked");
    expect(text(main(before))).toContain("One daily summary of the comments waiting for me");
    const saved = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/users/records/${String(wanda.record.id)}`,
      headers: { authorization: wanda.token },
      payload: { commentDigest: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(box((await page("/profileSettings", wanda, "fr")).body)).toContain('checked=""');
  });

  it("shows an admin every record's comments, in French too", async () => {
    const shown = text(main((await page("/writing/comments", adam, "fr")).body));
    expect(shown).toContain("Les commentaires de tous les articles");
    expect(shown).toContain("Sur Olga's post");
    expect(shown).toMatch(/En attente 1/);
  });
});
