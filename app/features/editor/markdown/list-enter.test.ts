import { describe, expect, it } from "vitest";
import { EditorSelection, EditorState, type Transaction } from "@codemirror/state";
import { markdown, markdownLanguage } from "@codemirror/lang-markdown";
import { ensureSyntaxTree, syntaxTreeAvailable } from "@codemirror/language";
import { insertNewlineEndingLists } from "./list-enter.ts";

/**
 * Presses Enter (the command) on a text whose caret is `|`, as many times as asked, and
 * returns the text with its caret; `null` when the command did not apply.
 */
function enter(marked: string, times = 1): string | null {
  const caret = marked.indexOf("|");
  let state = EditorState.create({
    doc: marked.replace("|", ""),
    selection: EditorSelection.cursor(caret),
    extensions: [markdown({ base: markdownLanguage })],
  });
  // A new state parses for at most 20 ms; on a cold, busy machine that can end before the
  // list is parsed, and the command (which reads the state's tree) would not see it. An editor
  // view goes on parsing in the background; here the parse is finished, then taken in.
  ensureSyntaxTree(state, state.doc.length, 10_000);
  state = state.update({}).state;
  expect(syntaxTreeAvailable(state)).toBe(true);
  for (let i = 0; i < times; i++) {
    const done: Transaction[] = [];
    const ran = insertNewlineEndingLists({
      state,
      dispatch: (tr) => {
        done.push(tr);
      },
    });
    const [tr] = done;
    if (!ran || !tr) return null;
    state = tr.state;
  }
  const head = state.selection.main.head;
  const text = state.doc.toString();
  return `${text.slice(0, head)}|${text.slice(head)}`;
}

describe("Enter in a list", () => {
  it.each([
    ["a bullet list", "- a\n- b|", "- a\n- b\n- |"],
    ["an ordered list", "1. a|", "1. a\n2. |"],
    ["a task list", "- [x] a|", "- [x] a\n- [ ] |"],
    ["a nested list", "- a\n  - b|", "- a\n  - b\n  - |"],
  ])("continues %s", (_, before, after) => {
    expect(enter(before)).toBe(after);
  });

  it.each([
    ["a bullet list", "- a\n- b\n- |", "- a\n- b\n\n|"],
    ["a one-item bullet list", "- a\n- |", "- a\n\n|"],
    ["a list of stars", "* a\n* |", "* a\n\n|"],
    ["an ordered list", "1. a\n2. b\n3. |", "1. a\n2. b\n\n|"],
    ["an ordered list with parentheses", "1) a\n2) |", "1) a\n\n|"],
    ["a task list", "- [ ] a\n- [x] b\n- [ ] |", "- [ ] a\n- [x] b\n\n|"],
    ["a list in a quote", "> - a\n> - |", "> - a\n>\n> |"],
  ])("ends %s on its empty item, a blank line above the caret", (_, before, after) => {
    expect(enter(before)).toBe(after);
  });

  it("ends a list on the second Enter, and what follows is a paragraph of its own", () => {
    expect(enter("- a\n- b|", 2)).toBe("- a\n- b\n\n|");
    expect(enter("1. a\n2. b|", 2)).toBe("1. a\n2. b\n\n|");
    expect(enter("- [ ] a|", 2)).toBe("- [ ] a\n\n|");
  });

  it("leaves a nested list for its parent's next item, then ends the parent list", () => {
    expect(enter("- a\n  - b\n  - |")).toBe("- a\n  - b\n- |");
    expect(enter("1. a\n   1. b\n   2. |")).toBe("1. a\n   1. b\n2. |");
    expect(enter("- [ ] a\n  - [ ] b\n  - [ ] |")).toBe("- [ ] a\n  - [ ] b\n- [ ] |");
    expect(enter("- a\n  - b|", 3)).toBe("- a\n  - b\n\n|");
  });

  it("adds no second blank line to a list that has them already", () => {
    expect(enter("- a\n\n- b\n\n- |")).toBe("- a\n\n- b\n\n|");
  });

  it("leaves Enter outside lists and quotes to the plain newline", () => {
    expect(enter("Some text|")).toBeNull();
    expect(enter("|")).toBeNull();
  });
});
