/**
 * The search query language, parsed into clauses the engines translate (ADR 043):
 *
 * - `jardins potager`: every word must match, through its English or French stem (`jardins`
 *   finds `jardin`, `running` finds `run`), accents and case folded (`ete` finds `été`);
 * - `"jardin d'hiver"`: a phrase, these exact (folded) words in this order;
 * - `-word`, `-"a phrase"`: documents with it are left out;
 * - `jard*`: a word starting with `jard`; the last word also matches as a prefix while it is
 *   being typed (the query does not end with a space), from 3 letters;
 * - a word written with punctuation inside (`e-mail`, `aujourd'hui`, `日本`) is a phrase of its
 *   parts; common words (`the`, `le`) are left out when other words remain.
 */
import { BOTH_LANGUAGES, isStopword, markedStems } from "./languages.ts";
import { textWords } from "./text.ts";

/** Most clauses a query keeps (further ones are ignored). */
export const MAX_QUERY_CLAUSES = 32;
/** Most words a phrase keeps. */
export const MAX_PHRASE_WORDS = 32;
/** Shortest prefix that matches as a prefix. */
export const MIN_PREFIX_LENGTH = 3;

/** A word: matches a document word with a stem in common, or (with `prefix`) starting with it. */
export interface TermClause {
  kind: "term";
  /** The folded word. */
  word: string;
  /** Its marked stems in both languages. */
  stems: readonly string[];
  /** Whether document words starting with `word` match too. */
  prefix: boolean;
}

/** Exact folded words, consecutive, within one field. */
export interface PhraseClause {
  kind: "phrase";
  words: readonly string[];
}

/** One condition of a query. */
export type QueryClause = TermClause | PhraseClause;

/** A parsed query: documents must match every `include` clause and no `exclude` clause. */
export interface FulltextQuery {
  include: readonly QueryClause[];
  exclude: readonly QueryClause[];
}

interface Chunk {
  text: string;
  quoted: boolean;
  negated: boolean;
  /** Ends with `*`. */
  star: boolean;
  /** Whether the query goes on after it (a space follows). */
  closed: boolean;
}

/** Splits a query into chunks: quoted phrases and whitespace-separated words. */
function chunks(q: string): Chunk[] {
  const out: Chunk[] = [];
  let i = 0;
  while (i < q.length) {
    while (i < q.length && /\s/u.test(q.charAt(i))) i += 1;
    if (i >= q.length) break;
    let negated = false;
    if (q.charAt(i) === "-" && i + 1 < q.length && !/\s/u.test(q.charAt(i + 1))) {
      negated = true;
      i += 1;
    }
    if (q.charAt(i) === '"') {
      const end = q.indexOf('"', i + 1);
      const stop = end === -1 ? q.length : end;
      out.push({
        text: q.slice(i + 1, stop),
        quoted: true,
        negated,
        star: false,
        closed: end !== -1,
      });
      i = stop + 1;
      continue;
    }
    let end = i;
    while (end < q.length && !/\s/u.test(q.charAt(end))) end += 1;
    const text = q.slice(i, end);
    out.push({ text, quoted: false, negated, star: text.endsWith("*"), closed: end < q.length });
    i = end;
  }
  return out;
}

function clauseKey(clause: QueryClause): string {
  return clause.kind === "term"
    ? `t:${clause.word}:${String(clause.prefix)}`
    : `p:${clause.words.join(" ")}`;
}

/**
 * Parses a query. Clauses beyond {@link MAX_QUERY_CLAUSES} are ignored; a query without an
 * `include` clause matches nothing.
 *
 * @example
 * parseQuery('jardin -"mauvaises herbes" pot').include;
 * // [{ kind: "term", word: "jardin", … prefix: false }, { kind: "term", word: "pot", … prefix: true }]
 */
export function parseQuery(q: string): FulltextQuery {
  const include: QueryClause[] = [];
  const exclude: QueryClause[] = [];
  const seen = new Set<string>();
  const parts = chunks(q);
  parts.forEach((chunk, index) => {
    const words = textWords(chunk.text).slice(0, MAX_PHRASE_WORDS);
    const first = words[0];
    if (!first) return;
    let clause: QueryClause;
    if (chunk.quoted || words.length > 1) {
      clause = { kind: "phrase", words: words.map((w) => w.word) };
    } else {
      const typing = index === parts.length - 1 && !chunk.closed && !chunk.negated;
      clause = {
        kind: "term",
        word: first.word,
        stems: markedStems(first, BOTH_LANGUAGES),
        prefix: (chunk.star || typing) && first.word.length >= MIN_PREFIX_LENGTH,
      };
    }
    const key = `${chunk.negated ? "-" : "+"}${clauseKey(clause)}`;
    if (seen.has(key) || seen.size >= MAX_QUERY_CLAUSES) return;
    seen.add(key);
    (chunk.negated ? exclude : include).push(clause);
  });
  const common = (c: QueryClause) => c.kind === "term" && !c.prefix && isStopword(c.word);
  const meaningful = include.filter((c) => !common(c));
  return { include: meaningful.length > 0 ? meaningful : include, exclude };
}

/** Whether a query can match anything (it has at least one `include` clause). */
export function canMatch(query: FulltextQuery): boolean {
  return query.include.length > 0;
}
