/**
 * Email subscriptions (ADR 065):
 * - `subscriptions`: readers' subscriptions to the blog, an author or a collection (a
 *   collection: owners and admins list them through the records API);
 * - `_mailings`: each post or entry mailed to subscribers (and each weekly digest), once:
 *   the row is written with the job that sends it, so publishing again never mails again;
 * - `_deliveries`: one row per message and address, written `sending` before the message
 *   goes out and `sent` (or `refused`) after, so a send stopped midway repeats only the
 *   message in flight. System tables, not collections of the API.
 */
import { sql, type Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { subscriptionsCollection } from "../registry/subscriptions.ts";
import { createCollection } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the collection). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await createCollection(db, dialect, subscriptionsCollection);
  await sql`CREATE TABLE IF NOT EXISTS "_mailings" (
    "message" TEXT PRIMARY KEY NOT NULL,
    "created" TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS "_deliveries" (
    "message" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "created" TEXT NOT NULL,
    "updated" TEXT NOT NULL,
    PRIMARY KEY ("message", "email")
  )`.execute(db);
}
