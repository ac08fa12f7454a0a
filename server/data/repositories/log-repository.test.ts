/** `_logs` on each engine: batched inserts, counts per hour, pruning. */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { countLogsByHour, deleteLogsBefore, insertLogs } from "./log-repository.ts";
import { MAIN_ALIAS, type Row } from "./record-repository.ts";

/** `count` log rows created in `hour` (`YYYY-MM-DD HH`), at level `level`. */
function logs(hour: string, count: number, level = 0): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${hour.replace(/\D/g, "")}${String(level)}${String(i).padStart(4, "0")}`,
    created: `${hour}:${String(i % 60).padStart(2, "0")}:00.000Z`,
    level,
    message: "GET /api/health",
    data: JSON.stringify({ status: 200 }),
  }));
}

describe.each(DIALECTS)("logs (%s)", (engine) => {
  let fresh: FreshDatabase;

  beforeAll(async () => {
    fresh = await openFreshDatabase(engine);
    // More rows than one INSERT statement takes (100), to cross a statement boundary.
    await insertLogs(fresh.database.kysely, [
      ...logs("2026-01-01 10", 150),
      ...logs("2026-01-01 11", 3),
      ...logs("2026-01-01 11", 2, 8),
    ]);
    await insertLogs(fresh.database.kysely, []);
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("writes every row with its columns", async () => {
    const db = fresh.database.kysely;
    const count = await sql<{ n: number }>`SELECT COUNT(*) AS "n" FROM "_logs"`.execute(db);
    expect(count.rows[0]?.n).toBe(155);
    const row =
      await sql<Row>`SELECT * FROM "_logs" WHERE "level" = 8 ORDER BY "id" LIMIT 1`.execute(db);
    expect(row.rows[0]).toMatchObject({
      created: "2026-01-01 11:00:00.000Z",
      message: "GET /api/health",
    });
    expect(JSON.parse(row.rows[0]?.data as string)).toEqual({ status: 200 });
  });

  it("counts rows per hour, oldest first, under an optional condition", async () => {
    const db = fresh.database.kysely;
    expect(await countLogsByHour(db, null)).toEqual([
      { date: "2026-01-01 10:00:00.000Z", total: 150 },
      { date: "2026-01-01 11:00:00.000Z", total: 5 },
    ]);
    const errors = sql`${sql.ref(`${MAIN_ALIAS}.level`)} >= ${8}`;
    expect(await countLogsByHour(db, errors)).toEqual([
      { date: "2026-01-01 11:00:00.000Z", total: 2 },
    ]);
  });

  it("deletes the rows created before a time and says how many", async () => {
    const db = fresh.database.kysely;
    expect(await deleteLogsBefore(db, "2026-01-01 11:00:00.000Z")).toBe(150);
    expect(await deleteLogsBefore(db, "2026-01-01 11:00:00.000Z")).toBe(0);
    expect(await countLogsByHour(db, null)).toEqual([
      { date: "2026-01-01 11:00:00.000Z", total: 5 },
    ]);
  });
});
