import { describe, expect, it } from "vitest";
import {
  EXTERNAL_LINK_REL,
  headingId,
  POST_IMAGE_WIDTHS,
  renderMarkdown,
  singleSourceImages,
} from "./render.ts";

describe("renderMarkdown", () => {
  it("renders the common syntax", () => {
    expect(renderMarkdown("**bold** _it_ ~~gone~~ `code`")).toBe(
      "<p><strong>bold</strong> <em>it</em> <s>gone</s> <code>code</code></p>\n",
    );
    expect(renderMarkdown("> quoted\n\n1. one\n2. two")).toBe(
      "<blockquote>\n<p>quoted</p>\n</blockquote>\n<ol>\n<li>one</li>\n<li>two</li>\n</ol>\n",
    );
  });

  it("keeps raw HTML as text", () => {
    expect(renderMarkdown("<b>x</b>")).toBe("<p>&lt;b&gt;x&lt;/b&gt;</p>\n");
    expect(renderMarkdown("<div>\nblock\n</div>")).toBe(
      "<p>&lt;div&gt;<br>\nblock<br>\n&lt;/div&gt;</p>\n",
    );
  });

  it("keeps single line breaks (a journal's lines stay lines)", () => {
    expect(renderMarkdown("line one\nline two")).toBe("<p>line one<br>\nline two</p>\n");
  });

  it("marks external links and leaves internal ones alone", () => {
    expect(renderMarkdown("[out](https://example.com)")).toBe(
      `<p><a href="https://example.com" rel="${EXTERNAL_LINK_REL}">out</a></p>\n`,
    );
    expect(renderMarkdown("[in](/blog) [top](#md-top) [mail](mailto:a@b.example)")).toBe(
      '<p><a href="/blog">in</a> <a href="#md-top">top</a> <a href="mailto:a@b.example">mail</a></p>\n',
    );
  });

  it("links URL-like text, web and mail only", () => {
    expect(renderMarkdown("see www.example.com or ada@example.com")).toBe(
      `<p>see <a href="http://www.example.com" rel="${EXTERNAL_LINK_REL}">www.example.com</a>` +
        ' or <a href="mailto:ada@example.com">ada@example.com</a></p>\n',
    );
    expect(renderMarkdown("ftp://example.com")).toBe("<p>ftp://example.com</p>\n");
  });

  it("keeps refused links as their text", () => {
    expect(renderMarkdown("[x](javascript:alert(1))")).toBe("<p>[x](javascript:alert(1))</p>\n");
    expect(renderMarkdown("<javascript:alert(1)>")).toBe("<p>&lt;javascript:alert(1)&gt;</p>\n");
  });

  it("loads images from the web and own files only; others become their description", () => {
    expect(renderMarkdown("![a cat](/api/files/c/r/cat.png)")).toBe(
      '<p><img src="/api/files/c/r/cat.png" alt="a cat" loading="lazy"></p>\n',
    );
    expect(renderMarkdown("![a cat](https://img.example/cat.png)")).toBe(
      '<p><img src="https://img.example/cat.png" alt="a cat" loading="lazy" referrerpolicy="no-referrer"></p>\n',
    );
    expect(renderMarkdown("![a *cat*](cat.png)")).toBe("<p>a cat</p>\n");
    expect(renderMarkdown("![a cat](mailto:a@b.example)")).toBe("<p>a cat</p>\n");
    // A refused scheme is not even a link: the source stays as typed.
    expect(renderMarkdown("![a cat](data:image/png;base64,AAAA)")).toBe(
      "<p>![a cat](data:image/png;base64,AAAA)</p>\n",
    );
  });

  it("serves a post's own images in its widths, through srcset", () => {
    const src = "/api/files/posts/abcdefghij12345/photo_x1y2z3.jpg";
    const html = renderMarkdown(`![The harbour](${src})`);
    const widths = POST_IMAGE_WIDTHS.map((w) => `${src}?thumb=${String(w)}x0 ${String(w)}w`);
    expect(html).toBe(
      `<p><img src="${src}?thumb=960x0" alt="The harbour" loading="lazy" srcset="${widths.join(", ")}" sizes="(min-width: 48rem) 42rem, 100vw" decoding="async"></p>\n`,
    );
    // Other files, other records' addresses and anything with a query keep one source.
    for (const other of [
      "/api/files/entries/abcdefghij12345/photo.jpg",
      "/api/files/posts/abcdefghij12345/photo.jpg?thumb=100x100",
      "/api/files/posts/short/photo.jpg",
    ])
      expect(renderMarkdown(`![x](${other})`)).not.toContain("srcset");
    // Feeds and mail make addresses absolute one attribute at a time: one source there.
    expect(singleSourceImages(html)).toBe(
      `<p><img src="${src}?thumb=960x0" alt="The harbour" loading="lazy" decoding="async"></p>\n`,
    );
  });

  it("gives headings stable, unique, prefixed ids", () => {
    expect(
      renderMarkdown("# Été à Paris\n## Notes\n## Notes\n## `code` *here*\n# 東京\n# !!!"),
    ).toBe(
      '<h1 id="md-ete-a-paris">Été à Paris</h1>\n' +
        '<h2 id="md-notes">Notes</h2>\n' +
        '<h2 id="md-notes-2">Notes</h2>\n' +
        '<h2 id="md-code-here"><code>code</code> <em>here</em></h2>\n' +
        '<h1 id="md-東京">東京</h1>\n' +
        '<h1 id="md-section">!!!</h1>\n',
    );
  });

  it("headingId never repeats an id, even one a heading spells out", () => {
    const used = new Set<string>();
    expect(["Notes", "Notes", "Notes 2"].map((text) => headingId(text, used))).toEqual([
      "md-notes",
      "md-notes-2",
      "md-notes-2-2",
    ]);
  });

  it("renders tables with alignment classes instead of inline styles", () => {
    const html = renderMarkdown("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |");
    expect(html).toContain('<th class="text-left">a</th>');
    expect(html).toContain('<th class="text-center">b</th>');
    expect(html).toContain('<td class="text-right">3</td>');
    expect(html).not.toContain("style");
  });

  it("renders fenced code without a highlighter, escaped", () => {
    expect(renderMarkdown("```ts\nconst a = 1 < 2;\n```")).toBe(
      '<pre><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>\n',
    );
  });

  it("renders task lists with labelled, disabled checkboxes", () => {
    expect(
      renderMarkdown("- [ ] open\n- [x] done\n- plain", {
        labels: { taskDone: "Fait", taskOpen: "À faire" },
      }),
    ).toBe(
      '<ul class="contains-task-list">\n' +
        '<li class="task-list-item list-none"><input type="checkbox" class="mr-2 align-middle" disabled aria-label="À faire"> open</li>\n' +
        '<li class="task-list-item list-none"><input type="checkbox" class="mr-2 align-middle" disabled checked aria-label="Fait"> done</li>\n' +
        "<li>plain</li>\n</ul>\n",
    );
  });

  it("escapes the labels it is given", () => {
    expect(renderMarkdown("- [x] a", { labels: { taskDone: '"><b>', taskOpen: "" } })).toContain(
      'aria-label="&quot;&gt;&lt;b&gt;"',
    );
  });

  it("uses the language's quotes", () => {
    expect(renderMarkdown("\"Hello\" 'you'")).toBe("<p>\u201cHello\u201d \u2018you\u2019</p>\n");
    expect(renderMarkdown('"Bonjour"', { locale: "fr" })).toBe(
      "<p>\u00ab\u00a0Bonjour\u00a0\u00bb</p>\n",
    );
  });

  it("renders the same HTML every time (server and browser agree)", () => {
    const source = "# A\n# A\n\n- [ ] x\n\n[l](https://e.example)";
    expect(renderMarkdown(source)).toBe(renderMarkdown(source));
  });
});
