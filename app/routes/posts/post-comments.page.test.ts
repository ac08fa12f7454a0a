/**
 * The comments under a post and a public entry (ADR 065), rendered by the server with real
 * data: "N comments" and the approved comments rendered from Markdown; a reader's comment
 * sent by a plain form post (no JavaScript) is held, the page says so after its redirect and
 * shows it to its author marked as waiting, and to nobody else; once approved a guest reads
 * it; a refused comment renders the page again with the field's error; closed and members-only
 * records, guests (a form with a hidden honeypot when the site allows them), and no section on
 * a draft or a private entry. English and French.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login, textOf as text, getPage } from "#tests/helpers/pages.ts";

/** The comments section of a page, `""` when it has none. */
function section(html: string): string {
  const start = html.indexOf('<section id="comments"');
  return start < 0 ? "" : html.slice(start, html.indexOf("</section>", start));
}

describe.each(DIALECTS)("comments on reading pages (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let rita: Login;
  let root: Login;
  let postPath = "";
  let entryPath = "";
  let postId = "";

  const page = (url: string, login?: Login, lang = "en") => getPage(app, url, login, lang);
  const send = (url: string, login: Login | undefined, body: Record<string, string>) =>
    app.http.inject({
      method: "POST",
      url,
      headers: {
        cookie: `${login ? `${authCookie(login)}; ` : ""}locale=en`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams(body).toString(),
    });
  const settings = (comments: object) =>
    app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token },
      payload: { comments },
    });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    rita = await app.createUser({ username: "rita", name: "Rita Reader" });
    root = await app.createSuperuser();
    const post = await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Open post",
      slug: "open-post",
      content: "The text.",
      status: "published",
      publishedAt: "2024-03-05 08:00:00.000Z",
    });
    postId = String(post.id);
    postPath = "/post/wanda/open-post";
    await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Closed post",
      slug: "closed-post",
      content: "The text.",
      status: "published",
      publishedAt: "2024-03-05 08:00:00.000Z",
      comments: "closed",
    });
    await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Members post",
      slug: "members-post",
      content: "The text.",
      status: "published",
      publishedAt: "2024-03-05 08:00:00.000Z",
      comments: "members",
    });
    await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Draft post",
      slug: "draft-post",
      content: "The text.",
      status: "draft",
    });
    await app.seedRecord("entries", {
      author: wanda.record.id,
      title: "Public entry",
      name: "public-entry",
      content: "An entry.",
      visibility: "public",
    });
    entryPath = "/entry/wanda/public-entry";
    await app.seedRecord("entries", {
      author: wanda.record.id,
      title: "Private entry",
      name: "private-entry",
      content: "Mine.",
      visibility: "private",
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it("shows an empty section under a live post: no comments, and sign in for a guest", async () => {
    const res = await page(postPath);
    expect(res.statusCode).toBe(200);
    const shown = section(res.body);
    expect(text(shown)).toContain("No comments");
    expect(shown).toContain('href="/login?redirectTo=%2Fpost%2Fwanda%2Fopen-post%23comments"');
    expect(shown).not.toContain("<form");
  });

  it("tells a superuser they do not comment, instead of asking them to sign in", async () => {
    const shown = section((await page(postPath, root)).body);
    expect(shown).not.toContain("/login?redirectTo");
    expect(shown).not.toContain("<form");
    expect(text(shown)).toContain("Superusers do not comment");
    expect(text(section((await page(postPath, root, "fr")).body))).toContain(
      "Les superutilisateurs ne commentent pas",
    );
  });

  it("offers a signed-in reader a labelled form that works without JavaScript", async () => {
    const shown = section((await page(postPath, rita)).body);
    expect(shown).toMatch(/<form[^>]*method="post"/);
    expect(shown).toMatch(/<label[^>]*for="[^"]+"[^>]*>Your comment<\/label>/);
    expect(text(shown)).toContain("Notify me of replies");
    expect(shown).toContain(`name="record" value="${postId}"`);
    // No guest fields for a member.
    expect(shown).not.toContain('name="website"');
  });

  it("holds a reader's first comment: redirect, message, shown to them as waiting, to nobody else", async () => {
    const sent = await send(postPath, rita, {
      intent: "create",
      record: postId,
      recordCollection: "posts",
      content: "A **first** thought.",
      notifyReplies: "on",
    });
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(`${postPath}?comment=held#comments`);
    const after = section((await page(`${postPath}?comment=held`, rita)).body);
    expect(text(after)).toContain("Your comment awaits the author's approval.");
    expect(text(after)).toContain("Awaiting approval");
    expect(after).toContain("A <strong>first</strong> thought.");
    // The count says approved comments only; a guest sees nothing of it.
    expect(text(after)).toContain("No comments");
    const guest = section((await page(postPath)).body);
    expect(guest).not.toContain("first");
    expect(text(guest)).toContain("No comments");
  });

  it("shows the comment to a guest once the author approves it, rendered from Markdown", async () => {
    const list = await app.http.inject({
      method: "GET",
      url: `/api/collections/comments/records?filter=${encodeURIComponent(`record = "${postId}"`)}`,
      headers: { authorization: wanda.token },
    });
    const [held] = list.json<{ items: { id: string }[] }>().items;
    const approved = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/comments/records/${held?.id ?? ""}`,
      headers: { authorization: wanda.token },
      payload: { status: "approved" },
    });
    expect(approved.statusCode).toBe(200);
    const guest = section((await page(postPath)).body);
    expect(text(guest)).toContain("1 comment");
    expect(text(guest)).toContain("Rita Reader");
    expect(guest).toContain("A <strong>first</strong> thought.");
    expect(guest).not.toContain("Awaiting approval");
    // The author may delete it; a guest has no actions.
    expect(guest).not.toContain('name="intent" value="delete"');
    expect(section((await page(postPath, wanda)).body)).toContain('name="intent" value="delete"');
    const fr = section((await page(postPath, undefined, "fr")).body);
    expect(text(fr)).toContain("1 commentaire");
  });

  it("publishes a known reader's next comment at once, and lets them edit and delete it", async () => {
    const sent = await send(postPath, rita, {
      intent: "create",
      record: postId,
      recordCollection: "posts",
      content: "Second thought.",
    });
    expect(sent.headers.location).toBe(`${postPath}?comment=posted#comments`);
    const shown = section((await page(postPath, rita)).body);
    expect(text(shown)).toContain("2 comments");
    const id = /id="comment-([a-z0-9]+)"[\s\S]*?Second thought/.exec(shown)?.[1] ?? "";
    expect(shown).toContain("Edit");
    const edited = await send(postPath, rita, { intent: "update", id, content: "Changed." });
    expect(edited.headers.location).toBe(`${postPath}?comment=updated#comments`);
    expect(section((await page(postPath)).body)).toContain("Changed.");
    const deleted = await send(postPath, rita, { intent: "delete", id });
    expect(deleted.headers.location).toBe(`${postPath}?comment=deleted#comments`);
    expect(text(section((await page(postPath)).body))).toContain("1 comment");
  });

  it("counts approved comments on blog cards and archive rows, linking to them", async () => {
    const link = `href="${postPath}#comments"`;
    const blog = (await page("/blog")).body;
    expect(blog).toContain(link);
    expect(text(blog)).toContain("1 comment");
    const archive = (await page("/archive?kind=posts", undefined, "fr")).body;
    expect(archive).toContain(link);
    expect(text(archive)).toContain("1 commentaire");
    // A post without comments says nothing of them.
    expect(blog).not.toContain('href="/post/wanda/closed-post#comments"');
  });

  it("renders a refused comment again with the field's error and the text kept", async () => {
    const long = "x".repeat(5001);
    const refused = await send(postPath, rita, {
      intent: "create",
      record: postId,
      recordCollection: "posts",
      content: long,
    });
    expect(refused.statusCode).toBe(400);
    const shown = section(refused.body);
    expect(text(shown)).toContain("The comment could not be sent");
    expect(shown).toContain('aria-invalid="true"');
    expect(shown).toContain(long);
    const empty = await send(postPath, rita, {
      intent: "create",
      record: postId,
      recordCollection: "posts",
      content: "",
    });
    expect(empty.statusCode).toBe(400);
    expect(text(section(empty.body))).toContain("Cannot be blank.");
  });

  it("says comments are closed, and refuses one sent anyway", async () => {
    const shown = section((await page("/post/wanda/closed-post", rita)).body);
    expect(text(shown)).toContain("Comments are closed.");
    expect(shown).not.toContain("<form");
    const closedId = /name="record" value="([a-z0-9]+)"/.exec(shown)?.[1];
    expect(closedId).toBeUndefined();
    const list = await app.http.inject({
      method: "GET",
      url: `/api/collections/posts/records?filter=${encodeURIComponent('slug = "closed-post"')}`,
    });
    const closed = list.json<{ items: { id: string }[] }>().items[0]?.id ?? "";
    const refused = await send("/post/wanda/closed-post", rita, {
      intent: "create",
      record: closed,
      recordCollection: "posts",
      content: "Anyway.",
    });
    expect(refused.statusCode).toBe(403);
    expect(text(section(refused.body))).toContain("You cannot comment here");
  });

  it("asks a guest to sign in on a members-only post even where guests may comment", async () => {
    expect((await settings({ guests: true })).statusCode).toBe(200);
    const members = section((await page("/post/wanda/members-post")).body);
    expect(members).toContain('href="/login?');
    expect(members).not.toContain('name="authorName"');
  });

  it("gives guests a form with name, address and a hidden honeypot where the site allows them", async () => {
    const shown = section((await page(postPath)).body);
    expect(shown).toMatch(/<label[^>]*>Name<\/label>/);
    expect(shown).toContain('name="email"');
    expect(shown).toMatch(/<div aria-hidden="true"[^>]*>[\s\S]*name="website"/);
    const honeypot = /<input[^>]*name="website"[^>]*>/.exec(shown)?.[0] ?? "";
    expect(honeypot).toContain('tabindex="-1"');
    expect(honeypot).toMatch(/autocomplete="off"/i);
    // Without a solved proof of work (no JavaScript), the comment is refused and says why.
    const refused = await send(postPath, undefined, {
      intent: "create",
      record: postId,
      recordCollection: "posts",
      authorName: "Gus",
      email: "gus@example.com",
      website: "",
      content: "Hi",
    });
    expect(refused.statusCode).toBe(400);
    expect(text(section(refused.body))).toContain("not a robot");
    expect(section(refused.body)).toContain('value="Gus"');
    expect((await settings({ guests: false })).statusCode).toBe(200);
  });

  it("lets the author choose the comment mode in the post and entry editors", async () => {
    const editor = (await page("/post/update/wanda/closed-post", wanda)).body;
    const select = /<select[^>]*name="comments"[^>]*>[\s\S]*?<\/select>/.exec(editor)?.[0] ?? "";
    expect(select).toContain('<option value="">Site default</option>');
    expect(select).toMatch(/<option value="closed" selected="">Closed<\/option>/);
    expect(editor).toMatch(/<label[^>]*>Comments<\/label>/);
    const entryEditor = (await page("/entry/update/wanda/public-entry", wanda, "fr")).body;
    expect(entryEditor).toMatch(/<select[^>]*name="comments"/);
    expect(entryEditor).toContain("Membres seulement");
    // Comments show under public entries only: a private entry's editor does not offer them.
    const privateEditor = (await page("/entry/update/wanda/private-entry", wanda)).body;
    expect(privateEditor).toContain('name="title"');
    expect(privateEditor).not.toMatch(/<select[^>]*name="comments"/);
  });

  it("shows superusers the comment settings as stored, in English and French", async () => {
    expect((await settings({ closeAfterDays: 30, defaultMode: "members" })).statusCode).toBe(200);
    const shown = (await page("/admin/settings", root)).body;
    const select = /<select[^>]*name="defaultMode"[^>]*>[\s\S]*?<\/select>/.exec(shown)?.[0] ?? "";
    expect(select).toMatch(/<option value="members" selected="">Members only<\/option>/);
    expect(shown).toMatch(
      /name="closeAfterDays"[^>]*value="30"|value="30"[^>]*name="closeAfterDays"/,
    );
    expect(text((await page("/admin/settings", root, "fr")).body)).toContain(
      "Fermer les commentaires après (jours)",
    );
    expect((await settings({ closeAfterDays: 0, defaultMode: "open" })).statusCode).toBe(200);
  });

  it("puts comments under a public entry, none under a private one or a draft", async () => {
    expect(text(section((await page(entryPath, rita)).body))).toContain("No comments");
    expect(section((await page("/entry/wanda/private-entry", wanda)).body)).toBe("");
    expect(section((await page("/post/wanda/draft-post", wanda)).body)).toBe("");
  });
});
