/**
 * Writes every search document again with its access keys (ADR 043, amendment of
 * 2026-11-28): a search keeps only the documents of open records and of its caller inside the
 * full-text index, and documents written before this version have no keys (nobody but a
 * superuser would find them). On both engines; the tables keep their shape.
 */
import type { Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { rebuildSearchIndex } from "../repositories/search-repository.ts";

/** Applies the migration (idempotent: it rewrites what is there). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await rebuildSearchIndex({ kysely: db, dialect });
}
