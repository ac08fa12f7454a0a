import { describe, expect, it } from "vitest";
import { countWords, textStats } from "./text-stats.ts";

describe("text stats", () => {
  it("counts words in English and French, not punctuation", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("  — … !  ")).toBe(0);
    expect(countWords("Hello, world.")).toBe(2);
    expect(countWords("L'arbre — un rendez-vous, 12 fois.")).toBe(5);
    expect(countWords("don’t stop-and-go")).toBe(2);
    expect(countWords("Ça déménage à Noël")).toBe(4);
  });

  it("counts what a reader sees: no Markdown syntax, no link addresses", () => {
    expect(textStats("**Hello** [world](https://example.com/a/b)")).toEqual({
      words: 2,
      characters: 11,
      minutes: 1,
    });
    expect(textStats("# Title\n\n- one\n- two")).toMatchObject({ words: 3 });
  });

  it("counts characters as code points and reading time at about 220 words a minute", () => {
    expect(textStats("")).toEqual({ words: 0, characters: 0, minutes: 0 });
    expect(textStats("   \n ")).toEqual({ words: 0, characters: 0, minutes: 0 });
    expect(textStats("café 😀").characters).toBe(6);
    expect(textStats("word ".repeat(100)).minutes).toBe(1);
    expect(textStats("word ".repeat(660)).minutes).toBe(3);
    expect(textStats("word ".repeat(2200))).toMatchObject({ words: 2200, minutes: 10 });
  });
});
