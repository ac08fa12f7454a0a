/**
 * The `devices` table (ADR 053): the statements a sign-in and every authenticated request run
 * on it, besides the record service's writes (creating and deleting rows go through it, for
 * its validation and change events).
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";
import type { Row } from "./record-repository.ts";

/** The id of `user`'s device with `fingerprint`, if any. */
export async function findDeviceByFingerprint(
  db: Kysely<AnyDB>,
  user: string,
  fingerprint: string,
): Promise<string | undefined> {
  const result = await sql<{
    id: string;
  }>`SELECT "id" FROM "devices" WHERE "user" = ${user} AND "fingerprint" = ${fingerprint} ORDER BY "created" LIMIT 1`.execute(
    db,
  );
  return result.rows[0]?.id;
}

/** Whether device `id` exists and belongs to `user` (every request of a device's token). */
export async function deviceExists(db: Kysely<AnyDB>, id: string, user: string): Promise<boolean> {
  const result = await sql<{
    id: string;
  }>`SELECT "id" FROM "devices" WHERE "id" = ${id} AND "user" = ${user}`.execute(db);
  return result.rows.length > 0;
}

/** Whether `user` has a device of their own (a superuser's "View as" ones do not count). */
export async function hasOwnDevice(db: Kysely<AnyDB>, user: string): Promise<boolean> {
  const result = await sql<{
    id: string;
  }>`SELECT "id" FROM "devices" WHERE "user" = ${user} AND "impersonatedBy" = '' LIMIT 1`.execute(
    db,
  );
  return result.rows.length > 0;
}

/**
 * Moves a device's `lastSeen` to `now`, unless it was seen at or after `since`:
 * one conditional statement, so several instances refreshing at once write once.
 */
export async function touchDevice(
  db: Kysely<AnyDB>,
  id: string,
  values: { now: string; since: string },
): Promise<void> {
  await sql`UPDATE "devices" SET "lastSeen" = ${values.now}, "updated" = ${values.now} WHERE "id" = ${id} AND ("lastSeen" < ${values.since} OR "lastSeen" = '' OR "lastSeen" IS NULL)`.execute(
    db,
  );
}

/** The ids of `user`'s devices other than `keep`. */
export async function otherDeviceIds(
  db: Kysely<AnyDB>,
  user: string,
  keep: string,
): Promise<string[]> {
  const result = await sql<{
    id: string;
  }>`SELECT "id" FROM "devices" WHERE "user" = ${user} AND "id" <> ${keep}`.execute(db);
  return result.rows.map((row) => row.id);
}

/**
 * Deletes every device of `user` but `keep` (a "View as" device is never kept) and returns
 * the deleted rows, for the change events the caller emits once its transaction commits.
 */
export async function deleteDevicesOf(
  db: Kysely<AnyDB>,
  user: string,
  keep: string,
): Promise<Row[]> {
  const result =
    await sql<Row>`DELETE FROM "devices" WHERE "user" = ${user} AND ("id" <> ${keep} OR "impersonatedBy" <> '') RETURNING *`.execute(
      db,
    );
  return result.rows;
}
