/**
 * The Markdown editor's formatting commands as pure functions of the text and the selection:
 * each returns one replacement ({@link TextEdit}) and the selection after it, so the same
 * command drives CodeMirror (one transaction) and the plain text area that works before
 * JavaScript has loaded CodeMirror (`setRangeText`). Inline styles toggle: bolding bold text
 * removes the markers.
 *
 * ```ts
 * formatText("bold", "a word", { from: 2, to: 6 });
 * // → { from: 2, to: 6, insert: "**word**", selection: { from: 4, to: 8 } }
 * ```
 */

/** A selection: `from` ≤ `to`, offsets into the text (UTF-16 code units). */
export interface TextSelection {
  from: number;
  to: number;
}

/** Replace `text[from, to)` with `insert`, then select `selection` (in the new text). */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
  selection: TextSelection;
}

/** The toolbar's formatting commands. */
export const FORMAT_COMMANDS = [
  "bold",
  "italic",
  "heading",
  "link",
  "quote",
  "list",
  "code",
] as const;

/** One formatting command. */
export type FormatCommand = (typeof FORMAT_COMMANDS)[number];

/** The text a link template selects, for the writer to type the address over it. */
export const LINK_PLACEHOLDER = "https://";

const INLINE_MARKERS = { bold: "**", italic: "_", code: "`" } as const;
const LINE_PREFIXES = { heading: "## ", quote: "> ", list: "- " } as const;

function clamp(text: string, selection: TextSelection): TextSelection {
  const from = Math.max(0, Math.min(selection.from, selection.to, text.length));
  const to = Math.min(text.length, Math.max(selection.from, selection.to, 0));
  return { from, to };
}

/** Wraps the selection in `marker`, or removes the marker when it is already there. */
function toggleInline(text: string, { from, to }: TextSelection, marker: string): TextEdit {
  const size = marker.length;
  const selected = text.slice(from, to);
  if (
    text.slice(from - size, from) === marker &&
    text.slice(to, to + size) === marker &&
    // `**bold**` seen from inside is bold, not italic between two `*`.
    !(marker === "_" && text.slice(from - 2, from) === "__")
  ) {
    return {
      from: from - size,
      to: to + size,
      insert: selected,
      selection: { from: from - size, to: to - size },
    };
  }
  if (selected.length >= size * 2 && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(size, selected.length - size);
    return { from, to, insert: inner, selection: { from, to: from + inner.length } };
  }
  // Markers hug the words: spaces selected around them stay outside.
  const lead = /^\s*/.exec(selected)?.[0].length ?? 0;
  const trail = selected.length - lead === 0 ? 0 : (/\s*$/.exec(selected)?.[0].length ?? 0);
  const core = selected.slice(lead, selected.length - trail);
  const insert = `${selected.slice(0, lead)}${marker}${core}${marker}${selected.slice(selected.length - trail)}`;
  const start = from + lead + size;
  return { from, to, insert, selection: { from: start, to: start + core.length } };
}

/** The start of the line holding `offset`, and the end of the line holding `end`. */
function lineRange(text: string, { from, to }: TextSelection): { start: number; end: number } {
  const start = text.lastIndexOf("\n", from - 1) + 1;
  // A selection ending at the very start of a line does not take that line in.
  const last = to > from && text[to - 1] === "\n" ? to - 1 : to;
  const newline = text.indexOf("\n", last);
  return { start, end: newline === -1 ? text.length : newline };
}

/** Adds `prefix` to every line of the selection, or removes it when all of them have it. */
function toggleLinePrefix(
  text: string,
  selection: TextSelection,
  command: keyof typeof LINE_PREFIXES,
): TextEdit {
  const { start, end } = lineRange(text, selection);
  const lines = text.slice(start, end).split("\n");
  const prefix = LINE_PREFIXES[command];
  const existing =
    command === "heading" ? /^#{1,6} / : command === "list" ? /^(?:[-*+]|\d+[.)]) / : /^> ?/;
  const filled = lines.filter((line) => line.trim() !== "");
  const remove = filled.length > 0 && filled.every((line) => existing.test(line));
  const changed = lines.map((line) => {
    if (remove) return line.replace(existing, "");
    if (line.trim() === "" && lines.length > 1) return line;
    // A heading replaces another heading level, a list item another marker.
    return prefix + line.replace(existing, "");
  });
  const insert = changed.join("\n");
  if (lines.length === 1) {
    // One line: the caret keeps its place in the words.
    const shift = insert.length - (end - start);
    const keep = (offset: number) => Math.max(start, offset + shift);
    return {
      from: start,
      to: end,
      insert,
      selection: { from: keep(selection.from), to: keep(selection.to) },
    };
  }
  return { from: start, to: end, insert, selection: { from: start, to: start + insert.length } };
}

