/**
 * Queries of the `revisions` table beyond generic record persistence: a record's newest
 * revision, and deleting a record's history (whole, or beyond a cap). Rows are addressed by
 * `recordCollection` and `record`, since ids are unique per collection only.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";
import type { Row } from "./record-repository.ts";

/** Which record a history belongs to. */
export interface HistoryKey {
  /** `entries` or `posts`. */
  collection: string;
  /** The record id. */
  record: string;
}

const ofRecord = (key: HistoryKey) =>
  sql`"record" = ${key.record} AND "recordCollection" = ${key.collection}`;

/**
 * The record's newest revision (highest `version`; `created` orders first, so the lookup
 * walks the `(record, created)` index backwards), or undefined without history.
 */
export async function findNewestRevision(
  db: Kysely<AnyDB>,
  key: HistoryKey,
): Promise<Row | undefined> {
  const result =
    await sql<Row>`SELECT * FROM "revisions" WHERE ${ofRecord(key)} ORDER BY "created" DESC, "version" DESC LIMIT 1`.execute(
      db,
    );
  return result.rows[0];
}

/** Deletes the record's whole history; returns how many revisions were deleted. */
export async function deleteHistory(db: Kysely<AnyDB>, key: HistoryKey): Promise<number> {
  const result = await sql`DELETE FROM "revisions" WHERE ${ofRecord(key)}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Deletes the record's revisions whose `version` is at most `version` (the oldest ones, when
 * a cap applies); returns how many were deleted.
 */
export async function deleteRevisionsUpTo(
  db: Kysely<AnyDB>,
  key: HistoryKey,
  version: number,
): Promise<number> {
  const result =
    await sql`DELETE FROM "revisions" WHERE ${ofRecord(key)} AND "version" <= ${version}`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Moves every version of the record's history up by `by` (an imported history goes before
 * the revisions the import itself made).
 */
export async function shiftRevisionVersions(
  db: Kysely<AnyDB>,
  key: HistoryKey,
  by: number,
): Promise<void> {
  await sql`UPDATE "revisions" SET "version" = "version" + ${by} WHERE ${ofRecord(key)}`.execute(
    db,
  );
}
