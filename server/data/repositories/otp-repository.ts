/** The `_otps` table: one-time sign-in codes (hashed), one row per code sent. */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** A stored one-time password. */
export interface OtpRow {
  id: string;
  /** Id of the auth collection of the record. */
  collectionRef: string;
  recordRef: string;
  /** bcrypt hash of the code. */
  password: string;
  /** The address the code was mailed to. */
  sentTo: string;
  created: string;
  updated: string;
}

/** Inserts an OTP. */
export async function insertOtp(db: Kysely<AnyDB>, otp: OtpRow): Promise<void> {
  await sql`INSERT INTO "_otps" ("id", "collectionRef", "recordRef", "password", "sentTo", "created", "updated") VALUES (${otp.id}, ${otp.collectionRef}, ${otp.recordRef}, ${otp.password}, ${otp.sentTo}, ${otp.created}, ${otp.updated})`.execute(
    db,
  );
}

/** Finds an OTP by id. */
export async function findOtpById(db: Kysely<AnyDB>, id: string): Promise<OtpRow | undefined> {
  const result = await sql<OtpRow>`SELECT * FROM "_otps" WHERE "id" = ${id}`.execute(db);
  return result.rows[0];
}

/** A record's OTPs created at or after `since`, newest first. */
export async function findRecentOtps(
  db: Kysely<AnyDB>,
  collectionRef: string,
  recordRef: string,
  since: string,
): Promise<OtpRow[]> {
  const result =
    await sql<OtpRow>`SELECT * FROM "_otps" WHERE "collectionRef" = ${collectionRef} AND "recordRef" = ${recordRef} AND "created" >= ${since} ORDER BY "created" DESC, "id" DESC`.execute(
      db,
    );
  return result.rows;
}

/**
 * Deletes an OTP; true when this call deleted it. Of two concurrent deletes only one gets
 * true, which is what makes a code single-use.
 */
export async function deleteOtp(db: Kysely<AnyDB>, id: string): Promise<boolean> {
  const result = await sql<{
    id: string;
  }>`DELETE FROM "_otps" WHERE "id" = ${id} RETURNING "id"`.execute(db);
  return result.rows.length > 0;
}

/**
 * Deletes an OTP and every copy of its code (the same hash handed out under other ids); true
 * when this call deleted `otp` itself. Of two concurrent calls only one gets true.
 */
export async function deleteOtpCopies(db: Kysely<AnyDB>, otp: OtpRow): Promise<boolean> {
  const result = await sql<{
    id: string;
  }>`DELETE FROM "_otps" WHERE "collectionRef" = ${otp.collectionRef} AND "recordRef" = ${otp.recordRef} AND "password" = ${otp.password} RETURNING "id"`.execute(
    db,
  );
  return result.rows.some((row) => row.id === otp.id);
}

/** Deletes a collection's OTPs created before `before`; returns how many. */
export async function deleteOtpsCreatedBefore(
  db: Kysely<AnyDB>,
  collectionRef: string,
  before: string,
): Promise<number> {
  const result = await sql<{
    id: string;
  }>`DELETE FROM "_otps" WHERE "collectionRef" = ${collectionRef} AND "created" < ${before} RETURNING "id"`.execute(
    db,
  );
  return result.rows.length;
}
