/**
 * The `_authCounters` table: fixed-window counters shared by every instance (resend
 * suppression, OTP attempts). One atomic upsert per hit, so concurrent hits on any number of
 * instances are all counted.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/**
 * Counts one hit on `key` and returns the hits of its current window. A window that started
 * at or before `expiredAt` is over: the hit opens a new one starting `now`.
 */
export async function hitCounter(
  db: Kysely<AnyDB>,
  key: string,
  now: string,
  expiredAt: string,
): Promise<number> {
  const result = await sql<{
    hits: number | string;
  }>`INSERT INTO "_authCounters" ("key", "hits", "windowStart") VALUES (${key}, 1, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "hits" = CASE WHEN "_authCounters"."windowStart" <= ${expiredAt} THEN 1 ELSE "_authCounters"."hits" + 1 END,
      "windowStart" = CASE WHEN "_authCounters"."windowStart" <= ${expiredAt} THEN ${now} ELSE "_authCounters"."windowStart" END
    RETURNING "hits"`.execute(db);
  return Number(result.rows[0]?.hits ?? 0);
}

/** Forgets a counter (its next hit opens a new window). */
export async function deleteCounter(db: Kysely<AnyDB>, key: string): Promise<void> {
  await sql`DELETE FROM "_authCounters" WHERE "key" = ${key}`.execute(db);
}

/** Deletes counters whose window started before `before`; returns how many. */
export async function deleteCountersStartedBefore(
  db: Kysely<AnyDB>,
  before: string,
): Promise<number> {
  const result = await sql<{
    key: string;
  }>`DELETE FROM "_authCounters" WHERE "windowStart" < ${before} RETURNING "key"`.execute(db);
  return result.rows.length;
}
