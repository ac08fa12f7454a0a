/**
 * The site's navigation links (ADR 075) in the header of its pages: in the reader's language
 * only, in their order, the current page's marked with `aria-current`, other sites' marked
 * and opened with `rel="noopener"`; cached guest pages show a change at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

/** The site navigation's markup in a page. */
function siteNav(html: string): string {
  return /<nav[^>]*data-testid="site-nav"[^>]*>.*?<\/nav>/s.exec(html)?.[0] ?? "";
}

describe.each(DIALECTS)("navigation links on the pages (%s)", (dialect) => {
  let app: TestApp;
  let rootToken: string;

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: "https://journal.example" });
    rootToken = (await app.createSuperuser()).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const page = (url: string, locale: "en" | "fr" = "en") =>
    app.http.inject({ method: "GET", url, headers: { cookie: `locale=${locale}` } });
  const settle = async (navigation: unknown) => {
    const res = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: rootToken },
      payload: { meta: { navigation } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("has no site navigation until links are set", async () => {
    expect(siteNav((await page("/blog")).body)).toBe("");
  });

  it("shows the reader's language's links, in order, marking the current page and other sites", async () => {
    // A guest's blog page, cached before the change: the change reaches it at once.
    await page("/blog");
    await settle({
      en: [
        { label: "Blog home", url: "/blog" },
        { label: "Archive", url: "/archive" },
        { label: "Code", url: "https://code.example/me" },
      ],
      fr: [{ label: "Le blog", url: "/blog" }],
    });
    const en = siteNav((await page("/blog")).body);
    expect(en).toContain('aria-label="Site links"');
    expect(en.indexOf("Blog home")).toBeLessThan(en.indexOf("Archive"));
    expect(en).toMatch(/<a aria-current="page"[^>]*href="\/blog"[^>]*>Blog home<\/a>/);
    expect(en).not.toMatch(/aria-current="page"[^>]*href="\/archive"/);
    expect(en).toMatch(
      /<a href="https:\/\/code\.example\/me" rel="noopener external"[^>]*>Code<span aria-hidden="true">↗<\/span><span class="sr-only"> \(another site\)<\/span><\/a>/s,
    );
    expect(en).not.toContain("Le blog");

    const archive = siteNav((await page("/archive")).body);
    expect(archive).toMatch(/<a aria-current="page"[^>]*href="\/archive"/);

    const fr = siteNav((await page("/blog", "fr")).body);
    expect(fr).toContain('aria-label="Liens du site"');
    expect(fr).toMatch(/<a aria-current="page"[^>]*href="\/blog"[^>]*>Le blog<\/a>/);
    expect(fr).not.toContain("Blog home");

    // A language without links shows none, not the other language's.
    await settle({ fr: [] });
    expect(siteNav((await page("/blog", "fr")).body)).toBe("");
    await settle({ en: [], fr: [] });
  });
});
