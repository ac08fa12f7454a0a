/**
 * Tables of the account flows:
 * - `_otps`: one-time sign-in codes (PocketBase's `_otps`), stored as bcrypt hashes, one row per
 *   code sent, deleted when used;
 * - `_authCounters`: fixed-window counters every instance shares (resend suppression of
 *   verification and reset mails, OTP attempts per record), so limits hold behind a load
 *   balancer too.
 * Dates are PocketBase date strings (`YYYY-MM-DD HH:MM:SS.sssZ`), which sort as text.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** Applies the migration. */
export async function up(db: Kysely<AnyDB>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS "_otps" (
    "id" TEXT PRIMARY KEY NOT NULL,
    "collectionRef" TEXT NOT NULL,
    "recordRef" TEXT NOT NULL,
    "password" TEXT NOT NULL,
    "sentTo" TEXT DEFAULT '' NOT NULL,
    "created" TEXT NOT NULL,
    "updated" TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS "idx__otps_record" ON "_otps" ("collectionRef", "recordRef", "created")`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS "idx__otps_created" ON "_otps" ("created")`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS "_authCounters" (
    "key" TEXT PRIMARY KEY NOT NULL,
    "hits" INTEGER NOT NULL,
    "windowStart" TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS "idx__authCounters_windowStart" ON "_authCounters" ("windowStart")`.execute(
    db,
  );
}
