import { describe, expect, it } from "vitest";
import { checkCustomCss, cssUrls, MAX_CUSTOM_CSS_BYTES, urlProblem } from "./custom-css.ts";

describe("custom style sheet checks", () => {
  it("accepts an ordinary sheet, and an empty one", async () => {
    expect(await checkCustomCss("")).toEqual([]);
    expect(
      await checkCustomCss(
        `.prose h2 { color: teal; background: url("/api/files/x/y/a.png") }
@media (max-width: 40rem) { body { font-size: 18px } }
@font-face { font-family: X; src: url(data:font/woff2;base64,AAAA) }
.hero { background-image: url('https://images.example.com/a.jpg') }`,
      ),
    ).toEqual([]);
  });

  it("refuses a sheet that does not parse, with where", async () => {
    const [problem] = await checkCustomCss("body { color: red;\n.a { ");
    expect(problem?.code).toBe("validation_css_syntax");
    expect(problem?.message).toMatch(/line \d+/);
  });

  it("refuses @import, local or remote", async () => {
    for (const sheet of ['@import url("https://evil.example/x.css");', '@import "/a.css";']) {
      const [problem] = await checkCustomCss(sheet);
      expect(problem?.code).toBe("validation_css_import");
      expect(problem?.message).toContain("Line 1");
    }
  });

  it("refuses addresses the page's CSP would block", async () => {
    const cases = [
      "body { background: url(http://example.com/a.png) }",
      "body { background: url(//example.com/a.png) }",
      "body { background: url(javascript:alert(1)) }",
      "@font-face { font-family: X; src: url(https://fonts.example/x.woff2) }",
    ];
    for (const sheet of cases) {
      const [problem] = await checkCustomCss(sheet);
      expect(problem?.code, sheet).toBe("validation_css_url");
    }
  });

  it("refuses a sheet over the size limit", async () => {
    const [problem] = await checkCustomCss(`/*${"x".repeat(MAX_CUSTOM_CSS_BYTES)}*/`);
    expect(problem?.code).toBe("validation_css_too_large");
    expect(problem?.message).toContain("50 KB");
  });

  it("reads url() in its three spellings", () => {
    expect(cssUrls(`url(a) url( "b" ) url('c') URL(d)`)).toEqual(["a", "b", "c", "d"]);
    expect(urlProblem("/x.png", false)).toBeNull();
    expect(urlProblem("data:image/png;base64,AA", true)).toBeNull();
    expect(urlProblem("https://x/y.png", false)).toBeNull();
    expect(urlProblem("https://x/y.woff", true)).not.toBeNull();
  });
});
