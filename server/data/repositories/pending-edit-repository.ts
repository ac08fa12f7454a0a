/**
 * Queries of the `pendingEdits` table beyond generic record persistence: deleting the pending
 * edits of one record (when it is deleted, or explicitly saved). Rows are addressed by
 * `recordCollection` and `record`, since ids are unique per collection only.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** Which record pending edits belong to. */
export interface PendingEditKey {
  /** `entries` or `posts`. */
  collection: string;
  /** The record id. */
  record: string;
}

/** Deletes the record's pending edits; returns how many rows were deleted (0 or 1). */
export async function deletePendingEdits(db: Kysely<AnyDB>, key: PendingEditKey): Promise<number> {
  const result =
    await sql`DELETE FROM "pendingEdits" WHERE "recordCollection" = ${key.collection} AND "record" = ${key.record}`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}
