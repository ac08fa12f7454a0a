/**
 * What the index holds of one document: its words, in order, field by field, each with its
 * marked stems. The head (titles, names, tags) ranks above the body (texts). Both engines
 * store exactly this (ADR 043), so they find the same documents.
 */
import { detectLanguages, markedStems, type Language } from "./languages.ts";
import { textWords } from "./text.ts";

/** One word of a document: folded (`word`) and stemmed (`stems`, marked by language). */
export interface IndexedWord {
  word: string;
  stems: readonly string[];
}

/** The words of one field, in order. */
export type IndexedField = readonly IndexedWord[];

/** A document as the index stores it. */
export interface IndexedDocument {
  /** The languages its stems are in. */
  languages: readonly Language[];
  /** Titles, names and tags, one entry per field value. */
  head: readonly IndexedField[];
  /** Texts (Markdown already read as plain text), one entry per field. */
  body: readonly IndexedField[];
}

/** The plain texts of a document, before analysis. */
export interface DocumentText {
  /** The record's own head values (titles, names, tags). */
  head: readonly string[];
  /** The record's own texts. */
  body: readonly string[];
  /** Head values borrowed from a related record: indexed, but not read for the language. */
  related?: readonly string[];
  /** The language the writer declared (a post's `lang`): no detection, its stems alone. */
  language?: Language;
}

/** Analyses a document: its words, its languages, their stems. */
export function analyzeDocument(text: DocumentText): IndexedDocument {
  const head = [...text.head, ...(text.related ?? [])].map(textWords);
  const body = text.body.map(textWords);
  const languages = text.language
    ? [text.language]
    : detectLanguages([...head.slice(0, text.head.length).flat(), ...body.flat()]);
  const index = (words: ReturnType<typeof textWords>): IndexedField =>
    words.map((w) => ({ word: w.word, stems: markedStems(w, languages) }));
  return { languages, head: head.map(index), body: body.map(index) };
}
