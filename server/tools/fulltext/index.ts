/**
 * Full-text search text processing, the same for both database engines (ADR 043): words
 * (folded, elisions dropped), English and French stems, documents as the index stores them,
 * the query language and highlighted snippets. Knows nothing of records or SQL.
 */
export { MAX_WORD_LENGTH, foldWord, textWords, type TextWord } from "./text.ts";
export {
  BOTH_LANGUAGES,
  detectLanguages,
  isStopword,
  markedStems,
  type Language,
} from "./languages.ts";
export {
  analyzeDocument,
  type DocumentText,
  type IndexedDocument,
  type IndexedField,
  type IndexedWord,
} from "./document.ts";
export {
  MAX_PHRASE_WORDS,
  MAX_QUERY_CLAUSES,
  MIN_PREFIX_LENGTH,
  canMatch,
  parseQuery,
  type FulltextQuery,
  type PhraseClause,
  type QueryClause,
  type TermClause,
} from "./query.ts";
export { SNIPPET_LENGTH, documentSnippet, escapeHtml, snippet } from "./snippet.ts";
