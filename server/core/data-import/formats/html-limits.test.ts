import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  checkHtml,
  MAX_HTML_BYTES,
  MAX_HTML_DEPTH,
  MAX_HTML_WEIGHT,
  type HtmlCheck,
} from "./html-limits.ts";
import { HtmlRefusedError, htmlToMarkdown } from "./html-to-markdown.ts";

/** A node of turndown's own HTML parser (domino), as far as this test reads it. */
interface ParsedNode {
  nodeType: number;
  nodeName: string;
  firstChild: ParsedNode | null;
  nextSibling: ParsedNode | null;
}
const domino = createRequire(import.meta.url)("@mixmark-io/domino") as {
  createDocument(html: string): { documentElement: ParsedNode };
};
const VOID_NODES =
  /^(AREA|BASE|BASEFONT|BGSOUND|BR|COL|EMBED|FRAME|HR|IMG|INPUT|KEYGEN|LINK|META|PARAM|SOURCE|TRACK|WBR)$/;

/** The depth of the elements the converter's parser builds from `html` (as turndown wraps it). */
function parsedDepth(html: string): number {
  const root = domino.createDocument(`<x-turndown id="turndown-root">${html}</x-turndown>`);
  let deepest = 0;
  const pending: [ParsedNode, number][] = [[root.documentElement, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    for (let child = node.firstChild; child; child = child.nextSibling)
      if (child.nodeType === 1 && !VOID_NODES.test(child.nodeName))
        pending.push([child, depth + 1]);
  }
  return deepest - 2; // <html>, <body> and the wrapper
}

/** `depth` nested `<div>`s around `text`. */
const nested = (depth: number, text = "x") => "<div>".repeat(depth) + text + "</div>".repeat(depth);

/** The plain form of an accepted fragment (fails the test when it is refused). */
function accepted(html: string): Extract<HtmlCheck, { ok: true }> {
  const result = checkHtml(html);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

function refusal(html: string): string {
  const result = checkHtml(html);
  if (result.ok) throw new Error(`accepted at depth ${String(result.depth)}`);
  return result.reason;
}

describe("HTML limits before conversion (issue 23)", () => {
  it("measures the nesting depth in one pass and refuses past MAX_HTML_DEPTH", () => {
    expect(accepted(nested(MAX_HTML_DEPTH)).depth).toBe(MAX_HTML_DEPTH);
    expect(refusal(nested(MAX_HTML_DEPTH + 1))).toBe(
      `its HTML nests elements more than ${String(MAX_HTML_DEPTH)} deep`,
    );
    // The report's sample: 200,000 levels, refused before its size (2.2 MB) is even read on.
    expect(refusal(nested(3000))).toMatch(/more than 200 deep/);
    expect(refusal(nested(200_000))).toBe("its HTML is 2,149 KB; at most 1,024 KB");
  });

  it("counts what an HTML parser nests, not what the text seems to close", () => {
    const deep = [
      // An HTML element's `/>` is ignored: these nest.
      "<div/>".repeat(3000),
      // End tags in comments, attribute values or a bogus comment close nothing.
      "<div><!-- </div> -->".repeat(3000),
      `<div title="</div>">`.repeat(3000),
      "<div></ div>".repeat(3000),
      "<span>".repeat(3000),
      // A misnested end tag does not close the element it skips over.
      "<div><span></b>".repeat(3000),
    ];
    for (const html of deep) expect(refusal(html), html.slice(0, 30)).toMatch(/deep|too long/);

    const flat = [
      // Elements closed by the parser itself.
      `<ul>${"<li>item".repeat(3000)}</ul>`,
      "<p>para".repeat(3000),
      `<table>${"<tr><td>a<td>b".repeat(1000)}</table>`,
      `<dl>${"<dt>t<dd>d".repeat(1000)}</dl>`,
      // SVG's `/>` closes; script and style text holds no elements.
      `<svg viewBox="0 0 1 1">${'<path d="M0"/>'.repeat(3000)}</svg>`,
      `<script>${"<div>".repeat(3000)}</script>`,
      `<style>${"<div>".repeat(3000)}</style>`,
      `<!--${"<div>".repeat(3000)}-->`,
    ];
    for (const html of flat) expect(accepted(html).depth, html.slice(0, 30)).toBeLessThan(5);
  });

  it("never lets the converter's parser build deeper than it measured (random tag soups)", () => {
    const names =
      "div p span b i a li ul table tr td tbody caption col select option svg math foreignObject title mi annotation-xml g path script style textarea template button form h1 em strong nobr font dd dt pre xmp plaintext noscript iframe html body head frameset image br img input x-turndown marquee object".split(
        " ",
      );
    const pieces = ["x", "<!--", "-->", '"', "'", "<![CDATA[", "]]>", "<a b='", "'>", "</>"];
    let seed = 23;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
    for (let round = 0; round < 400; round++) {
      let soup = "";
      for (let k = 0, length = 20 + Math.floor(random() * 400); k < length; k++) {
        const r = random();
        if (r < 0.6) soup += `<${pick(names)}${r < 0.1 ? ' color="x"' : ""}${r > 0.5 ? "/" : ""}>`;
        else if (r < 0.85) soup += `</${pick(names)}>`;
        else soup += pick(pieces);
      }
      const result = checkHtml(soup);
      if (result.ok) expect(parsedDepth(result.html), soup).toBeLessThanOrEqual(result.depth);
    }
    // The elements the parser adds itself are counted: a table's body and row, a column group.
    for (const html of [
      "<table><tr><td>x",
      "<table><td><table><td><table><td>x",
      "<table><col><tr><td>x",
      "<b><p>x</b>y</p>",
      "<p><b>x</p>y",
    ])
      expect(accepted(html).depth, html).toBe(parsedDepth(accepted(html).html));
  });

  it("hands the converter a plain form: no markup it could read differently", () => {
    expect(accepted('<script>if (a<b) x("</div>")</script><p>t</p>').html).toBe(
      '<script>if (a&lt;b) x("&lt;/div>")</script><p>t</p>',
    );
    expect(accepted("<p class='a\"b' onclick=x>one<!-- <div> --> &amp; two < 3</p>").html).toBe(
      '<p class="a&quot;b" onclick="x">one &amp; two &lt; 3</p>',
    );
    expect(accepted('<svg><path d="M0"/><title>t</title></svg>').html).toBe(
      "<span><span></span><span>t</span></span>",
    );
    // Elements the pass closes get an explicit end tag; unclosed ones are closed at the end.
    expect(accepted("<ul><li>a<li>b</ul><p>c<div>d").html).toBe(
      "<ul><li>a</li><li>b</li></ul><p>c</p><div>d</div>",
    );
    // A `<style>` inside `<select>` is ignored by a parser, which then reads its text as
    // tags: the plain form has none to read.
    const hidden = accepted(`<select><style></select>${"<div>".repeat(3000)}`).html;
    expect(hidden).not.toContain("<div");
    expect(accepted("<x-turndown>a</x-turndown>").html).toBe("<span>a</span>");
  });

  it("refuses HTML over MAX_HTML_BYTES, counted in bytes of UTF-8", () => {
    expect(refusal("x".repeat(MAX_HTML_BYTES + 1))).toBe("its HTML is 1,025 KB; at most 1,024 KB");
    // Fewer characters than the limit, more bytes.
    expect(refusal("é".repeat(MAX_HTML_BYTES / 2 + 1))).toBe(
      "its HTML is 1,025 KB; at most 1,024 KB",
    );
    expect(accepted("é".repeat(MAX_HTML_BYTES / 2)).depth).toBe(0);
  });

  it("refuses HTML too long for how deeply it nests (MAX_HTML_WEIGHT)", () => {
    const text = "word ".repeat(8_000);
    expect(accepted(nested(10, text)).depth).toBe(10);
    expect(accepted(nested(MAX_HTML_DEPTH)).depth).toBe(MAX_HTML_DEPTH);
    expect(refusal(nested(100, text))).toBe(
      `its HTML is too long for how deeply it nests (a weight over ${MAX_HTML_WEIGHT.toLocaleString("en-US")}: each tag and text counts its length plus 40, times its depth)`,
    );
    // Formatting the parser opens again after each paragraph is weighed too.
    const reopened = `<p>${'<b class="x">'.repeat(150)}${"x</p>x".repeat(50_000)}`;
    expect(refusal(reopened)).toMatch(/too long/);
  });

  it("converts HTML at the bounds, and refuses deeper HTML instead of overflowing the stack", () => {
    expect(htmlToMarkdown(nested(MAX_HTML_DEPTH, "deep"))).toBe("deep");
    expect(htmlToMarkdown(`${"<blockquote>".repeat(50)}q`)).toBe(`${"> ".repeat(50)}q`);
    // Before the limits, 3,000 levels threw "Maximum call stack size exceeded".
    expect(() => htmlToMarkdown(nested(3000))).toThrow(HtmlRefusedError);
    expect(() => htmlToMarkdown(nested(3000))).toThrow(/more than 200 deep/);
    // A large post within the limits converts whole.
    const paragraph = '<p>A line with a <a href="https://example.com/">link</a>.</p>';
    const large = paragraph.repeat(Math.floor(200_000 / paragraph.length));
    expect(checkHtml(large).ok).toBe(true);
    expect(htmlToMarkdown(large).split("\n\n")).toHaveLength(
      Math.floor(200_000 / paragraph.length),
    );
  });

  it("keeps the Markdown of ordinary and sloppy HTML as it was", () => {
    const cases: [string, string][] = [
      [
        '<p>Hello <strong>world</strong> &amp; <a href="https://x.y/?a=1&amp;b=2">link</a></p><ul><li>one<ul><li>nested</li></ul></li><li>two</li></ul>',
        "Hello **world** & [link](https://x.y/?a=1&b=2)\n\n- one\n  - nested\n- two",
      ],
      [
        '<figure class="kg-card kg-image-card"><img src="/content/images/a.png" alt="A"><figcaption>Cap</figcaption></figure>',
        "![A](/content/images/a.png)\n\n*Cap*",
      ],
      [
        '<pre><code class="language-js">if (a &lt; b) {\n  x();\n}\n</code></pre>',
        "```js\nif (a < b) {\n  x();\n}\n```",
      ],
      ["<p><b>bold<i>both</b> italic</i></p>", "**bold*both*** *italic*"],
      ["<p><b>x</p><p>y</p>", "**x**\n\n**y**"],
      ["<p>unclosed<p>paragraphs<ul><li>a<li>b</ul>", "unclosed\n\nparagraphs\n\n- a\n- b"],
      ["<xmp><b>literal & text</b></xmp>", "<b>literal & text</b>"],
    ];
    for (const [html, markdown] of cases) expect(htmlToMarkdown(html), html).toBe(markdown);
  });
});
