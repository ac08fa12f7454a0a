/**
 * What the data layer needs to know about an engine: its filter SQL fragments, column types
 * and capabilities. Code branches on these, never on the engine name.
 */
import type { Sql, SearchDialect } from "../../tools/search/index.ts";
import type { Field } from "../../core/models/collection.ts";
import type { FulltextDialect } from "./fulltext-dialect.ts";

/** Capabilities and schema fragments of one database engine. */
export interface DataDialect extends SearchDialect {
  /** Column definition (type, default, nullability) for a registry field. */
  columnDefinition(field: Field): string;
  /** Extra column definitions every record table gets (e.g. a row-order column). */
  extraColumns: readonly string[];
  /** Cast of a bound parameter to the column type of a field (virtual rows for create rules). */
  castParam(field: Field, param: Sql): Sql;
  /** Locks rows read in a transaction until it ends (`FOR UPDATE`); false where the engine serialises writers anyway. */
  rowLocks: boolean;
  /** Statement that serialises migrations across processes inside a transaction, if needed. */
  migrationLock: Sql | null;
  /** The full-text search index: its tables and statements (ADR 043). */
  fulltext: FulltextDialect;
  /** Query listing the columns of a table as rows `{name}` (migrations adding a field). */
  columnNames(table: string): Sql;
}
