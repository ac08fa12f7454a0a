import { describe, expect, it } from "vitest";
import {
  excerpt,
  markdownToPlainText,
  minutesToRead,
  readingMinutes,
  truncate,
  wordCount,
} from "./plain-text.ts";

describe("markdownToPlainText", () => {
  it.each([
    ["# Title\n\nSome *text* and **more**.", "Title Some text and more."],
    [
      "A [link](https://example.com) and ![an image](/api/files/a/b/c.png).",
      "A link and an image.",
    ],
    ["`code` and\n\n```js\nconst a = 1;\n```", "code and const a = 1;"],
    ["- one\n- two\n\n> quoted", "one two quoted"],
    ["- [ ] todo\n- [x] done", "todo done"],
    ["| a | b |\n|---|---|\n| 1 | 2 |", "a b 1 2"],
    ["<b>raw</b> stays as typed", "<b>raw</b> stays as typed"],
    ["line\nbreak", "line break"],
    // Issue 25 item 16: search snippets read this text; no two blocks may run together.
    ["## Heading text\n- List item one", "Heading text List item one"],
    ["Heading text\n---\n1. List item one\n2. Two", "Heading text List item one Two"],
    ["- one\n  - nested\n- two", "one nested two"],
    ["hard  \nbreak\\\nand backslash", "hard break and backslash"],
    ["# Title\n```\ncode\n```\nafter", "Title code after"],
    ["", ""],
  ])("%j → %j", (markdown, text) => {
    expect(markdownToPlainText(markdown)).toBe(text);
  });
});

describe("excerpt and truncate", () => {
  it("keeps short text whole", () => {
    expect(excerpt("**Hello** world", 50)).toBe("Hello world");
  });

  it("cuts at a word boundary with an ellipsis", () => {
    expect(excerpt("**Hello** world, this is long", 14)).toBe("Hello world…");
    expect(truncate("abcdefghij", 5)).toBe("abcd…");
  });

  it("counts characters, not UTF-16 units", () => {
    expect(truncate("😀😀😀😀😀😀", 6)).toBe("😀😀😀😀😀😀");
    expect(truncate("😀😀😀😀😀😀😀", 6)).toBe("😀😀😀😀😀…");
  });
});

describe("reading time", () => {
  it("counts words of the text, not the syntax", () => {
    expect(wordCount("# One two\n\n[three](https://four.example)")).toBe(3);
    expect(wordCount("")).toBe(0);
  });

  it("is at least one minute, then words / 220 rounded", () => {
    expect(readingMinutes("short")).toBe(1);
    expect(readingMinutes(Array.from({ length: 1100 }, () => "word").join(" "))).toBe(5);
  });

  it("reads the same from text already made plain", () => {
    const long = `# Title\n\n${Array.from({ length: 700 }, () => "word").join(" ")} [link](https://x.example)`;
    expect(minutesToRead(markdownToPlainText(long))).toBe(readingMinutes(long));
    expect(minutesToRead("")).toBe(1);
  });
});
