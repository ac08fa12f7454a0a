import { describe, expect, it } from "vitest";
import {
  applyEdit,
  fileMarkdown,
  formatText,
  insertSnippet,
  isImageName,
  type FormatCommand,
} from "./format-commands.ts";

/**
 * Runs a command on a text written with `[` and `]` marking the selection (`|` for a caret)
 * and returns the result written the same way.
 */
function run(command: FormatCommand, marked: string): string {
  const { text, from, to } = parse(marked);
  const edit = formatText(command, text, { from, to });
  return mark(applyEdit(text, edit), edit.selection.from, edit.selection.to);
}

function parse(marked: string): { text: string; from: number; to: number } {
  const caret = marked.indexOf("|");
  if (caret !== -1) return { text: marked.replace("|", ""), from: caret, to: caret };
  const from = marked.indexOf("[");
  const to = marked.indexOf("]") - 1;
  return { text: marked.replace("[", "").replace("]", ""), from, to };
}

function mark(text: string, from: number, to: number): string {
  if (from === to) return `${text.slice(0, from)}|${text.slice(from)}`;
  return `${text.slice(0, from)}[${text.slice(from, to)}]${text.slice(to)}`;
}

describe("inline styles", () => {
  it.each<[FormatCommand, string, string]>([
    ["bold", "a [word] here", "a **[word]** here"],
    ["bold", "a **[word]** here", "a [word] here"],
    ["bold", "a [**word**] here", "a [word] here"],
    ["bold", "empty |", "empty **|**"],
    ["bold", "a[ word ]here", "a **[word]** here"],
    ["italic", "a [word]", "a _[word]_"],
    ["italic", "a _[word]_", "a [word]"],
    ["italic", "__[word]__", "___[word]___"],
    ["code", "call [fn()] now", "call `[fn()]` now"],
    ["code", "call `[fn()]` now", "call [fn()] now"],
  ])("%s: %s → %s", (command, input, output) => {
    expect(run(command, input)).toBe(output);
  });

  it("makes a fenced block of several lines, and removes it again", () => {
    const fenced = run("code", "intro\n[let a = 1;\nlet b = 2;]\nend");
    expect(fenced).toBe("intro\n```\n[let a = 1;\nlet b = 2;]\n```\nend");
    expect(run("code", "intro\n[```\nlet a = 1;\n```]\nend")).toBe("intro\n[let a = 1;]\nend");
  });
});

describe("line prefixes", () => {
  it.each<[FormatCommand, string, string]>([
    ["heading", "Ti|tle", "## Ti|tle"],
    ["heading", "## Ti|tle", "Ti|tle"],
    ["heading", "# Ti|tle", "Ti|tle"],
    ["quote", "one\ntw|o\nthree", "one\n> tw|o\nthree"],
    ["quote", "> tw|o", "tw|o"],
    ["list", "[one\ntwo]", "[- one\n- two]"],
    ["list", "[- one\n- two]", "[one\ntwo]"],
    ["list", "[one\n\ntwo]", "[- one\n\n- two]"],
    ["list", "[- one\ntwo]", "[- one\n- two]"],
    ["list", "[1. one\n2. two]", "[one\ntwo]"],
    ["quote", "a\n[b\n]c", "a\n> [b\n]c"],
    ["list", "|", "- |"],
  ])("%s: %j → %j", (command, input, output) => {
    expect(run(command, input)).toBe(output);
  });
});

describe("links", () => {
  it("wraps the selected words and selects the address to type", () => {
    const { text, from, to } = parse("see [the docs] now");
    const edit = formatText("link", text, { from, to });
    const after = applyEdit(text, edit);
    expect(after).toBe("see [the docs](https://) now");
    expect(after.slice(edit.selection.from, edit.selection.to)).toBe("https://");
  });

  it("links a selected address and puts the caret in the link text", () => {
    expect(run("link", "go [https://example.com/a] now")).toBe("go [|](https://example.com/a) now");
  });

  it("makes an empty link at the caret", () => {
    const edit = formatText("link", "", { from: 0, to: 0 });
    expect(applyEdit("", edit)).toBe("[](https://)");
    expect(edit.selection).toEqual({ from: 3, to: 11 });
  });
});

describe("snippets and files", () => {
  it("puts a block snippet on its own line, the caret after it", () => {
    const edit = insertSnippet("beforeafter", { from: 6, to: 6 }, "![a](b)", true);
    expect(applyEdit("beforeafter", edit)).toBe("before\n![a](b)\nafter");
    expect(edit.selection.from).toBe("before\n![a](b)".length);
    const atEnd = insertSnippet("text\n", { from: 5, to: 5 }, "[f](u)", true);
    expect(applyEdit("text\n", atEnd)).toBe("text\n[f](u)");
    const inline = insertSnippet("ab", { from: 1, to: 2 }, "X");
    expect(applyEdit("ab", inline)).toBe("aX");
  });

  it("writes images and links to files, escaping what would break them", () => {
    expect(fileMarkdown("photo.jpg", "/api/files/entries/abc/photo_x.jpg", true)).toBe(
      "![photo.jpg](/api/files/entries/abc/photo_x.jpg)",
    );
    expect(fileMarkdown("notes [v2].pdf", "/f/notes.pdf", false)).toBe(
      "[notes \\[v2\\].pdf](/f/notes.pdf)",
    );
    expect(fileMarkdown("a", "/f/a b (1).txt", false)).toBe("[a](</f/a b (1).txt>)");
    expect(isImageName("x.JPEG")).toBe(true);
    expect(isImageName("x.svg")).toBe(false);
    expect(isImageName("x.pdf")).toBe(false);
  });

  it("never leaves the text when the selection is out of range", () => {
    const edit = formatText("bold", "abc", { from: 10, to: -4 });
    expect(applyEdit("abc", edit)).toBe("**abc**");
  });
});
