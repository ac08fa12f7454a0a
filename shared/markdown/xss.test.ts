/**
 * B20/B21 at the renderer: for every payload of the XSS corpus, in both languages, the HTML
 * holds nothing but inert, allow-listed markup (`tests/helpers/inert-html.ts`); then the same
 * for random mixes of the corpus's dangerous fragments (fast-check). The browser spec
 * `tests/e2e/xss.spec.ts` proves the same payloads run nothing in Chromium.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { XSS_PAYLOADS } from "../../tests/fixtures/xss-payloads.ts";
import { inertHtmlProblems } from "../../tests/helpers/inert-html.ts";
import { renderMarkdown } from "./render.ts";

describe("the inert-HTML reader", () => {
  it.each([
    ['<p><img src="x" onerror="xss(1)"></p>', "<img> has the attribute onerror"],
    ['<p><a href="javascript:xss(1)">x</a></p>', "a[href] uses the javascript: scheme"],
    ['<p><a href="&#106;avascript:xss(1)">x</a></p>', "a[href] uses the javascript: scheme"],
    ['<p><a href=" JAVASCRIPT:xss(1)">x</a></p>', "a[href] uses the javascript: scheme"],
    ['<p><a href="java&#9;script:xss(1)">x</a></p>', "a[href] uses the javascript: scheme"],
    ['<p><img src="data:image/svg+xml,x" alt=""></p>', "img[src] uses the data: scheme"],
    ["<p><script>xss(1)</script></p>", "<script> is not an element the renderer may write"],
    ["<iframe srcdoc></iframe>", "<iframe> is not an element the renderer may write"],
    ["<p>a < b</p>", 'unescaped "<" at 5: < b</p>'],
    ['<th style="color:red">x</th>', "<th> has the attribute style"],
    ['<h2 id="main-content">x</h2>', '<h2> id "main-content" lacks the md- prefix'],
  ])("flags %s", (html, problem) => {
    expect(inertHtmlProblems(html)).toContain(problem);
  });

  it("accepts the renderer's ordinary output", () => {
    const html = renderMarkdown(
      "# Title\n\nSome *text* with [a link](https://example.com), ![an image](/api/files/c/r/f.png)," +
        " `code`, ~~gone~~ and www.example.com.\n\n- [x] done\n- [ ] open\n\n" +
        "| a | b |\n|:-|-:|\n| 1 | 2 |\n\n```ts\nconst a = 1 < 2;\n```\n\n> quote\n\n---\n\n3. three",
    );
    expect(inertHtmlProblems(html)).toEqual([]);
    // The reader saw every kind of element it allows.
    for (const tag of [
      "h1",
      "a",
      "img",
      "code",
      "pre",
      "s",
      "input",
      "table",
      "th",
      "td",
      "blockquote",
      "hr",
      "ol",
    ])
      expect(html).toContain(`<${tag}`);
  });
});

describe.each(["en", "fr"] as const)("rendered XSS payloads (%s)", (locale) => {
  it.each(XSS_PAYLOADS.map((payload) => [payload.name, payload.text] as const))(
    "%s renders inert",
    (_name, text) => {
      const html = renderMarkdown(text, { locale });
      expect(inertHtmlProblems(html)).toEqual([]);
      // Belt and braces: no URL attribute starts with a script-capable scheme.
      // eslint-disable-next-line no-control-regex
      expect(html).not.toMatch(/(?:href|src)="[\s\u0000-\u001f]*(?:javascript|vbscript|data):/i);
    },
  );

  it("payloads in every block context render inert", () => {
    const contexts = [
      (t: string) => t,
      (t: string) => `> ${t}`,
      (t: string) => `- ${t}`,
      (t: string) => `- [ ] ${t}`,
      (t: string) => `# ${t}`,
      (t: string) => `| ${t.replace(/\|/g, "\\|")} |\n|---|\n| ${t.replace(/\|/g, "\\|")} |`,
      (t: string) => `*${t}*`,
      (t: string) => `[${t}](https://example.com)`,
      (t: string) => `![${t}](/api/files/a/b/c.png)`,
    ];
    for (const payload of XSS_PAYLOADS)
      for (const wrap of contexts)
        expect(inertHtmlProblems(renderMarkdown(wrap(payload.text), { locale }))).toEqual([]);
  });
});

/** Fragments attackers combine; the property mixes them at random. */
const FRAGMENTS = [
  "<",
  ">",
  '"',
  "'",
  "`",
  "[",
  "]",
  "(",
  ")",
  "!",
  ":",
  "&",
  "#",
  ";",
  "|",
  "-",
  "*",
  "_",
  "\n",
  "\n\n",
  "\t",
  " ",
  "\x01",
  "\u0000",
  "\u2028",
  "a",
  "x",
  "1",
  "javascript:",
  "JaVaScRiPt:",
  "vbscript:",
  "data:text/html,",
  "data:image/svg+xml,",
  "file:",
  "&#106;",
  "&#x6A;",
  "&#9;",
  "&colon;",
  "&quot;",
  "&lt;",
  "%3A",
  "https://",
  "http://a.example/",
  "//",
  "mailto:",
  "www.",
  "@a.example",
  "/api/files/",
  "<img src=x onerror=xss(1)>",
  "<script>",
  "</script>",
  "<svg>",
  "<math>",
  "<style>",
  "<noscript>",
  "<!--",
  "-->",
  "<iframe srcdoc=",
  " onerror=",
  " onload=",
  "xss(1)",
  "```",
  "    ",
  "> ",
  "- ",
  "1. ",
  "# ",
  "- [ ] ",
  "[a]: ",
  "---",
  "| a |\n|---|\n",
];

describe("random mixes of dangerous fragments", () => {
  it("always render inert", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 40 }),
        fc.constantFrom("en" as const, "fr" as const),
        (parts, locale) => {
          expect(inertHtmlProblems(renderMarkdown(parts.join(""), { locale }))).toEqual([]);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
