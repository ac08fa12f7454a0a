/**
 * Linked translations on the reading pages (issue 29 item 4): a post and its translation each
 * carry `hreflang` alternates (and `x-default`) and a link to the other in its own language
 * ("Lire en français", "Read in English"); the blog, the home page and the profile list each
 * work once, in the reader's language; the blog's feed of one language holds that language's
 * posts, titled in it; the sitemap lists the alternates. A draft translation shows nowhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { type Login, getPage } from "#tests/helpers/pages.ts";

describe.each(DIALECTS)("linked translations on pages (%s)", (dialect) => {
  let app: TestApp;
  let lea: Login;

  const page = (url: string, lang = "en") => getPage(app, url, undefined, lang);
  const create = async (data: Record<string, unknown>) => {
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/posts/records",
      headers: { authorization: lea.token },
      payload: { author: lea.record.id, content: "Text.", status: "published", ...data },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }>();
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    lea = await app.createUser({ username: "lea", role: "writer" });
    const hello = await create({ title: "Hello there", lang: "en" });
    await create({ title: "Bonjour à tous", lang: "fr", translations: hello.id });
    await create({ title: "Only in French", lang: "fr" });
    const lonely = await create({ title: "Lonely English", lang: "en" });
    await create({
      title: "Brouillon caché",
      lang: "fr",
      status: "draft",
      translations: lonely.id,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("links a post and its translation both ways, with hreflang alternates", async () => {
    const en = await page("/post/lea/hello-there");
    expect(en.statusCode).toBe(200);
    const origin = /<link rel="canonical" href="(https?:\/\/[^/"]+)/.exec(en.body)?.[1] ?? "";
    expect(origin).not.toBe("");
    expect(en.body).toContain(
      `<link rel="alternate" hrefLang="en" href="${origin}/post/lea/hello-there"/>`,
    );
    expect(en.body).toContain(
      `<link rel="alternate" hrefLang="fr" href="${origin}/post/lea/bonjour-a-tous"/>`,
    );
    expect(en.body).toContain(
      `<link rel="alternate" hrefLang="x-default" href="${origin}/post/lea/hello-there"/>`,
    );
    expect(en.body).toMatch(
      /<a href="\/post\/lea\/bonjour-a-tous" hrefLang="fr" lang="fr" rel="alternate"[^>]*>Lire en français<\/a>/,
    );
    // A French reader of the French post is offered the English one, in English.
    const fr = await page("/post/lea/bonjour-a-tous", "fr");
    expect(fr.body).toMatch(
      /<a href="\/post\/lea\/hello-there" hrefLang="en" lang="en"[^>]*>Read in English<\/a>/,
    );
    expect(fr.body).toContain(
      `<link rel="alternate" hrefLang="x-default" href="${origin}/post/lea/hello-there"/>`,
    );
  });

  it("says nothing of a translation readers cannot see", async () => {
    const lonely = await page("/post/lea/lonely-english");
    expect(lonely.statusCode).toBe(200);
    expect(lonely.body).not.toContain("hrefLang=");
    expect(lonely.body).not.toContain("Lire en français");
  });

  it("lists each work once, in the reader's language", async () => {
    for (const url of ["/blog", "/", "/profile/lea"]) {
      const en = (await page(url, "en")).body;
      const fr = (await page(url, "fr")).body;
      expect(en, url).toContain("Hello there");
      expect(en, url).not.toContain("Bonjour à tous");
      expect(fr, url).toContain("Bonjour à tous");
      expect(fr, url).not.toContain("Hello there");
      // A work in one language only is listed to every reader.
      for (const body of [en, fr]) {
        expect(body, url).toContain("Only in French");
        expect(body, url).toContain("Lonely English");
      }
    }
  });

  it("gives each language its own blog feed, titled in it", async () => {
    const fr = await page("/blog/rss.xml?lang=fr");
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toMatch(/<title>(<!\[CDATA\[)?Blog de Cahier en français(\]\]>)?<\/title>/);
    expect(fr.body).toContain("<language>fr</language>");
    expect(fr.body).toContain("Bonjour à tous");
    expect(fr.body).toContain("Only in French");
    expect(fr.body).not.toContain("Hello there");
    const en = await page("/blog/feed.json?lang=en");
    expect(en.json<{ title: string; items: { title: string }[] }>()).toMatchObject({
      title: "Cahier blog in English",
    });
    expect(
      en
        .json<{ items: { title: string }[] }>()
        .items.map((i) => i.title)
        .sort(),
    ).toEqual(["Hello there", "Lonely English"]);
    // The feed without a language keeps every post.
    const all = await page("/blog/atom.xml");
    expect(all.body).toContain("Hello there");
    expect(all.body).toContain("Bonjour à tous");
    expect((await page("/blog/rss.xml?lang=de")).statusCode).toBe(404);
    // The blog page announces each language's feed.
    expect((await page("/blog")).body).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" href="\/blog\/rss.xml\?lang=fr" title="Blog de Cahier en français"\/>/,
    );
  });

  it("offers the writer's posts in the other language in the editor, in English and French", async () => {
    const en = await getPage(app, "/post/update/lea/lonely-english", lea, "en");
    expect(en.statusCode).toBe(200);
    const select = /<select[^>]*name="translations"[^>]*>(.*?)<\/select>/s.exec(en.body)?.[1] ?? "";
    expect(en.body).toMatch(/<label[^>]*>Translation<\/label>/);
    // The draft linked to it is chosen; French posts linked elsewhere are not offered.
    expect(select).toMatch(
      /<option value="[a-z0-9]{15}" lang="fr" selected="">Brouillon caché<\/option>/,
    );
    expect(select).toContain(">Only in French<");
    expect(select).not.toContain("Bonjour à tous");
    expect(select).not.toContain("Hello there");
    // A new post is in the interface's language (French here): it may translate an English
    // post that no other post translates; with none, the editor has no such field.
    expect((await getPage(app, "/post/create", lea, "fr")).body).not.toContain(
      'name="translations"',
    );
    await create({ title: "Free English", lang: "en", status: "draft" });
    const fr = await getPage(app, "/post/create", lea, "fr");
    expect(fr.body).toMatch(/<label[^>]*>Traduction<\/label>/);
    expect(fr.body).toContain(">Aucune</option>");
    expect(fr.body).toMatch(/<option value="[a-z0-9]{15}" lang="en">Free English<\/option>/);
    expect(fr.body).not.toContain(">Only in French<");
  });

  it("lists the alternates in the sitemap", async () => {
    const sitemap = (await page("/sitemap.xml")).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(sitemap).toMatch(
      /<loc>[^<]*\/post\/lea\/hello-there<\/loc>.*<xhtml:link rel="alternate" hreflang="en" href="[^"]*\/post\/lea\/hello-there"\/><xhtml:link rel="alternate" hreflang="fr" href="[^"]*\/post\/lea\/bonjour-a-tous"\/><\/url>/,
    );
    expect(sitemap).toMatch(/<loc>[^<]*\/post\/lea\/lonely-english<\/loc>[^\n]*<\/lastmod><\/url>/);
  });
});
