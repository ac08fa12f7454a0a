/**
 * The editor's live counts: words, characters and reading time of the text a reader sees
 * (the Markdown's plain text: no syntax, no link addresses), and a plain word count for raw
 * text (the history's "+N −M words"). Pure and cheap enough to run on every change.
 */
import { markdownToPlainText, WORDS_PER_MINUTE } from "#shared/markdown/plain-text.ts";

/**
 * A word: letters or digits, joined by apostrophes or hyphens inside it (`l'arbre`,
 * `rendez-vous`, `don’t` are one word each). Punctuation and symbols alone are not words.
 */
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’‐-][\p{L}\p{N}\p{M}]+)*/gu;

/** The counts of a text. */
export interface TextStats {
  words: number;
  /** Characters a reader sees, spaces included (Unicode code points). */
  characters: number;
  /** Minutes to read at {@link WORDS_PER_MINUTE} words a minute; 0 for no words, else ≥ 1. */
  minutes: number;
}

/**
 * The words of plain `text`, in order.
 *
 * @example wordsOf("Hello, l'arbre!") // ["Hello", "l'arbre"]
 */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * The number of words in plain `text`.
 *
 * @example countWords("L'arbre — un rendez-vous, 12 fois.") // 5
 */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/**
 * The counts of `markdown` as a reader sees it.
 *
 * @example textStats("**Hello** [world](https://example.com)") // { words: 2, characters: 11, minutes: 1 }
 */
export function textStats(markdown: string): TextStats {
  const plain = markdown.trim() === "" ? "" : markdownToPlainText(markdown);
  const words = countWords(plain);
  return {
    words,
    characters: Array.from(plain).length,
    minutes: words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
  };
}
