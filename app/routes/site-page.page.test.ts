/**
 * Standalone pages (ADR 075) on the site: a published page's reading view (its text rendered
 * on the server, description, canonical link and Open Graph tags), a draft shown to its author
 * unindexed and a 404 to anyone else, the pages put in the navigation after the settings'
 * links in their own language's header (the current one with `aria-current`), the sitemap,
 * and a cached guest page that shows a newly published page at once. English and French.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { mainOf, pageCookie, type Login } from "#tests/helpers/pages.ts";

/** The site navigation's markup in a page. */
function siteNav(html: string): string {
  return /<nav[^>]*data-testid="site-nav"[^>]*>.*?<\/nav>/s.exec(html)?.[0] ?? "";
}

describe.each(DIALECTS)("standalone pages on the site (%s)", (dialect) => {
  let app: TestApp;
  let writer: Login;
  let reader: Login;

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: "https://journal.example" });
    writer = await app.createUser({ username: "wren", role: "writer" });
    reader = await app.createUser({ username: "rita" });
    const root = await app.createSuperuser();
    const res = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token },
      payload: {
        meta: {
          navigation: {
            en: [{ label: "Blog home", url: "/blog" }],
            fr: [{ label: "Le blog", url: "/blog" }],
          },
        },
      },
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  const page = (url: string, lang: "en" | "fr" = "en", login?: Login) =>
    app.http.inject({ method: "GET", url, headers: { cookie: pageCookie(login, lang) } });
  const createPage = async (body: Record<string, unknown>) => {
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/pages/records",
      headers: { authorization: writer.token },
      payload: { author: writer.record.id, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }>();
  };

  it("shows a published page to everyone, with its text, description and canonical link", async () => {
    await createPage({
      slug: "colophon",
      title: "Colophon",
      lang: "en",
      status: "published",
      content: "Set in *Source Serif*.\n\n<script>alert(1)</script>",
    });
    const res = await page("/page/colophon");
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(main).toContain(">Colophon</h1>");
    expect(main).toContain("<em>Source Serif</em>");
    expect(main).not.toContain("<script>alert");
    expect(res.body).toContain("<title>Colophon · Cahier</title>");
    expect(res.body).toContain(
      '<link rel="canonical" href="https://journal.example/page/colophon"/>',
    );
    expect(res.body).toContain('<meta name="description" content="Set in Source Serif. ');
    expect(res.body).toContain(
      '<meta property="og:url" content="https://journal.example/page/colophon"/>',
    );
    expect(res.body).not.toContain('content="noindex"');
    // Not in the navigation unless asked.
    expect(siteNav(res.body)).not.toContain("/page/colophon");
    expect((await page("/page/nothing-here")).statusCode).toBe(404);
  });

  it("shows a draft to its author alone, unindexed; a 404 to guests and other readers", async () => {
    await createPage({ slug: "now", title: "Now", lang: "en", content: "Draft text." });
    expect((await page("/page/now")).statusCode).toBe(404);
    expect((await page("/page/now", "en", reader)).statusCode).toBe(404);
    const own = await page("/page/now", "en", writer);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<meta name="robots" content="noindex"/>');
    expect(mainOf(own.body)).toContain("only you and the administrators");
    const sitemap = await page("/sitemap.xml");
    expect(sitemap.body).toContain("<loc>https://journal.example/page/colophon</loc>");
    expect(sitemap.body).not.toContain("/page/now");
  });

  it("puts published pages in their language's navigation, after the links, in order", async () => {
    // Guests' pages cached before: a published page joining the navigation shows at once.
    await page("/blog");
    await page("/blog", "fr");
    await createPage({
      slug: "uses",
      title: "Uses",
      lang: "en",
      status: "published",
      inNavigation: true,
      navigationOrder: 2,
    });
    await createPage({
      slug: "about",
      title: "About",
      lang: "en",
      status: "published",
      inNavigation: true,
      navigationOrder: 1,
    });
    await createPage({
      slug: "a-propos",
      title: "À propos",
      lang: "fr",
      status: "published",
      inNavigation: true,
      content: "Qui écrit ici.",
    });
    await createPage({ slug: "later", title: "Later", lang: "en", inNavigation: true });

    const en = siteNav((await page("/blog")).body);
    const order = ["Blog home", "About", "Uses"].map((label) => en.indexOf(`>${label}</a>`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(en).not.toContain("À propos");
    expect(en).not.toContain("Later");

    const about = await page("/page/about");
    expect(siteNav(about.body)).toMatch(
      /<a aria-current="page"[^>]*href="\/page\/about"[^>]*>About</,
    );

    const fr = await page("/page/a-propos", "fr");
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain('<article class="mx-auto max-w-prose" lang="fr"');
    const frNav = siteNav(fr.body);
    expect(frNav).toContain('aria-label="Liens du site"');
    expect(frNav.indexOf(">Le blog</a>")).toBeLessThan(frNav.indexOf("À propos"));
    expect(frNav).toMatch(/<a aria-current="page"[^>]*href="\/page\/a-propos"/);
    expect(frNav).not.toContain(">About<");
  });

  it("lists a page the settings already link to once, where the settings put it", async () => {
    await createPage({
      slug: "right-now",
      title: "Right now",
      lang: "en",
      status: "published",
      inNavigation: true,
    });
    const root = await app.createSuperuser();
    const res = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token },
      payload: {
        meta: { navigation: { en: [{ label: "What I do now", url: "/page/right-now" }] } },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const nav = siteNav((await page("/blog")).body);
    expect(nav.match(/href="\/page\/right-now"/g)).toHaveLength(1);
    expect(nav.indexOf(">What I do now</a>")).toBeLessThan(nav.indexOf(">About</a>"));
  });
});
