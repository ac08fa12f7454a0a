/**
 * The CodeMirror 6 Markdown editor. This module is imported dynamically by
 * `markdown-editor.tsx` once the page has hydrated, so CodeMirror is a chunk of its own that
 * only editor pages download; until it arrives (or if it never does) the plain text area
 * works. The view reports every change, applies the toolbar's edits as single undoable
 * transactions, and binds the formatting shortcuts (Ctrl/Cmd+B, I, K; Ctrl/Cmd+S is the
 * page's).
 */
import { EditorSelection, EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap, placeholder as placeholderText } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { deleteMarkupBackward, markdown, markdownLanguage } from "@codemirror/lang-markdown";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import {
  formatText,
  type FormatCommand,
  type TextEdit,
  type TextSelection,
} from "./format-commands.ts";
import { insertNewlineEndingLists } from "./list-enter.ts";

/** Options of {@link createMarkdownView}. */
export interface MarkdownViewOptions {
  /** The element the editor is mounted in. */
  parent: HTMLElement;
  /** The initial text. */
  doc: string;
  /** The initial selection (kept when the editor replaces a focused text area). */
  selection?: TextSelection;
  /** Attributes of the editable element: `aria-labelledby`, `aria-describedby`, `id`… */
  attributes: Record<string, string>;
  /** Placeholder shown while the text is empty. */
  placeholder?: string;
  /** Called with the whole text after every change. */
  onChange: (doc: string) => void;
}

/** What the React component drives the editor with. */
export interface MarkdownViewHandle {
  /** The current text. */
  text(): string;
  /** The current main selection. */
  selection(): TextSelection;
  /** Applies an edit (one undoable step), selects its result and scrolls to it. */
  apply(edit: TextEdit): void;
  /** Replaces the whole text (a restored draft), keeping history. */
  replaceAll(text: string): void;
  /** Moves the caret to the text under a point of the window (where files were dropped). */
  caretAt(x: number, y: number): void;
  focus(): void;
  destroy(): void;
}

// Colours are the palette's CSS variables, so the editor follows the page's theme (light or
// dark, ADR 051) and keeps the AA contrast of the rest of the page.
const theme = EditorView.theme({
  "&": {
    fontSize: "1rem",
    backgroundColor: "var(--color-white)",
    color: "var(--color-stone-900)",
  },
  ".cm-scroller": {
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    lineHeight: "1.6",
    minHeight: "18rem",
    maxHeight: "70vh",
  },
  ".cm-content": { padding: "0.75rem", caretColor: "var(--color-stone-900)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--color-stone-900)" },
  ".cm-placeholder": { color: "var(--color-stone-600)" },
  "&.cm-focused": { outline: "2px solid var(--color-amber-800)", outlineOffset: "2px" },
  ".cm-selectionBackground, &.cm-focused .cm-selectionBackground": {
    backgroundColor: "var(--color-amber-200)",
  },
});

// CodeMirror's default highlighting, in the palette's inks (its fixed colours are unreadable
// on a dark ground).
const highlightStyle = HighlightStyle.define([
  { tag: tags.meta, color: "var(--color-stone-700)" },
  { tag: tags.link, textDecoration: "underline" },
  { tag: tags.heading, textDecoration: "underline", fontWeight: "bold" },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: tags.strong, fontWeight: "bold" },
  { tag: tags.strikethrough, textDecoration: "line-through" },
  { tag: tags.keyword, color: "var(--color-violet-800)" },
  {
    tag: [tags.atom, tags.bool, tags.url, tags.contentSeparator, tags.labelName],
    color: "var(--color-sky-800)",
  },
  { tag: [tags.literal, tags.inserted], color: "var(--color-green-800)" },
  { tag: [tags.string, tags.deleted, tags.invalid], color: "var(--color-red-800)" },
  { tag: tags.comment, color: "var(--color-amber-900)" },
]);

/** Creates the editor in `options.parent`. */
export function createMarkdownView(options: MarkdownViewOptions): MarkdownViewHandle {
  const format = (command: FormatCommand) => (view: EditorView) => {
    const main = view.state.selection.main;
    applyTo(view, formatText(command, view.state.doc.toString(), { from: main.from, to: main.to }));
    return true;
  };
  const initial = options.selection ?? { from: options.doc.length, to: options.doc.length };
  const state = EditorState.create({
    doc: options.doc,
    selection: EditorSelection.single(
      Math.min(initial.from, options.doc.length),
      Math.min(initial.to, options.doc.length),
    ),
    extensions: [
      history(),
      keymap.of([
        { key: "Mod-b", run: format("bold") },
        { key: "Mod-i", run: format("italic") },
        { key: "Mod-k", run: format("link") },
        ...defaultKeymap,
        ...historyKeymap,
      ]),
      // The language's keymap, but Enter ends a list with a blank line (`list-enter.ts`).
      markdown({ base: markdownLanguage, addKeymap: false }),
      Prec.high(
        keymap.of([
          { key: "Enter", run: insertNewlineEndingLists },
          { key: "Backspace", run: deleteMarkupBackward },
        ]),
      ),
      syntaxHighlighting(highlightStyle, { fallback: true }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ ...options.attributes, spellcheck: "true" }),
      placeholderText(options.placeholder ?? ""),
      theme,
      EditorView.updateListener.of((update) => {
        if (update.docChanged) options.onChange(update.state.doc.toString());
      }),
    ],
  });
  const view = new EditorView({ state, parent: options.parent });

  return {
    text: () => view.state.doc.toString(),
    selection: () => {
      const main = view.state.selection.main;
      return { from: main.from, to: main.to };
    },
    apply: (edit) => {
      applyTo(view, edit);
    },
    replaceAll: (text) => {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        selection: EditorSelection.cursor(text.length),
      });
    },
    caretAt: (x, y) => {
      const at = view.posAtCoords({ x, y });
      if (at !== null) view.dispatch({ selection: EditorSelection.cursor(at) });
    },
    focus: () => {
      view.focus();
    },
    destroy: () => {
      view.destroy();
    },
  };
}

function applyTo(view: EditorView, edit: TextEdit): void {
  view.dispatch({
    changes: { from: edit.from, to: edit.to, insert: edit.insert },
    selection: EditorSelection.single(edit.selection.from, edit.selection.to),
    scrollIntoView: true,
    userEvent: "input",
  });
  view.focus();
}
