/**
 * Adds the full-text search index (issue 14, ADR 043) and indexes the records already there:
 * SQLite's FTS5 table and `_searchDocs`, or PostgreSQL's `_searchDocs` with its GIN index.
 */
import type { Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { rebuildSearchIndex } from "../repositories/search-repository.ts";

/** Applies the migration (idempotent). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  for (const statement of dialect.fulltext.createTables()) await statement.execute(db);
  await rebuildSearchIndex({ kysely: db, dialect });
}
