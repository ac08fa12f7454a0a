/**
 * `_jobs` gains what a person following a job reads (issue 23 finding 2): its `progress`
 * while it runs and its `result` once done, each JSON written by the job (`''` when none).
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** Applies the migration. */
export async function up(db: Kysely<AnyDB>): Promise<void> {
  await sql`ALTER TABLE "_jobs" ADD COLUMN "progress" TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE "_jobs" ADD COLUMN "result" TEXT NOT NULL DEFAULT ''`.execute(db);
}
