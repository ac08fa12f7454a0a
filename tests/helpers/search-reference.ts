/**
 * A reference for full-text search, in plain TypeScript: whether a record's document (as the
 * index builds it, `documentText` + `analyzeDocument`) matches a parsed query, by the rules
 * ADR 043 states. The property tests compare both engines' answers with it.
 */
import type { Row } from "#server/data/db.ts";
import type { SearchSpec } from "#server/data/registry/search.ts";
import { documentText } from "#server/data/repositories/search-repository.ts";
import {
  analyzeDocument,
  type FulltextQuery,
  type IndexedDocument,
  type IndexedField,
  type QueryClause,
} from "#server/tools/fulltext/index.ts";

function fieldMatches(field: IndexedField, clause: QueryClause): boolean {
  if (clause.kind === "term") {
    return field.some(
      (w) =>
        (clause.prefix && w.word.startsWith(clause.word)) ||
        w.stems.some((s) => clause.stems.includes(s)),
    );
  }
  const words = clause.words;
  for (let i = 0; i + words.length <= field.length; i++) {
    if (words.every((word, k) => field[i + k]?.word === word)) return true;
  }
  return false;
}

function clauseMatches(document: IndexedDocument, clause: QueryClause): boolean {
  return [...document.head, ...document.body].some((field) => fieldMatches(field, clause));
}

/** Whether an analysed document matches a query. */
export function documentMatches(document: IndexedDocument, query: FulltextQuery): boolean {
  return (
    query.include.length > 0 &&
    query.include.every((c) => clauseMatches(document, c)) &&
    !query.exclude.some((c) => clauseMatches(document, c))
  );
}

/** Whether a record (wire or stored values, with its related record) matches a query. */
export function recordMatches(
  spec: SearchSpec,
  record: Row,
  related: Row | undefined,
  query: FulltextQuery,
): boolean {
  return documentMatches(analyzeDocument(documentText(spec, record, related)), query);
}
