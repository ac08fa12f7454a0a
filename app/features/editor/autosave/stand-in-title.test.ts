import { describe, expect, it } from "vitest";
import {
  hasTitle,
  hasWords,
  STAND_IN_MAX,
  standInAddress,
  standInTitle,
} from "./stand-in-title.ts";

describe("standInTitle", () => {
  it("takes the words of the first line that has any, without the Markdown", () => {
    expect(standInTitle("Walked to the market.", "Untitled")).toBe("Walked to the market.");
    expect(standInTitle("\n\n# Market *day*\n\nApples, pears.", "Untitled")).toBe("Market day");
    expect(standInTitle("- [x] **Call** [Lou](https://example.com)\n- Other", "Untitled")).toBe(
      "Call Lou",
    );
    // A line of syntax alone gives way to the next one.
    expect(standInTitle("---\n> Quoted words", "Sans titre")).toBe("Quoted words");
  });

  it("cuts a long first line at a word boundary", () => {
    const line = "The longest first line anyone ever wrote about the gardens of Lyon and more";
    const title = standInTitle(`${line}\nSecond line.`, "Untitled");
    expect(title).toBe("The longest first line anyone ever wrote about the gardens…");
    expect(Array.from(title).length).toBeLessThanOrEqual(STAND_IN_MAX);
  });

  it("says Untitled, in the writer's language, when no line has words", () => {
    expect(standInTitle("", "Untitled")).toBe("Untitled");
    expect(standInTitle("   \n\n---\n", "Sans titre")).toBe("Sans titre");
  });
});

describe("hasTitle and hasWords", () => {
  it("tell a title, and something to keep, from blanks", () => {
    expect(hasTitle({ title: "  ", content: "Text" })).toBe(false);
    expect(hasTitle({ title: "Day", content: "" })).toBe(true);
    expect(hasWords({ title: " ", content: "\n " })).toBe(false);
    expect(hasWords({ title: "", content: "Text" })).toBe(true);
    expect(hasWords({ title: "Day", content: "" })).toBe(true);
  });
});

describe("standInAddress", () => {
  it("is the title's address, or null when it would not move", () => {
    expect(standInAddress("Été à Lyon", "walked-to-the-market")).toBe("ete-a-lyon");
    expect(standInAddress("Walked to the market", "walked-to-the-market")).toBeNull();
    expect(standInAddress("日本語", "walked-to-the-market")).toBeNull();
  });
});
