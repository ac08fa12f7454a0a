/**
 * Markdown as plain text, for excerpts, meta descriptions, cards and reading time: the words
 * a reader sees, without the syntax. It reads the same token stream as the renderer, so what
 * counts as a link, an image or code is decided in one place. The result is text for React
 * (or a `<meta>` attribute) to escape, never HTML.
 */
import type { Token } from "markdown-it";
import { inlineText, markdownIt } from "./render.ts";

/** Words read per minute for {@link readingMinutes}. */
export const WORDS_PER_MINUTE = 220;

/** Block tokens whose end separates text (a space is put there). */
const BLOCK_CLOSE = /_close$/;

/**
 * The text of `markdown` on one line: headings, paragraphs, list items, table cells, code and
 * image descriptions, separated by single spaces.
 *
 * @example markdownToPlainText("# Hi\n\nA [link](https://x.example) and `code`.")
 * // "Hi A link and code."
 */
export function markdownToPlainText(markdown: string): string {
  const tokens: Token[] = markdownIt().parse(markdown, {});
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === "inline") parts.push(inlineText(token.children ?? []));
    else if (token.type === "fence" || token.type === "code_block") parts.push(token.content);
    else if (BLOCK_CLOSE.test(token.type)) parts.push(" ");
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}

/**
 * A plain-text excerpt of `markdown`, at most `max` characters: cut at a word boundary and
 * ended with "…" when shortened.
 *
 * @example excerpt("**Hello** world, this is long", 12) // "Hello world…"
 */
export function excerpt(markdown: string, max = 200): string {
  return truncate(markdownToPlainText(markdown), max);
}

/** Shortens plain `text` to at most `max` characters, at a word boundary, ending with "…". */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, Math.max(1, max - 1)).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

/** Number of words in the text of `markdown`. */
export function wordCount(markdown: string): number {
  const text = markdownToPlainText(markdown);
  return text === "" ? 0 : text.split(" ").length;
}

/** Minutes it takes to read `markdown` at {@link WORDS_PER_MINUTE} (at least 1). */
export function readingMinutes(markdown: string): number {
  return minutesToRead(markdownToPlainText(markdown));
}

/**
 * {@link readingMinutes} of text already made plain by {@link markdownToPlainText} (a caller
 * that also needs the text parses the Markdown once).
 */
export function minutesToRead(plainText: string): number {
  const words = plainText === "" ? 0 : plainText.split(" ").length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