/** A link around the selection (or a link to the selected address). */
function link(text: string, { from, to }: TextSelection): TextEdit {
  const selected = text.slice(from, to);
  if (/^(?:https?:\/\/|mailto:)\S+$/i.test(selected)) {
    return { from, to, insert: `[](${selected})`, selection: { from: from + 1, to: from + 1 } };
  }
  const insert = `[${selected}](${LINK_PLACEHOLDER})`;
  const url = from + selected.length + 3;
  return { from, to, insert, selection: { from: url, to: url + LINK_PLACEHOLDER.length } };
}

/** A fenced code block around the selected lines. */
function codeBlock(text: string, selection: TextSelection): TextEdit {
  const { start, end } = lineRange(text, selection);
  const body = text.slice(start, end);
  const fenced = /^```[^\n]*\n[\s\S]*\n```$/.exec(body);
  if (fenced) {
    const inner = body.slice(body.indexOf("\n") + 1, body.length - 4);
    return {
      from: start,
      to: end,
      insert: inner,
      selection: { from: start, to: start + inner.length },
    };
  }
  const insert = `\`\`\`\n${body}\n\`\`\``;
  return {
    from: start,
    to: end,
    insert,
    selection: { from: start + 4, to: start + 4 + body.length },
  };
}

/** Applies a formatting command to `text` with `selection`. */
export function formatText(
  command: FormatCommand,
  text: string,
  selection: TextSelection,
): TextEdit {
  const range = clamp(text, selection);
  switch (command) {
    case "bold":
    case "italic":
      return toggleInline(text, range, INLINE_MARKERS[command]);
    case "code":
      return text.slice(range.from, range.to).includes("\n")
        ? codeBlock(text, range)
        : toggleInline(text, range, INLINE_MARKERS.code);
    case "link":
      return link(text, range);
    case "heading":
    case "quote":
    case "list":
      return toggleLinePrefix(text, range, command);
  }
}

/**
 * Inserts `snippet` over the selection, on a line of its own when `block` (an image or a
 * file link between paragraphs); the caret goes after it.
 */
export function insertSnippet(
  text: string,
  selection: TextSelection,
  snippet: string,
  block = false,
): TextEdit {
  const { from, to } = clamp(text, selection);
  let insert = snippet;
  let trailing = 0;
  if (block) {
    const before = text.slice(0, from);
    const after = text.slice(to);
    if (before !== "" && !before.endsWith("\n")) insert = `\n${insert}`;
    if (after !== "" && !after.startsWith("\n")) {
      insert = `${insert}\n`;
      trailing = 1;
    }
  }
  const caret = from + insert.length - trailing;
  return { from, to, insert, selection: { from: caret, to: caret } };
}

/** Applies an edit to a string (what the editors do to their document). */
export function applyEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
}

/** Characters that would end a Markdown link text or destination early. */
function escapeLinkText(text: string): string {
  return text.replace(/([\\[\]])/g, "\\$1");
}

/**
 * Markdown for a file: an image (`![name](url)`) for image files, else a link. The URL is
 * wrapped in `<…>` when it holds spaces or parentheses.
 */
export function fileMarkdown(name: string, url: string, image: boolean): string {
  const destination = /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
  return `${image ? "!" : ""}[${escapeLinkText(name)}](${destination})`;
}

/** Whether a file name looks like an image the browser shows inline. */
export function isImageName(name: string): boolean {
  return /\.(?:png|jpe?g|gif|webp|avif)$/i.test(name);
}
