/**
 * The full-text index of one engine (ADR 043): SQLite's FTS5 or PostgreSQL's `tsvector` with
 * a GIN index. Both store the same words and stems (`tools/fulltext`) and translate the same
 * query clauses, so both find the same documents; only ranking differs (bm25, ts_rank).
 */
import type { FulltextQuery, IndexedDocument } from "../../tools/fulltext/index.ts";
import type { Sql } from "../../tools/search/index.ts";
import type { AccessKeys } from "../registry/search.ts";

/** A document of one record. */
export interface KeyedDocument {
  collectionName: string;
  record: string;
  document: IndexedDocument;
  /** Its access keys (`registry/search.ts`): tokens stored beside the words, never ranked. */
  access: readonly string[];
}

/** One engine's index tables and the statements over them. */
export interface FulltextDialect {
  /** DDL creating the index tables (idempotent). */
  createTables(): Sql[];
  /**
   * DDL bringing index tables made by an earlier version to the current shape (idempotent;
   * none when there is nothing to change). The documents are written again after it.
   */
  upgradeTables(): Sql[];
  /** Statements writing documents, each replacing the record's previous one. */
  writeDocuments(documents: readonly KeyedDocument[]): Sql[];
  /** Statements deleting the documents of these records of one collection. */
  deleteDocuments(collectionName: string, ids: readonly string[]): Sql[];
  /** Statements deleting the collection's documents whose record no longer exists. */
  deleteOrphans(collectionName: string): Sql[];
  /** Statements emptying the index. */
  clear(): Sql[];
  /** Statements that compact the index after a rebuild (none where the engine does it). */
  optimize(): Sql[];
  /**
   * A SELECT of the documents of `collections` matching `query`, with the columns
   * `collectionName`, `record` and `rank` (0 or more, higher is more relevant; 0 when not
   * `ranked`). The query must have an `include` clause. The kinds are filtered by an
   * expression no index serves: the full-text index is always the better way in. With
   * `access`, only documents holding one of these keys match (null: any document).
   */
  matches(
    query: FulltextQuery,
    collections: readonly string[],
    ranked: boolean,
    access: AccessKeys | null,
  ): Sql;
  /**
   * After a searched table in the search's join: makes the engine read `index`, the table's
   * covering index of that join (SQLite's planner, without statistics, would read every
   * matched row through the primary key instead; PostgreSQL's chooses well by itself).
   */
  coveringIndex(index: string): Sql;
  /** Appended to the SELECTs of a re-index: locks what it reads until the batch commits. */
  readLock: Sql;
  /**
   * Settings for the search statements, run first in their own transaction (none: the
   * statements run as they are).
   */
  searchSettings: readonly Sql[];
  /**
   * A rebuild into fresh tables swapped in at its end, for an engine where rewriting every
   * document in place costs more than writing a new index (SQLite's FTS5 with deletes: each
   * delete grows the work of the next, and a rebuild in place grew faster than the archive).
   * Absent: a rebuild rewrites the documents in place.
   */
  staging?: StagedIndex;
}

/** The statements of a rebuild into fresh tables (see {@link FulltextDialect.staging}). */
export interface StagedIndex {
  /** DDL (re)creating the empty staging tables. */
  create(): Sql[];
  /** Statements adding documents to the staging tables, numbered from `firstId`. */
  write(documents: readonly KeyedDocument[], firstId: number): Sql[];
  /** DDL replacing the index tables by the staging ones (run in one transaction). */
  swap(): Sql[];
  /** DDL dropping the staging tables (a rebuild that failed). */
  drop(): Sql[];
}
