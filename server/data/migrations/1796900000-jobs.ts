/**
 * `_jobs`: the durable job queue (ADR 060). One row per job: its `kind` and JSON `payload`,
 * an optional idempotency `key` (unique: enqueueing a key twice makes one job), the time it
 * may run (`runAt`), its `state` (`queued`, `running`, `done`, `failed`), its `attempts` out
 * of `maxAttempts`, the `lastError` of a failed attempt, and the lease of the process running
 * it (`leasedBy`, until `leaseUntil`): a lease that ran out belongs to a process that died,
 * and the job runs again. A system table, not a collection of the API.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** Applies the migration. */
export async function up(db: Kysely<AnyDB>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS "_jobs" (
    "id" TEXT PRIMARY KEY NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "key" TEXT UNIQUE,
    "state" TEXT NOT NULL,
    "runAt" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL,
    "lastError" TEXT NOT NULL DEFAULT '',
    "leasedBy" TEXT,
    "leaseUntil" TEXT,
    "created" TEXT NOT NULL,
    "updated" TEXT NOT NULL
  )`.execute(db);
  // What the workers ask for: jobs of a state due by a time, oldest first.
  await sql`CREATE INDEX IF NOT EXISTS "_jobs_state_runAt" ON "_jobs" ("state", "runAt")`.execute(
    db,
  );
}
