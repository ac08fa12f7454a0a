/**
 * Recently deleted (issue 25, ADR 067): what a deleted entry or post needs to come back, for
 * 30 days. System tables, not collections of the API:
 * - `_deleted`: one row per deleted record: its collection (`recordCollection`) and id
 *   (`record`), its author (whose list it is in), its title, when it was deleted and when it
 *   is purged (`expires`), and the record's stored values as JSON (`data`, last, so listing
 *   never reads it);
 * - `_deletedRows`: the rows that went with it (its revisions, comments and pending edits),
 *   one per row: the item, the row's collection and id, `depth` (a reply comes back after
 *   the comment it answers) and its values as JSON.
 * The record's files stay in storage under its id until it is purged.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** Applies the migration. */
export async function up(db: Kysely<AnyDB>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS "_deleted" (
    "id" TEXT PRIMARY KEY NOT NULL,
    "recordCollection" TEXT NOT NULL,
    "record" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "deleted" TEXT NOT NULL,
    "expires" TEXT NOT NULL,
    "data" TEXT NOT NULL
  )`.execute(db);
  // An author's list, newest first; the purge's expired items.
  await sql`CREATE INDEX IF NOT EXISTS "idx__deleted_author" ON "_deleted" ("author", "deleted")`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS "idx__deleted_expires" ON "_deleted" ("expires")`.execute(
    db,
  );
  await sql`CREATE TABLE IF NOT EXISTS "_deletedRows" (
    "item" TEXT NOT NULL,
    "collection" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "depth" INTEGER NOT NULL DEFAULT 0,
    "data" TEXT NOT NULL,
    PRIMARY KEY ("item", "collection", "id")
  )`.execute(db);
}
