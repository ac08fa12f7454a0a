/**
 * `/tags` (issue 25) rendered by the server: the live posts' tags, most used first, each a
 * link to the blog's posts with that tag saying how many there are, in English and French;
 * no draft's tag; an empty blog says so; the blog links the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { mainOf as main, textOf as text } from "#tests/helpers/pages.ts";

describe.each(DIALECTS)("/tags (%s)", (dialect) => {
  let app: TestApp;

  const page = (url: string, lang = "en") =>
    app.http.inject({ method: "GET", url, headers: { cookie: `locale=${lang}` } });

  beforeAll(async () => {
    app = await createTestApp(dialect);
  });

  afterAll(async () => {
    await app.close();
  });

  it("says so while no published post has a tag", async () => {
    const res = await page("/tags");
    expect(res.statusCode).toBe(200);
    expect(text(main(res.body))).toContain("No published post has a tag yet.");
  });

  it("lists the live posts' tags, most used first, each linking to its posts", async () => {
    const wren = await app.createUser({ username: "wren", role: "writer" });
    const post = (slug: string, tags: string[], status = "published") =>
      app.seedRecord("posts", {
        author: wren.record.id,
        title: slug,
        slug,
        content: "Text.",
        status,
        publishedAt: status === "published" ? "2024-03-05 08:00:00.000Z" : "",
        tags,
      });
    await post("one", ["garden", "late spring"]);
    await post("two", ["garden"]);
    await post("draft", ["secret"], "draft");

    const res = await page("/tags");
    expect(res.statusCode).toBe(200);
    const shown = main(res.body);
    expect(text(shown)).toMatch(/Tags .*garden 2 posts late spring 1 post/);
    expect(shown).toContain('href="/blog?tag=garden"');
    expect(shown).toContain('href="/blog?tag=late%20spring"');
    expect(text(shown)).not.toContain("secret");
    expect(res.body).toContain('<link rel="canonical" href="http://localhost');

    const french = main((await page("/tags", "fr")).body);
    expect(text(french)).toMatch(/Étiquettes .*garden 2 articles late spring 1 article/);
  });

  it("is linked from the blog, in both languages", async () => {
    expect(main((await page("/blog")).body)).toMatch(/<a[^>]*href="\/tags"[^>]*>All tags<\/a>/);
    expect(main((await page("/blog", "fr")).body)).toMatch(
      /<a[^>]*href="\/tags"[^>]*>Toutes les étiquettes<\/a>/,
    );
  });
});
