/**
 * A post's editable address and its search and social words (issue 25): changing the slug
 * keeps the old one in `formerSlugs` (only the server writes it), and the old address, of the
 * page and of its editor, redirects (301) to the new one, unless another post has taken it;
 * a bad or taken slug and an over-long search title are refused with a 400 naming the field;
 * the search title and description replace the title and excerpt in the head; the editor
 * offers the three fields, in English and French.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { type Login, getPage } from "#tests/helpers/pages.ts";

describe.each(DIALECTS)("a post's address, search title and description (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let postId = "";

  const page = (url: string, login?: Login, lang = "en") => getPage(app, url, login, lang);
  const api = (method: "POST" | "PATCH", url: string, payload: Record<string, unknown>) =>
    app.http.inject({ method, url, headers: { authorization: wanda.token }, payload });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", role: "writer" });
    const created = await api("POST", "/api/collections/posts/records", {
      author: wanda.record.id,
      title: "Spring notes",
      content: "Buds.",
      status: "published",
      formerSlugs: ["forged"],
    });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json<{ id: string; slug: string; formerSlugs: string[] }>();
    expect(post.slug).toBe("spring-notes");
    // Only the server writes the former slugs.
    expect(post.formerSlugs).toEqual([]);
    postId = post.id;
  });

  afterAll(async () => {
    await app.close();
  });

  it("keeps the old slug when the address changes, and ignores a client's list", async () => {
    const res = await api("PATCH", `/api/collections/posts/records/${postId}`, {
      slug: "spring-notes-2024",
      formerSlugs: ["forged"],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      slug: "spring-notes-2024",
      formerSlugs: ["spring-notes"],
    });
  });

  it("redirects the old address of the page and of its editor to the new one", async () => {
    const old = await page("/post/wanda/spring-notes?from=mail");
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe("/post/wanda/spring-notes-2024?from=mail");
    const editor = await page("/post/update/wanda/spring-notes", wanda);
    expect(editor.statusCode).toBe(301);
    expect(editor.headers.location).toBe("/post/update/wanda/spring-notes-2024");
    expect((await page("/post/wanda/spring-notes-2024")).statusCode).toBe(200);
    expect((await page("/post/wanda/never-was")).statusCode).toBe(404);
  });

  it("refuses a bad or taken slug and an over-long search title, naming the field", async () => {
    const bad = await api("PATCH", `/api/collections/posts/records/${postId}`, {
      slug: "Not A Slug",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ data: Record<string, unknown> }>().data).toHaveProperty("slug");
    const long = await api("PATCH", `/api/collections/posts/records/${postId}`, {
      seoTitle: "x".repeat(121),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ data: Record<string, unknown> }>().data).toHaveProperty("seoTitle");
    const other = await api("POST", "/api/collections/posts/records", {
      author: wanda.record.id,
      title: "Another",
      content: "More.",
      status: "published",
    });
    const taken = await api("PATCH", `/api/collections/posts/records/${postId}`, {
      slug: other.json<{ slug: string }>().slug,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ data: Record<string, unknown> }>().data).toHaveProperty("slug");
  });

  it("lets another post take a former address: it then shows that post", async () => {
    const res = await api("POST", "/api/collections/posts/records", {
      author: wanda.record.id,
      title: "Spring notes",
      content: "A new spring.",
      status: "published",
    });
    expect(res.json<{ slug: string }>().slug).toBe("spring-notes");
    const shown = await page("/post/wanda/spring-notes");
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain("A new spring.");
  });

  it("puts the search title and description in the head", async () => {
    const res = await api("PATCH", `/api/collections/posts/records/${postId}`, {
      seoTitle: "What the garden did in spring",
      seoDescription: "Buds, seedlings and a late frost.",
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = (await page("/post/wanda/spring-notes-2024")).body;
    expect(body).toContain("<title>What the garden did in spring · Cahier</title>");
    expect(body).toContain('<meta property="og:title" content="What the garden did in spring"/>');
    expect(body).toContain(
      '<meta name="description" content="Buds, seedlings and a late frost."/>',
    );
    // The page itself keeps the post's own title.
    expect(body).toMatch(/<h1[^>]*>Spring notes<\/h1>/);
  });

  it("offers the address and the search fields in the editor, in English and French", async () => {
    const en = (await page("/post/update/wanda/spring-notes-2024", wanda)).body;
    const slug = /<input[^>]*name="slug"[^>]*>/.exec(en)?.[0] ?? "";
    expect(slug).toContain('value="spring-notes-2024"');
    expect(en).toContain("Address, search and social");
    expect(en).toMatch(
      /name="seoTitle"[^>]*value="What the garden did in spring"|value="What the garden did in spring"[^>]*name="seoTitle"/,
    );
    const fr = (await page("/post/update/wanda/spring-notes-2024", wanda, "fr")).body;
    expect(fr).toContain("Adresse, moteurs de recherche et réseaux");
  });
});
