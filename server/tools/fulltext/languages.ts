/**
 * The two languages of the index, English and French: their stemmers (Snowball, from
 * `@orama/stemmers`), their most common words, and a guess of which ones a text is written in.
 *
 * A stem is stored marked by its language (`e` + English stem, `f` + French stem), so that an
 * English stem never meets a French one: `ete` (French "summer", stemmed `ete`) does not find
 * the French `et` ("and"), which the English stemmer would have made of it.
 */
import { stemmer as englishStemmer } from "@orama/stemmers/english";
import { stemmer as frenchStemmer } from "@orama/stemmers/french";
import { foldWord, type TextWord } from "./text.ts";

/** A language of the index: `e` (English) or `f` (French), the mark of its stems. */
export type Language = "e" | "f";

/** Both languages, for texts whose language is not clear (and for every query). */
export const BOTH_LANGUAGES: readonly Language[] = ["e", "f"];

/** Stems remembered (a text's vocabulary repeats a lot). */
const STEM_CACHE_SIZE = 50_000;

/**
 * Common English words that are not French words too: they tell the language, and a query
 * leaves them out.
 */
const ENGLISH_STOPWORDS = new Set(
  (
    "the and of to in is it that was for with as are this be at by have from not but or an they " +
    "you he she we my his her its our their them were been has had would there what which when " +
    "who if so do did does into than then these those him your us i am"
  ).split(" "),
);

/** Common French words (folded) that are not English words too, likewise. */
const FRENCH_STOPWORDS = new Set(
  (
    "le la les des du de et est un une dans pour que qui sur pas au aux avec ce cette ces il " +
    "elle ils elles nous vous je tu ne se sont mais ou sa ses leur leurs par ont comme mon mes " +
    "ta tes notre nos votre vos lui y quand donc car sans sous chez cet"
  ).split(" "),
);

/** Whether a folded word is one of the common words of either language. */
export function isStopword(word: string): boolean {
  return ENGLISH_STOPWORDS.has(word) || FRENCH_STOPWORDS.has(word);
}

/** Common words needed before a text's language counts as known. */
const MIN_EVIDENCE = 3;

/**
 * The languages a text is indexed in: English or French alone when its common words say so
 * clearly (at least 3 of them, twice as many as the other language's), else both.
 */
export function detectLanguages(words: readonly TextWord[]): readonly Language[] {
  let english = 0;
  let french = 0;
  for (const { word } of words) {
    const en = ENGLISH_STOPWORDS.has(word);
    const fr = FRENCH_STOPWORDS.has(word);
    if (en && !fr) english += 1;
    else if (fr && !en) french += 1;
  }
  if (english >= MIN_EVIDENCE && english >= 2 * french) return ["e"];
  if (french >= MIN_EVIDENCE && french >= 2 * english) return ["f"];
  return BOTH_LANGUAGES;
}

/** A word's folded stems per language: English first, then French. */
interface WordStems {
  e: readonly string[];
  f: readonly string[];
}

/** Stems of recent words; emptied when full (cheaper than an LRU on this hot path). */
const cache = new Map<string, WordStems>();
const DIGITS_ONLY = /^\p{N}+$/u;

/** One stemmer's folded stems of a word: of the word as written, and of its folded form. */
function stemsBy(stemmer: (word: string) => string, written: string, folded: string): string[] {
  const first = foldWord(stemmer(written)) || folded;
  if (written === folded) return [first];
  // A word written without its accents (`cuisinees`) stems apart from its accented form
  // (`cuisinées`): both stems are kept, so either spelling finds the other.
  const second = foldWord(stemmer(folded)) || folded;
  return second === first ? [first] : [first, second];
}

function wordStems(written: string, folded: string): WordStems {
  if (DIGITS_ONLY.test(folded)) return { e: [folded], f: [folded] };
  const cached = cache.get(written);
  if (cached) return cached;
  const stems = {
    e: stemsBy(englishStemmer, written, folded),
    f: stemsBy(frenchStemmer, written, folded),
  };
  if (cache.size >= STEM_CACHE_SIZE) cache.clear();
  cache.set(written, stems);
  return stems;
}

/** Marked stems of recent words per set of languages (shared, never changed). */
const marked = new Map<string, readonly string[]>();

/**
 * The marked stems of a word in the given languages (`["ejardin", "fjardin"]`), without
 * duplicates. Stems are taken as the word is written (the French stemmer reads accents) and,
 * for a word with accents, of its folded form too. The array is shared: do not change it.
 */
export function markedStems(word: TextWord, languages: readonly Language[]): readonly string[] {
  const key = `${languages.join("")}:${word.written}`;
  const cached = marked.get(key);
  if (cached) return cached;
  const stems = wordStems(word.written, word.word);
  const out: string[] = [];
  for (const language of languages) {
    for (const stem of stems[language]) out.push(`${language}${stem}`);
  }
  if (marked.size >= STEM_CACHE_SIZE) marked.clear();
  marked.set(key, out);
  return out;
}
