/**
 * The editors' tools as the server renders them (issue 13, point 4 and the history's
 * button): the live word count of the loaded text, in the page's language and number format,
 * and the History button, offered for saved entries and posts only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";

/** The text of the word count line. */
function wordCount(html: string): string | undefined {
  return /<p data-testid="word-count"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
}

describe.each(DIALECTS)("the editors' word count and history button (%s)", (dialect) => {
  let app: TestApp;
  let wren: Login;

  const page = (url: string, locale = "en") =>
    app.http.inject({
      method: "GET",
      url,
      headers: { cookie: `${authCookie(wren)}; locale=${locale}` },
    });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wren = await app.createUser({ username: "wren", role: "writer" });
    const author = String(wren.record.id);
    const words = Array.from({ length: 1200 }, (_, i) => `mot${String(i)}`).join(" ");
    await app.seedRecord("entries", {
      author,
      title: "Counted",
      content: "Seeds went **in** [today](https://example.com/a).",
    });
    await app.seedRecord("posts", { author, title: "Long read", content: words });
  });
  afterAll(async () => {
    await app.close();
  });

  it("counts the words, characters and reading time of the loaded text", async () => {
    const res = await page("/entry/update/wren/counted");
    expect(res.statusCode).toBe(200);
    expect(wordCount(res.body)).toBe("4 words · 20 characters · 1 min read");
    const fr = await page("/post/update/wren/long-read", "fr");
    // French groups thousands with a narrow no-break space.
    expect(wordCount(fr.body)).toBe("1\u202f200 mots · 8\u202f489 caractères · 5 min de lecture");
  });

  it("counts nothing yet in a new entry, in the singular in French", async () => {
    expect(wordCount((await page("/entry/create")).body)).toBe("0 words · 0 characters");
    expect(wordCount((await page("/entry/create", "fr")).body)).toBe("0 mot · 0 caractère");
  });

  it("offers the history for saved entries and posts only", async () => {
    const button =
      /<button type="button" aria-haspopup="dialog"[^>]*data-testid="history-open"[^>]*>.*?<\/button>/;
    expect(button.exec((await page("/entry/update/wren/counted")).body)?.[0]).toContain("History");
    expect(button.exec((await page("/post/update/wren/long-read", "fr")).body)?.[0]).toContain(
      "Historique",
    );
    expect((await page("/entry/create")).body).not.toContain('data-testid="history-open"');
    expect((await page("/post/create")).body).not.toContain('data-testid="history-open"');
  });
});
