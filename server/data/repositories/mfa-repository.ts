/** The `_mfas` table: first factors waiting for their second (PocketBase's `_mfas`). */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** A pending multi-factor sign-in. */
export interface MfaRow {
  id: string;
  /** Id of the auth collection of the record. */
  collectionRef: string;
  recordRef: string;
  /** The first factor (`password`, `oauth2`, `otp`). */
  method: string;
  created: string;
  updated: string;
}

/** Inserts a pending sign-in. */
export async function insertMfa(db: Kysely<AnyDB>, mfa: MfaRow): Promise<void> {
  await sql`INSERT INTO "_mfas" ("id", "collectionRef", "recordRef", "method", "created", "updated") VALUES (${mfa.id}, ${mfa.collectionRef}, ${mfa.recordRef}, ${mfa.method}, ${mfa.created}, ${mfa.updated})`.execute(
    db,
  );
}

/** Finds a pending sign-in by id. */
export async function findMfaById(db: Kysely<AnyDB>, id: string): Promise<MfaRow | undefined> {
  const result = await sql<MfaRow>`SELECT * FROM "_mfas" WHERE "id" = ${id}`.execute(db);
  return result.rows[0];
}

/**
 * Deletes a pending sign-in; true when this call deleted it. Of two concurrent deletes only
 * one gets true: one first factor completes one sign-in.
 */
export async function deleteMfa(db: Kysely<AnyDB>, id: string): Promise<boolean> {
  const result = await sql<{
    id: string;
  }>`DELETE FROM "_mfas" WHERE "id" = ${id} RETURNING "id"`.execute(db);
  return result.rows.length > 0;
}

/** Deletes every pending sign-in of a record (its account was deleted). */
export async function deleteMfasOf(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
): Promise<void> {
  await sql`DELETE FROM "_mfas" WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef}`.execute(
    db,
  );
}

/** Deletes a collection's pending sign-ins created before `before`; returns how many. */
export async function deleteMfasCreatedBefore(
  db: Kysely<AnyDB>,
  collectionRef: string,
  before: string,
): Promise<number> {
  const result = await sql<{
    id: string;
  }>`DELETE FROM "_mfas" WHERE "collectionRef" = ${collectionRef} AND "created" < ${before} RETURNING "id"`.execute(
    db,
  );
  return result.rows.length;
}
