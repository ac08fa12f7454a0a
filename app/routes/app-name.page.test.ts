/**
 * The application name a superuser sets in the settings (`meta.appName`) is the site's name
 * everywhere a visitor reads it: page titles, the header's home link, the blog feed and a
 * post's social metadata, and every message that names the site (home, blog, footer, team,
 * privacy, admin), in both languages. Until it is set, the catalog's "Cahier" is used.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { child, parseXml } from "#tests/helpers/xml.ts";

describe.each(DIALECTS)("the application name of the settings (%s)", (dialect) => {
  let app: TestApp;
  let superuserToken: string;
  let admin: Login;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    superuserToken = (await app.createSuperuser()).token;
    admin = await app.createUser({ username: "ada", role: "admin" });
    const writer = await app.createUser({ username: "wren", role: "writer" });
    await app.seedRecord("posts", {
      author: writer.record.id,
      title: "First light",
      slug: "first-light",
      content: "Morning notes.",
      status: "published",
      publishedAt: "2026-01-02 08:00:00.000Z",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers });

  const rename = async (appName: string) => {
    const res = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: superuserToken },
      payload: { meta: { appName } },
    });
    expect(res.statusCode).toBe(200);
  };

  it("is Cahier until a superuser names the site", async () => {
    const res = await page("/blog");
    expect(res.body).toContain("<title>Blog · Cahier</title>");
    expect(res.body).toContain('aria-label="Cahier, home"');
  });

  it("names the pages, the header, the feed and a post's metadata once set", async () => {
    await rename("Carnet de Lune");
    const blog = await page("/blog");
    expect(blog.body).toContain("<title>Blog · Carnet de Lune</title>");
    expect(blog.body).toContain('aria-label="Carnet de Lune, home"');
    expect(blog.body).not.toContain("· Cahier</title>");

    const fr = await page("/blog", { cookie: "locale=fr" });
    expect(fr.body).toContain('aria-label="Carnet de Lune, accueil"');

    const missing = await page("/no/such/page");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("· Carnet de Lune</title>");

    const feed = await page("/blog/feed.json");
    expect((JSON.parse(feed.body) as { title: string }).title).toContain("Carnet de Lune");

    const post = await page("/post/wren/first-light");
    expect(post.body).toMatch(/<meta property="og:site_name" content="Carnet de Lune"/);
  });

  it.each(["en", "fr"])("leaves no Cahier in a renamed site's pages (%s)", async (locale) => {
    await rename("Carnet de Lune");
    const cookie = `locale=${locale}`;
    const seen = async (url: string, headers: Record<string, string> = {}) => {
      const res = await page(url, { cookie, ...headers });
      expect(res.statusCode, url).toBe(200);
      // What a reader reads: the text and the attributes, without the scripts' data.
      const text = res.body.replace(/<script[\s\S]*?<\/script>/g, "");
      expect(text, url).not.toMatch(/Cahier/);
      expect(text, url).not.toContain("{{site}}");
      return text;
    };
    const home = await seen("/");
    expect(home).toContain(
      locale === "en" ? "Carnet de Lune is a private journal" : "Carnet de Lune est un journal",
    );
    expect(home).toContain(
      locale === "en"
        ? "Carnet de Lune, a self-hosted journal and blog."
        : "Carnet de Lune, un journal et un blog auto-hébergés.",
    );
    const blog = await seen("/blog");
    expect(blog).toContain(
      locale === "en" ? "writers of Carnet de Lune, newest first" : "rédacteurs de Carnet de Lune",
    );
    // The privacy policy names the software the site runs ("This website runs Cahier"), rightly.
    for (const url of ["/archive", "/collections", "/team"]) await seen(url);
    const adminPage = await seen("/admin", { cookie: `${cookie}; ${authCookie(admin)}` });
    expect(adminPage).toContain(
      locale === "en" ? "Manage Carnet de Lune:" : "Gérez Carnet de Lune\u00a0:",
    );
  });

  it("escapes the name like any other text", async () => {
    await rename("<b>Notes</b> & co");
    const res = await page("/blog");
    expect(res.body).toContain("<title>Blog · &lt;b&gt;Notes&lt;/b&gt; &amp; co</title>");
    expect(res.body).not.toContain("<b>Notes</b>");
    // The feeds carry it as text: the XML parses, and its title is the name escaped as HTML
    // (RSS readers may read titles as HTML, issue 23), so a reader shows it as it was typed.
    const rss = await page("/blog/rss.xml");
    const channel = child(parseXml(rss.body), "channel");
    expect(child(channel, "title").text).toBe("&#60;b&#62;Notes&#60;/b&#62; &#38; co blog");
    const atom = await page("/blog/atom.xml");
    expect(child(parseXml(atom.body), "title").text).toBe("<b>Notes</b> & co blog");
  });
});
