/**
 * Brings the full-text index to its current shape (ADR 043): on PostgreSQL, `_searchDocs`
 * gains the `head` vector the rank reads, and every document is written again to fill it.
 * Engines with nothing to change (SQLite) are left as they are.
 */
import type { Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { rebuildSearchIndex } from "../repositories/search-repository.ts";

/** Applies the migration (idempotent). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  const statements = dialect.fulltext.upgradeTables();
  if (statements.length === 0) return;
  for (const statement of statements) await statement.execute(db);
  await rebuildSearchIndex({ kysely: db, dialect });
}
