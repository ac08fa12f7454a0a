/**
 * `_imports`: which record an imported item became (ADR 044), so importing the same archive
 * again creates nothing new. One row per imported item: the importing account (`owner`), a
 * stable key of the item in its source (`source`: the format and the item's id or content
 * hash there), and the record it became (`recordCollection`, `recordRef`). A system table,
 * not a collection of the API; rows go with their account.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** Applies the migration. */
export async function up(db: Kysely<AnyDB>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS "_imports" (
    "owner" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "recordCollection" TEXT NOT NULL,
    "recordRef" TEXT NOT NULL,
    "created" TEXT NOT NULL,
    PRIMARY KEY ("owner", "source")
  )`.execute(db);
}
