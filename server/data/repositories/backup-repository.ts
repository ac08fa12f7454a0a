/** Restores: every table emptied and refilled in one transaction (all or nothing). */
import { sql, type Kysely } from "kysely";
import type { AnyDB, Row } from "../db.ts";

/** A table to refill: its rows in batches, or null to leave it empty. */
export interface TableContent {
  name: string;
  rows: AsyncIterable<Row[]> | null;
}

/** Most rows per INSERT (well under both engines' bound-parameter limits). */
const ROWS_PER_INSERT = 200;

/**
 * Empties every listed table and inserts the given rows, in one transaction: when any step
 * fails (unknown column, bad value, a broken archive while reading), nothing changes. `after`
 * runs last in that transaction (derived data rebuilt from the restored rows: the search index).
 */
export async function replaceAllTables(
  db: Kysely<AnyDB>,
  tables: readonly TableContent[],
  after?: (trx: Kysely<AnyDB>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of tables) await sql`DELETE FROM ${sql.table(table.name)}`.execute(trx);
    for (const table of tables) {
      if (!table.rows) continue;
      for await (const batch of table.rows) {
        for (let i = 0; i < batch.length; i += ROWS_PER_INSERT) {
          const rows = batch.slice(i, i + ROWS_PER_INSERT);
          const columns = Object.keys(rows[0] ?? {});
          if (columns.length === 0) continue;
          const values = rows.map(
            (row) =>
              sql`(${sql.join(
                columns.map((c) => {
                  const value = row[c];
                  // JSON columns come back as text on both engines; anything else structured
                  // is stored as its JSON text.
                  return value !== null && typeof value === "object"
                    ? JSON.stringify(value)
                    : value;
                }),
              )})`,
          );
          await sql`INSERT INTO ${sql.table(table.name)} (${sql.join(columns.map((c) => sql.id(c)))}) VALUES ${sql.join(values)}`.execute(
            trx,
          );
        }
      }
    }
    await after?.(trx);
  });
}
