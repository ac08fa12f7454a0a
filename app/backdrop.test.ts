import { readFileSync } from "node:fs";
import postcss, { type Rule } from "postcss";
import { describe, expect, it } from "vitest";

/**
 * A modal dialog's backdrop dims the whole page, the editor's sticky save bar included
 * (issue 25 item 16): the colour of `backdrop:bg-stone-900/50` is a palette variable, which
 * `::backdrop` does not inherit in browsers before 2024, so the stylesheet defines it on
 * `::backdrop` itself, for every theme (dark mode overrides it with black).
 */
const css = postcss.parse(readFileSync(new URL("./app.css", import.meta.url), "utf8"));

/** The custom properties that rules whose selector is exactly `selector` declare, by media. */
function declared(selector: string): { media: string; name: string; value: string }[] {
  const found: { media: string; name: string; value: string }[] = [];
  css.walkRules((rule: Rule) => {
    if (rule.selector !== selector) return;
    const parent = rule.parent;
    const media = parent?.type === "atrule" && "params" in parent ? parent.params : "";
    rule.walkDecls((decl) => {
      found.push({ media, name: decl.prop, value: decl.value });
    });
  });
  return found;
}

describe("a dialog's backdrop", () => {
  it("defines the colour it dims with, outside any media query, so no browser leaves it clear", () => {
    expect(declared("::backdrop")).toContainEqual({
      media: "",
      name: "--color-stone-900",
      value: expect.stringMatching(/^oklch\(21\.6% /),
    });
  });

  it("stays black in dark mode", () => {
    for (const selector of [
      '[data-theme="dark"] ::backdrop',
      ':root:not([data-theme="light"]) ::backdrop',
    ])
      expect(declared(selector)).toContainEqual({
        media: expect.stringContaining("screen"),
        name: "--color-stone-900",
        value: "oklch(0% 0 0)",
      });
  });
});
