/**
 * Statements of the journal's calendar (`GET /api/journal/days`, ADR 049): how many entries an
 * author has per day of their `date` field. Dates are stored as text on both engines
 * (`2026-05-01 00:00:00.000Z`), so the day is the first 10 characters and a range compares
 * text, which the `author` index narrows first.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** Entries of one day. */
export interface DayCount {
  /** `YYYY-MM-DD`. */
  date: string;
  count: number;
}

/**
 * The number of entries of `authorId` per day whose `date` lies between `from` and `to`
 * (both stored-date texts, inclusive), oldest day first; days without entries are left out.
 */
export async function countEntriesByDay(
  db: Kysely<AnyDB>,
  authorId: string,
  from: string,
  to: string,
): Promise<DayCount[]> {
  const result = await sql<{ day: string; count: number | string }>`
    SELECT substr("date", 1, 10) AS "day", COUNT(*) AS "count" FROM "entries"
    WHERE "author" = ${authorId} AND "date" >= ${from} AND "date" <= ${to}
    GROUP BY substr("date", 1, 10) ORDER BY 1`.execute(db);
  // PostgreSQL answers COUNT(*) as a bigint, which `pg` reads as text.
  return result.rows.map((row) => ({ date: row.day, count: Number(row.count) }));
}
