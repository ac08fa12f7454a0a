/**
 * Highlighted code blocks (issue 25 item 16): a fence naming a known language comes out in
 * `hljs-*` spans, anything else plain; and whatever the code holds, the HTML stays inert.
 */
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "#shared/markdown/render.ts";
import { XSS_PAYLOADS } from "#tests/fixtures/xss-payloads.ts";
import { inertHtmlProblems } from "#tests/helpers/inert-html.ts";
import { fenceLanguage, highlightCode } from "./code-highlight.server.ts";

const render = (text: string) => renderMarkdown(text, { highlight: highlightCode });

/** The HTML without the highlighter's spans (the one thing it adds). */
const withoutSpans = (html: string) =>
  html.replace(/<span class="(?:hljs|language)-[a-z_ -]+">/g, "").replaceAll("</span>", "");

describe("code highlighting on the server", () => {
  it("colours a block that names its language, and only that", () => {
    const html = render("```ts\nconst answer: number = 42; // why\n```");
    expect(html).toContain('<pre><code class="language-ts">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('<span class="hljs-number">42</span>');
    expect(html).toContain('<span class="hljs-comment">// why</span>');
    expect(render("```\nconst a = 1;\n```")).not.toContain("hljs");
    expect(render("```klingon\nconst a = 1;\n```")).not.toContain("hljs");
    expect(renderMarkdown("```ts\nconst a = 1;\n```")).not.toContain("hljs");
  });

  it("knows the names writers use", () => {
    expect(fenceLanguage("sh")).toBe("bash");
    expect(fenceLanguage("HTML")).toBe("xml");
    expect(fenceLanguage("python title=x.py")).toBe("python");
    expect(fenceLanguage("")).toBeNull();
    expect(fenceLanguage("klingon")).toBeNull();
    expect(highlightCode("x".repeat(20_001), "ts")).toBeNull();
  });

  it.each(XSS_PAYLOADS.map((payload) => [payload.name, payload.text] as const))(
    "keeps %s inert inside highlighted code",
    (_name, text) => {
      for (const language of ["html", "js", "markdown"]) {
        const html = render(
          "```" + language + "\n" + text + "\n</code></pre><script>xss(1)</script>\n```",
        );
        expect(inertHtmlProblems(withoutSpans(html))).toEqual([]);
        expect(html).not.toContain("<script");
      }
    },
  );
});
