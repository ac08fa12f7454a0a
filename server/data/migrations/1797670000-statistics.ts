/**
 * The privacy-first statistics' system tables (issue 29, ADR 070), not collections of the API:
 *
 * - `_statsSalts`: one random salt per UTC day, shared by every instance, deleted the day after
 *   (`stats.forget`, hourly), so a reader's hash cannot be made again once its day is over;
 * - `_statsReaders`: the salted hashes of one day's readers per page, only to count each once;
 *   deleted with their day's salt;
 * - `_statsViews`: per day and page (a record's id, `page:<path>`, or `*` for the whole site)
 *   its author, views and unique readers;
 * - `_statsReferrers`: per day and page, views per referring host;
 * - `_statsFeeds`: per day and feed, the latest subscriber count each feed reader reported.
 *
 * The last three are kept `stats.retentionDays` (a setting; pruned daily by `stats.prune`).
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** Applies the migration. */
export async function up(db: Kysely<AnyDB>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS "_statsSalts" (
    "day" TEXT PRIMARY KEY NOT NULL,
    "salt" TEXT NOT NULL,
    "created" TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS "_statsReaders" (
    "day" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    PRIMARY KEY ("day", "hash")
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS "_statsViews" (
    "day" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "author" TEXT NOT NULL DEFAULT '',
    "views" INTEGER NOT NULL DEFAULT 0,
    "readers" INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY ("day", "target")
  )`.execute(db);
  // A writer's works over a range: by author, then day.
  await sql`CREATE INDEX IF NOT EXISTS "_statsViews_author_day" ON "_statsViews" ("author", "day")`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS "_statsViews_target_day" ON "_statsViews" ("target", "day")`.execute(
    db,
  );
  await sql`CREATE TABLE IF NOT EXISTS "_statsReferrers" (
    "day" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "author" TEXT NOT NULL DEFAULT '',
    "host" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY ("day", "target", "host")
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS "_statsReferrers_target_day" ON "_statsReferrers" ("target", "day")`.execute(
    db,
  );
  await sql`CREATE TABLE IF NOT EXISTS "_statsFeeds" (
    "day" TEXT NOT NULL,
    "feed" TEXT NOT NULL,
    "author" TEXT NOT NULL DEFAULT '',
    "reader" TEXT NOT NULL,
    "subscribers" INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY ("day", "feed", "reader")
  )`.execute(db);
}
