/**
 * Words of a text, the same way for documents and queries: letters and digits of any script,
 * case and accents folded (`Été` → `ete`, `Œuvre` → `oeuvre`), French elisions dropped
 * (`l'été` → `ete`), the English possessive dropped (`Anna's` → `anna`), and Chinese and
 * Japanese characters one word each (they are written without spaces).
 */

/** Words longer than this (after folding) are left out of the index and of queries. */
export const MAX_WORD_LENGTH = 64;

/** One word of a text and where it stands in it (UTF-16 offsets, `end` exclusive). */
export interface TextWord {
  /** The folded word: lower case, no accents, letters and digits only. */
  word: string;
  /** The word as written (lower case), which the stemmers read. */
  written: string;
  start: number;
  end: number;
}

/** French elided words before an apostrophe: `l'`, `d'`, `qu'`, `jusqu'`… */
const ELISIONS = new Set([
  "l",
  "d",
  "j",
  "m",
  "n",
  "s",
  "t",
  "c",
  "qu",
  "jusqu",
  "lorsqu",
  "puisqu",
  "quoiqu",
]);

/** Letters that fold to more than one letter, or that NFKD leaves alone. */
const FOLDED_LETTERS: Record<string, string> = {
  œ: "oe",
  æ: "ae",
  ß: "ss",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  ı: "i",
  þ: "th",
  ħ: "h",
};

/** A run of letters, digits and marks, possibly joined by apostrophes (`aujourd'hui`). */
const WORD_RUN = /[\p{L}\p{N}\p{M}]+(?:['’ʼ][\p{L}\p{N}\p{M}]+)*/gu;
/** Scripts written without spaces between words: each character is a word. */
const SINGLE_CHARACTER_WORDS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const APOSTROPHE = /['’ʼ]/;
const MARKS = /\p{M}/gu;
const NOT_WORD = /[^\p{L}\p{N}]/gu;
const NOT_WORD_OR_MARK = /[^\p{L}\p{N}\p{M}]/gu;
const FOLDED = /[œæßøđðłıþħ]/g;

const PLAIN = /^[a-z0-9]*$/;
/** Scripts whose marks are part of the letter (kana voicing, Hangul syllables): never stripped. */
const KEEP_MARKS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Folds one lower-cased word: accents and compatibility forms removed, ligatures spelled out
 * (Chinese, Japanese and Korean words keep their marks, in their composed form).
 */
export function foldWord(lower: string): string {
  if (PLAIN.test(lower)) return lower;
  if (KEEP_MARKS.test(lower)) return lower.normalize("NFKC").replace(NOT_WORD_OR_MARK, "");
  return lower
    .normalize("NFKD")
    .replace(MARKS, "")
    .replace(FOLDED, (c) => FOLDED_LETTERS[c] ?? c)
    .replace(NOT_WORD, "");
}

function pushWord(out: TextWord[], written: string, start: number): void {
  const lower = written.toLowerCase();
  const word = foldWord(lower);
  if (word === "" || word.length > MAX_WORD_LENGTH) return;
  const nfc = word === lower ? lower : lower.normalize("NFC");
  out.push({ word, written: nfc, start, end: start + written.length });
}

/** Splits a run without apostrophes into words (one per CJK character). */
function pushRun(out: TextWord[], run: string, start: number): void {
  if (!SINGLE_CHARACTER_WORDS.test(run)) {
    pushWord(out, run, start);
    return;
  }
  let pending = "";
  let pendingStart = start;
  let offset = start;
  for (const char of run) {
    if (SINGLE_CHARACTER_WORDS.test(char)) {
      if (pending) pushWord(out, pending, pendingStart);
      pending = "";
      pushWord(out, char, offset);
    } else {
      if (!pending) pendingStart = offset;
      pending += char;
    }
    offset += char.length;
  }
  if (pending) pushWord(out, pending, pendingStart);
}

/**
 * The words of `text`, in order, with their offsets.
 *
 * @example
 * textWords("L'Été à Noël's").map((w) => w.word); // ["ete", "a", "noel"]
 */
export function textWords(text: string): TextWord[] {
  const out: TextWord[] = [];
  for (const match of text.matchAll(WORD_RUN)) {
    const run = match[0];
    const start = match.index;
    if (!APOSTROPHE.test(run)) {
      pushRun(out, run, start);
      continue;
    }
    const parts = run.split(APOSTROPHE);
    let offset = start;
    parts.forEach((part, i) => {
      const elided = i === 0 && parts.length > 1 && ELISIONS.has(foldWord(part.toLowerCase()));
      const possessive = i === parts.length - 1 && i > 0 && foldWord(part.toLowerCase()) === "s";
      if (!elided && !possessive) pushRun(out, part, offset);
      offset += part.length + 1;
    });
  }
  return out;
}
