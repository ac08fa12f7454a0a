/**
 * Highlighted snippets: a short window of a plain text around the words a query matched,
 * HTML-escaped, in which the only markup is `<mark>…</mark>` around the matches. Matches are
 * found the way the index finds them (same words, same stems, same languages).
 */
import { detectLanguages, markedStems, type Language } from "./languages.ts";
import type { DocumentText } from "./document.ts";
import type { FulltextQuery } from "./query.ts";
import { textWords, type TextWord } from "./text.ts";

/** Default snippet length, in characters of text (marks and ellipses not counted). */
export const SNIPPET_LENGTH = 200;
/** Characters of context kept before the first match of a window. */
const LEAD = 40;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML (element content and attribute values). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A matched stretch of a text (UTF-16 offsets, `end` exclusive). */
interface Hit {
  start: number;
  end: number;
  /** Which clause matched (a window with more distinct clauses is better). */
  clause: number;
}

/** The stretches of `words` that the query's `include` clauses match. */
function findHits(
  words: readonly TextWord[],
  query: FulltextQuery,
  languages: readonly Language[],
): Hit[] {
  const hits: Hit[] = [];
  query.include.forEach((clause, index) => {
    if (clause.kind === "term") {
      const stems = new Set(clause.stems);
      for (const w of words) {
        const matched =
          (clause.prefix && w.word.startsWith(clause.word)) ||
          markedStems(w, languages).some((s) => stems.has(s));
        if (matched) hits.push({ start: w.start, end: w.end, clause: index });
      }
      return;
    }
    const phrase = clause.words;
    for (let i = 0; i + phrase.length <= words.length; i++) {
      if (phrase.every((p, k) => words[i + k]?.word === p)) {
        const last = words[i + phrase.length - 1] as TextWord;
        hits.push({ start: (words[i] as TextWord).start, end: last.end, clause: index });
      }
    }
  });
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  // Overlapping hits (a phrase and a word of it) merge into one mark.
  const merged: Hit[] = [];
  for (const hit of hits) {
    const previous = merged[merged.length - 1];
    if (previous && hit.start < previous.end) previous.end = Math.max(previous.end, hit.end);
    else merged.push({ ...hit });
  }
  return merged;
}

/** The start of a window around `hit`: a little context before it, at a word start. */
function windowStart(words: readonly TextWord[], hit: Hit): number {
  if (hit.start <= LEAD) return 0;
  const from = hit.start - LEAD;
  const word = words.find((w) => w.start >= from);
  return word && word.start <= hit.start ? word.start : hit.start;
}

/** The end of a window starting at `start`: at most `length` characters, at a word end. */
function windowEnd(
  text: string,
  words: readonly TextWord[],
  start: number,
  length: number,
): number {
  const limit = start + length;
  if (limit >= text.length) return text.length;
  let end = start;
  for (const w of words) {
    if (w.end > limit) break;
    if (w.end > start) end = w.end;
  }
  return end > start ? end : limit;
}

/** A text with its words, read once. */
interface ReadText {
  text: string;
  words: TextWord[];
}

function read(text: string): ReadText {
  const clean = text.replace(/\s+/g, " ").trim();
  return { text: clean, words: textWords(clean) };
}

/** The window of `length` characters with the most distinct matched clauses, marked. */
function render(source: ReadText, hits: readonly Hit[], length: number): string {
  const { text, words } = source;
  let start = 0;
  let best = -1;
  for (const hit of hits) {
    const from = windowStart(words, hit);
    const to = from + length;
    const distinct = new Set(
      hits.filter((h) => h.start >= from && h.end <= to).map((h) => h.clause),
    );
    if (distinct.size > best) {
      best = distinct.size;
      start = from;
    }
  }
  const end = windowEnd(text, words, start, length);
  let out = start > 0 ? "…" : "";
  let at = start;
  for (const hit of hits) {
    if (hit.start < start || hit.end > end) continue;
    out += `${escapeHtml(text.slice(at, hit.start))}<mark>${escapeHtml(text.slice(hit.start, hit.end))}</mark>`;
    at = hit.end;
  }
  out += escapeHtml(text.slice(at, end));
  return end < text.length ? `${out.trimEnd()}…` : out;
}

/**
 * A snippet of `text`: the window of about `length` characters holding the most distinct
 * matched clauses (the earliest of equals), with `…` where the text goes on, every match in
 * `<mark>`. Without a match, the start of the text, unmarked.
 *
 * @example
 * snippet("Le <b>jardin</b> en été", parseQuery("ete"), ["f"]);
 * // "Le &lt;b&gt;jardin&lt;/b&gt; en <mark>été</mark>"
 */
export function snippet(
  text: string,
  query: FulltextQuery,
  languages: readonly Language[],
  length = SNIPPET_LENGTH,
): string {
  const source = read(text);
  return render(source, findHits(source.words, query, languages), length);
}

/**
 * The snippet of a document, its matches found as the index found them (in the document's
 * languages): the body text with matches; else the start of its first body text; else the
 * head values with matches; else the head.
 */
export function documentSnippet(
  document: DocumentText,
  query: FulltextQuery,
  length = SNIPPET_LENGTH,
): string {
  const body = document.body.map(read).filter((t) => t.text !== "");
  const head = document.head.map(read).filter((t) => t.text !== "");
  const languages = detectLanguages([...head, ...body].flatMap((t) => t.words));
  for (const source of body) {
    const hits = findHits(source.words, query, languages);
    if (hits.length) return render(source, hits, length);
  }
  const first = body[0];
  if (first) return render(first, [], length);
  const joined = read(head.map((t) => t.text).join(" · "));
  return render(joined, findHits(joined.words, query, languages), length);
}
