/**
 * `_imports`: the record each imported item became, per account and source key (ADR 044).
 * Read before an item is imported, written in the same transaction as its record.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** The record an imported item became. */
export interface ImportedRecord {
  recordCollection: string;
  recordRef: string;
}

/** The record that `owner` imported under `source`, if any. */
export async function findImported(
  db: Kysely<AnyDB>,
  owner: string,
  source: string,
): Promise<ImportedRecord | undefined> {
  const result =
    await sql<ImportedRecord>`SELECT "recordCollection", "recordRef" FROM "_imports" WHERE "owner" = ${owner} AND "source" = ${source}`.execute(
      db,
    );
  return result.rows[0];
}

/**
 * Records that `owner` imported `source` as the given record, replacing an earlier row of
 * the same key (whose record was deleted since).
 */
export async function saveImported(
  db: Kysely<AnyDB>,
  owner: string,
  source: string,
  record: ImportedRecord,
  created: string,
): Promise<void> {
  await sql`DELETE FROM "_imports" WHERE "owner" = ${owner} AND "source" = ${source}`.execute(db);
  await sql`INSERT INTO "_imports" ("owner", "source", "recordCollection", "recordRef", "created") VALUES (${owner}, ${source}, ${record.recordCollection}, ${record.recordRef}, ${created})`.execute(
    db,
  );
}

/** Forgets every import of `owner` (their account was deleted). */
export async function deleteImportsOf(db: Kysely<AnyDB>, owner: string): Promise<void> {
  await sql`DELETE FROM "_imports" WHERE "owner" = ${owner}`.execute(db);
}
