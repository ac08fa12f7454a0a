import { describe, expect, it } from "vitest";
import {
  compileStylesheet,
  documentMarkup,
  pruneStylesheet,
  requirements,
} from "./pruned-styles.server.ts";

const CSS = [
  "@layer theme,base,utilities;",
  '@property --tw-x{syntax:"*";inherits:false}',
  ":root{--ink:#111}",
  "html:where([data-theme=dark],[data-theme=dark] *){--ink:#eee}",
  "a,p{color:var(--ink)}",
  "@layer utilities{.flex{display:flex}.hidden{display:none}.md\\:grid{display:grid}.w-\\[2px\\]{width:2px}}",
  "@media (min-width:48rem){.md\\:hidden{display:none}.gap-4{gap:1rem}}",
  ".prose :where(p):not(:where([class~=not-prose],[class~=not-prose] *)){margin:1em}",
  ".prose :where(table):not(:where([class~=not-prose],[class~=not-prose] *)){width:100%}",
  ".prose :where(thead th strong){color:red}",
  ".btn:hover,.menu .item{color:blue}",
  ".card:not(.flat){box-shadow:0 0 1px var(--tw-x)}",
  "@keyframes spin{to{transform:rotate(1turn)}}",
].join("");

describe("requirements", () => {
  it("counts classes outside parentheses and the elements of a plain :where()", () => {
    expect(requirements(".a.b > .c:hover")).toEqual({ classes: ["a", "b", "c"], elements: [] });
    expect(requirements(".md\\:hidden")).toEqual({ classes: ["md:hidden"], elements: [] });
    expect(requirements(".w-\\[2px\\]").classes).toEqual(["w-[2px]"]);
    expect(requirements(".card:not(.flat)").classes).toEqual(["card"]);
    expect(requirements(":where(.a, .b) .c").classes).toEqual(["c"]);
    expect(requirements(".prose :where(thead th strong)").elements).toEqual([
      "thead",
      "th",
      "strong",
    ]);
    expect(requirements(".prose :where(ol[type=A] > li)").elements).toEqual(["ol", "li"]);
    expect(requirements(".prose :where(h1, h2)").elements).toEqual([]);
    expect(requirements("[class~=lead]").classes).toEqual([]);
  });
});

describe("pruneStylesheet", () => {
  const compiled = compileStylesheet(CSS);

  it("keeps what the markup can match and every rule without a class", () => {
    const html =
      '<html><body><div class="flex md:hidden card prose"><p>x</p><a class="btn">y</a></div></body></html>';
    const css = pruneStylesheet(compiled, documentMarkup(html), "/assets/app-1.css");
    expect(css.startsWith("/*pruned:/assets/app-1.css*/")).toBe(true);
    for (const kept of [
      "@layer theme,base,utilities;",
      "@property --tw-x",
      ":root{--ink:#111}",
      "html:where([data-theme=dark],[data-theme=dark] *){--ink:#eee}",
      "a,p{color:var(--ink)}",
      "@layer utilities{.flex{display:flex}}",
      "@media (min-width:48rem){.md\\:hidden{display:none}}",
      ".prose :where(p):not(",
      ".btn:hover{color:blue}",
      ".card:not(.flat){box-shadow:0 0 1px var(--tw-x)}",
      "@keyframes spin{to{transform:rotate(1turn)}}",
    ]) {
      expect(css).toContain(kept);
    }
    for (const dropped of [".hidden", ".md\\:grid", ".gap-4", ":where(table)", "thead", ".menu"]) {
      expect(css).not.toContain(dropped);
    }
  });

  it("drops a group none of whose rules is used", () => {
    const css = pruneStylesheet(compiled, documentMarkup("<p>x</p>"), "/a.css");
    expect(css).not.toContain("@media");
    expect(css).not.toContain("@layer utilities{");
  });

  it("is the stylesheet itself when every class and element is used", () => {
    const html =
      '<div class="flex hidden md:grid w-[2px] md:hidden gap-4 prose btn menu item card"><p><table><thead><th><strong>';
    const css = pruneStylesheet(compiled, documentMarkup(html), "/a.css");
    const strip = (text: string) => text.replace(/^\/\*[^*]*\*\//, "").replace(/\s+/g, "");
    expect(strip(css)).toBe(strip(CSS));
  });
});

describe("custom properties", () => {
  const VARIABLES = [
    '@property --tw-a{syntax:"*";inherits:false}',
    '@property --tw-b{syntax:"*";inherits:false;initial-value:0}',
    "@layer properties{@supports (x:y){*,:before,::backdrop{--tw-a:0;--tw-b:0}}}",
    ":root{--c-red:red;--c-blue:blue;--c-green:green;--font:var(--c-blue)}",
    "@media (prefers-color-scheme:dark){:root{--c-red:pink;--c-blue:navy}}",
    ".a{color:var(--c-red)}",
    ".b{--tw-b:1px;margin:var(--tw-b)}",
    ".f{font-family:var(--font)}",
  ].join("");

  it("drops those nothing kept reads, with their @property, fallbacks and emptied rules", () => {
    const html = '<p class="a" style="border-color: var(--c-green)">x</p>';
    const css = pruneStylesheet(compileStylesheet(VARIABLES), documentMarkup(html), "/a.css");
    expect(css).toBe(
      "/*pruned:/a.css*/:root{--c-red:red;--c-blue:blue;--c-green:green}" +
        "@media (prefers-color-scheme:dark){:root{--c-red:pink;--c-blue:navy}}" +
        ".a{color:var(--c-red)}",
    );
  });

  it("keeps a variable, its registration and its fallback while a kept rule reads it", () => {
    const css = pruneStylesheet(
      compileStylesheet(VARIABLES),
      documentMarkup('<p class="b f">x</p>'),
      "/a.css",
    );
    for (const kept of [
      "@property --tw-b",
      "--tw-b:0",
      ".b{--tw-b:1px;margin:var(--tw-b)}",
      "--font:var(--c-blue)",
      "--c-blue:navy",
    ])
      expect(css).toContain(kept);
    for (const dropped of ["--tw-a", "--c-red", "--c-green"]) expect(css).not.toContain(dropped);
  });
});

describe("documentMarkup", () => {
  it("reads class attributes and element names", () => {
    const markup = documentMarkup(
      '<main class="a  b\nc"><svg class="icon"><path/></svg><p class="">x &amp; y</p></main>',
    );
    expect([...markup.classes].toSorted()).toEqual(["a", "b", "c", "icon"]);
    expect([...markup.elements].toSorted()).toEqual(["main", "p", "path", "svg"]);
  });
});
