/**
 * Headings inside a post's Markdown share the page title's serif face (issue 25 item 16):
 * the page's title is `font-serif`, and the stylesheet a guest's post page carries gives the
 * prose's headings the same family (`--font-serif`), not the body's sans.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/helpers/test-app.ts";

describe("a post's headings", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp();
    const wanda = await app.createUser({ username: "wanda", role: "writer" });
    await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Serif",
      slug: "serif",
      content: "## A heading\n\nSome text.\n\n### A smaller one\n\nMore text.",
      status: "published",
      publishedAt: "2024-01-01 09:00:00.000Z",
      lang: "en",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("are serif, like the page's title", async () => {
    const html = (await app.http.inject({ method: "GET", url: "/post/wanda/serif" })).body;
    expect(html).toMatch(/<h1[^>]*class="[^"]*\bfont-serif\b[^"]*"[^>]*>Serif<\/h1>/);
    expect(html).toMatch(/<div[^>]*class="[^"]*\bprose\b[^"]*"[^>]*>.*<h2[^>]*>A heading<\/h2>/s);
    const css = [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join("\n");
    for (const heading of ["h1", "h2", "h3", "h4"])
      expect(css, heading).toMatch(
        new RegExp(
          `\\.prose :where\\([^{}]*\\b${heading}\\b[^{}]*\\)[^{}]*\\{[^}]*font-family:\\s*var\\(--font-serif\\)`,
        ),
      );
  });
});
