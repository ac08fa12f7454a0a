/**
 * `_totps` (one authenticator secret per account, stored encrypted) and `_recoveryCodes`
 * (its single-use recovery codes, stored as keyed hashes). Every statement that spends a
 * code is one conditional write, so of two concurrent requests with the same code only one
 * succeeds.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** An account's authenticator. */
export interface TotpRow {
  id: string;
  collectionRef: string;
  recordRef: string;
  /** The encrypted secret (never the secret itself). */
  secret: string;
  /** When the enrolment was confirmed; `""` while it waits for its first code. */
  enabled: string;
  /** The last time step a code was accepted for (0 before any). */
  lastStep: number;
  created: string;
  updated: string;
}

/** The authenticator of a record, if any. */
export async function findTotp(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
): Promise<TotpRow | undefined> {
  const result = await sql<
    Omit<TotpRow, "lastStep"> & { lastStep: number | string }
  >`SELECT * FROM "_totps" WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef}`.execute(
    db,
  );
  const row = result.rows[0];
  // PostgreSQL returns BIGINT as text.
  return row ? { ...row, lastStep: Number(row.lastStep) } : undefined;
}

/** Whether a record has a confirmed authenticator. */
export async function hasEnabledTotp(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
): Promise<boolean> {
  const result = await sql<{
    id: string;
  }>`SELECT "id" FROM "_totps" WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef} AND "enabled" != ''`.execute(
    db,
  );
  return result.rows.length > 0;
}

/**
 * Saves a new, unconfirmed secret for a record, replacing an unconfirmed one; a confirmed
 * authenticator is left alone (false).
 */
export async function savePendingTotp(db: Kysely<AnyDB>, row: TotpRow): Promise<boolean> {
  const result = await sql<{
    id: string;
  }>`INSERT INTO "_totps" ("id", "collectionRef", "recordRef", "secret", "enabled", "lastStep", "created", "updated")
    VALUES (${row.id}, ${row.collectionRef}, ${row.recordRef}, ${row.secret}, '', 0, ${row.created}, ${row.updated})
    ON CONFLICT ("collectionRef", "recordRef") DO UPDATE SET
      "secret" = ${row.secret}, "lastStep" = 0, "created" = ${row.created}, "updated" = ${row.updated}
      WHERE "_totps"."enabled" = ''
    RETURNING "id"`.execute(db);
  return result.rows.length > 0;
}

/**
 * Spends time step `step` of a record's authenticator: true when no code of this step or a
 * later one was accepted before (and records it), false for a replay. `confirm` also marks
 * an unconfirmed enrolment confirmed, at `now`.
 */
export async function spendTotpStep(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
  step: number,
  now: string,
  confirm = false,
): Promise<boolean> {
  const result = confirm
    ? await sql<{
        id: string;
      }>`UPDATE "_totps" SET "lastStep" = ${step}, "enabled" = ${now}, "updated" = ${now} WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef} AND "enabled" = '' AND "lastStep" < ${step} RETURNING "id"`.execute(
        db,
      )
    : await sql<{
        id: string;
      }>`UPDATE "_totps" SET "lastStep" = ${step}, "updated" = ${now} WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef} AND "enabled" != '' AND "lastStep" < ${step} RETURNING "id"`.execute(
        db,
      );
  return result.rows.length > 0;
}

/** Deletes a record's authenticator and recovery codes; true when it had an authenticator. */
export async function deleteTotp(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
): Promise<boolean> {
  await deleteRecoveryCodes(db, collectionRef, recordRef);
  const result = await sql<{
    id: string;
  }>`DELETE FROM "_totps" WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef} RETURNING "id"`.execute(
    db,
  );
  return result.rows.length > 0;
}

/** A recovery code as stored. */
export interface RecoveryCodeRow {
  id: string;
  collectionRef: string;
  recordRef: string;
  /** Keyed hash of the normalised code. */
  hash: string;
  created: string;
}

/** Replaces a record's recovery codes with `rows`. */
export async function replaceRecoveryCodes(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
  rows: readonly RecoveryCodeRow[],
): Promise<void> {
  await deleteRecoveryCodes(db, collectionRef, recordRef);
  for (const row of rows) {
    await sql`INSERT INTO "_recoveryCodes" ("id", "collectionRef", "recordRef", "hash", "created") VALUES (${row.id}, ${row.collectionRef}, ${row.recordRef}, ${row.hash}, ${row.created})`.execute(
      db,
    );
  }
}

/** Spends a recovery code: true when this call deleted it (it works once). */
export async function spendRecoveryCode(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
  hash: string,
): Promise<boolean> {
  const result = await sql<{
    id: string;
  }>`DELETE FROM "_recoveryCodes" WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef} AND "hash" = ${hash} RETURNING "id"`.execute(
    db,
  );
  return result.rows.length > 0;
}

/** How many recovery codes a record has left. */
export async function countRecoveryCodes(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
): Promise<number> {
  const result = await sql<{
    n: number | string;
  }>`SELECT COUNT(*) AS "n" FROM "_recoveryCodes" WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef}`.execute(
    db,
  );
  return Number(result.rows[0]?.n ?? 0);
}

async function deleteRecoveryCodes(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
): Promise<void> {
  await sql`DELETE FROM "_recoveryCodes" WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef}`.execute(
    db,
  );
}
