import { describe, expect, it } from "vitest";
import { textDiff, versionChanges, wordChanges } from "./history-diff.ts";
import { restoreBody } from "./revision-data.ts";

describe("history diff", () => {
  it("marks the words a text removed and added, keeping spaces and line breaks", () => {
    expect(textDiff("a red kite", "a black kite")).toEqual({
      parts: [
        { kind: "same", text: "a " },
        { kind: "removed", text: "red" },
        { kind: "added", text: "black" },
        { kind: "same", text: " kite" },
      ],
      exact: true,
    });
    const diff = textDiff("First line.\n\nSecond line.", "First line.\n\nSecond line, longer.");
    expect(diff.parts.map((part) => part.text).join("")).toContain("First line.\n\nSecond line");
    expect(diff.parts.filter((part) => part.kind === "added").map((part) => part.text)).toEqual([
      ", longer",
    ]);
  });

  it("answers one run for equal texts and nothing for two empty ones", () => {
    expect(textDiff("same", "same")).toEqual({
      parts: [{ kind: "same", text: "same" }],
      exact: true,
    });
    expect(textDiff("", "")).toEqual({ parts: [], exact: true });
    expect(textDiff("", "new words").parts).toEqual([{ kind: "added", text: "new words" }]);
  });

  it("shows both texts whole when they cannot be compared in time", () => {
    const before = Array.from({ length: 4000 }, (_, i) => `w${i}`).join(" ");
    const after = Array.from({ length: 4000 }, (_, i) => `x${i}`).join(" ");
    expect(textDiff(before, after, 0)).toEqual({
      parts: [
        { kind: "removed", text: before },
        { kind: "added", text: after },
      ],
      exact: false,
    });
  });

  it("counts the words added and removed", () => {
    expect(wordChanges("the red kite", "the black kite flew")).toEqual({ added: 2, removed: 1 });
    expect(wordChanges("", "Hello, world!")).toEqual({ added: 2, removed: 0 });
    expect(wordChanges("Hello, world!", "Hello world")).toEqual({ added: 0, removed: 0 });
    expect(wordChanges("one two three", "")).toEqual({ added: 0, removed: 3 });
    // Past the time bound, the words are compared as bags: same numbers for simple edits.
    expect(wordChanges("the red kite", "the black kite flew", 0)).toEqual({
      added: 2,
      removed: 1,
    });
  });
});

describe("version changes", () => {
  it("compares each version with the one before it, the first with nothing", () => {
    const v3 = { version: 3, content: "one two three four" };
    const v2 = { version: 2, content: "one two three" };
    const v1 = { version: 1, content: "one" };
    expect(versionChanges([v3, v2, v1], null)).toEqual([
      { added: 1, removed: 0 },
      { added: 2, removed: 0 },
      { added: 1, removed: 0 },
    ]);
    // A page that stops before the first version: the look-ahead is the last one's base.
    expect(versionChanges([v3, v2], v1)).toEqual([
      { added: 1, removed: 0 },
      { added: 2, removed: 0 },
    ]);
    // A capped history: the oldest kept version's base is gone.
    expect(versionChanges([v3, v2], null)).toEqual([{ added: 1, removed: 0 }, null]);
  });
});

describe("restore body", () => {
  const revision = {
    title: "Old title",
    content: "Old text",
    data: { tags: ["a", 3, "b"], excerpt: "Short", status: "draft", visibility: "public" },
  };

  it("brings back title, text and tags of an entry, and nothing else", () => {
    expect(restoreBody("entries", revision)).toEqual({
      title: "Old title",
      content: "Old text",
      tags: ["a", "b"],
    });
  });

  it("adds a post's excerpt, never its status", () => {
    expect(restoreBody("posts", revision)).toEqual({
      title: "Old title",
      content: "Old text",
      tags: ["a", "b"],
      excerpt: "Short",
    });
    expect(restoreBody("posts", { title: "", content: "", data: null })).toEqual({
      title: "",
      content: "",
      tags: [],
      excerpt: "",
    });
  });
});
