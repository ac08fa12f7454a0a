/** Request log persistence: batched inserts, hourly counts and pruning of `_logs`. */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { AnyDB } from "../db.ts";
import { logsCollection } from "../registry/logs.ts";
import { MAIN_ALIAS, type Row } from "./record-repository.ts";

/** The `_logs` columns, in the order {@link insertLogs} writes them. */
const LOG_COLUMNS = ["id", "created", "level", "message", "data"] as const;
/** Rows per INSERT statement (5 parameters each, far below either engine's limit). */
const ROWS_PER_STATEMENT = 100;

/**
 * Inserts log rows in one transaction, many rows per statement: the request log is written
 * for every API request, and one statement per row cost the cached list a third of its CPU
 * on SQLite (statement building and a native call per row).
 */
export async function insertLogs(db: Kysely<AnyDB>, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(LOG_COLUMNS.map((name) => sql.id(name)));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const values = rows
        .slice(i, i + ROWS_PER_STATEMENT)
        .map((row) => sql`(${sql.join(LOG_COLUMNS.map((name) => row[name] ?? null))})`);
      await sql`INSERT INTO ${sql.table(logsCollection.name)} (${columns}) VALUES ${sql.join(values)}`.execute(
        trx,
      );
    }
  });
}

/**
 * Counts log rows per hour (`YYYY-MM-DD HH:00:00.000Z`, the stored date text cut at the hour,
 * the same on every engine), oldest first.
 */
export async function countLogsByHour(
  db: Kysely<AnyDB>,
  where: RawBuilder<unknown> | null,
): Promise<{ date: string; total: number }[]> {
  const hour = sql`substr(${sql.ref(`${MAIN_ALIAS}.created`)}, 1, 13) || ':00:00.000Z'`;
  const w = where ? sql` WHERE ${where}` : sql``;
  const result = await sql<{
    date: string;
    total: number | string;
  }>`SELECT ${hour} AS ${sql.id("date")}, COUNT(*) AS ${sql.id("total")} FROM ${sql.table(logsCollection.name)} AS ${sql.id(MAIN_ALIAS)}${w} GROUP BY ${sql.id("date")} ORDER BY ${sql.id("date")}`.execute(
    db,
  );
  return result.rows.map((r) => ({ date: r.date, total: Number(r.total) }));
}

/** Deletes the log rows created before `before` (a stored date text); returns how many. */
export async function deleteLogsBefore(db: Kysely<AnyDB>, before: string): Promise<number> {
  const result =
    await sql`DELETE FROM ${sql.table(logsCollection.name)} WHERE ${sql.id("created")} < ${before}`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}
