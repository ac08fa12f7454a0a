/**
 * The fediverse (ADR 071), system tables only (not collections of the API):
 * - `_fediverse_kv`: Fedify's key-value store (caches, idempotence of the inbox), each value
 *   JSON with an optional expiry;
 * - `_fediverse_actors`: each local actor's key pairs (JWK, made on first need) and whether
 *   its followers wait for approval; an actor is a writer (by user id) or the blog (`blog`);
 * - `_fediverse_followers`: remote actors following a local one (`pending` or `accepted`),
 *   with what delivery and the followers page need;
 * - `_fediverse_blocks`: remote actors and domains a local actor blocked;
 * - `_fediverse_inboxes`: since when deliveries to an inbox have failed (a day's worth drops it).
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** Applies the migration. */
export async function up(db: Kysely<AnyDB>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS "_fediverse_kv" (
    "key" TEXT PRIMARY KEY NOT NULL,
    "value" TEXT NOT NULL,
    "expires" TEXT
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS "idx_expires_fediverse_kv" ON "_fediverse_kv" ("expires")`.execute(
    db,
  );
  await sql`CREATE TABLE IF NOT EXISTS "_fediverse_actors" (
    "id" TEXT PRIMARY KEY NOT NULL,
    "keys" TEXT NOT NULL DEFAULT '',
    "approveFollowers" INTEGER NOT NULL DEFAULT 0,
    "created" TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS "_fediverse_followers" (
    "actor" TEXT NOT NULL,
    "follower" TEXT NOT NULL,
    "followId" TEXT NOT NULL,
    "inbox" TEXT NOT NULL,
    "sharedInbox" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL DEFAULT '',
    "handle" TEXT NOT NULL DEFAULT '',
    "avatar" TEXT NOT NULL DEFAULT '',
    "url" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL,
    "created" TEXT NOT NULL,
    PRIMARY KEY ("actor", "follower")
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS "_fediverse_blocks" (
    "actor" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created" TEXT NOT NULL,
    PRIMARY KEY ("actor", "kind", "value")
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS "_fediverse_inboxes" (
    "inbox" TEXT PRIMARY KEY NOT NULL,
    "failingSince" TEXT NOT NULL
  )`.execute(db);
}
