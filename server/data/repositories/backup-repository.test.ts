/** Restores on each engine: every listed table emptied and refilled, all or nothing. */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import type { Row } from "../db.ts";
import { replaceAllTables } from "./backup-repository.ts";

/** Rows as an async source, in batches of `size`. */
async function* batches(rows: Row[], size: number): AsyncIterable<Row[]> {
  for (let i = 0; i < rows.length; i += size) {
    await Promise.resolve();
    yield rows.slice(i, i + size);
  }
}

const param = (id: string, value: unknown): Row => ({ id, value, updated: "" });

describe.each(DIALECTS)("restore (%s)", (engine) => {
  let fresh: FreshDatabase;

  const params = async (): Promise<Row[]> =>
    (
      await sql<Row>`SELECT "id", "value" FROM "_params" ORDER BY "id"`.execute(
        fresh.database.kysely,
      )
    ).rows;
  const otpCount = async (): Promise<number> =>
    (await sql<{ n: number }>`SELECT COUNT(*) AS "n" FROM "_otps"`.execute(fresh.database.kysely))
      .rows[0]?.n ?? -1;

  beforeAll(async () => {
    fresh = await openFreshDatabase(engine);
    await sql`INSERT INTO "_params" ("id", "value") VALUES (${"old"}, ${"x"})`.execute(
      fresh.database.kysely,
    );
    await sql`INSERT INTO "_otps" ("id", "collectionRef", "recordRef", "password", "created", "updated") VALUES (${"o"}, ${"c"}, ${"r"}, ${"h"}, ${""}, ${""})`.execute(
      fresh.database.kysely,
    );
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("replaces the rows of every listed table, many per statement, objects as JSON text", async () => {
    const rows = Array.from({ length: 450 }, (_, i) =>
      param(`p${String(i).padStart(3, "0")}`, "v"),
    );
    rows.push(param("settings", { meta: { appName: "Cahier" } }));
    await replaceAllTables(fresh.database.kysely, [
      { name: "_params", rows: batches(rows, 300) },
      { name: "_otps", rows: null },
    ]);
    const stored = await params();
    expect(stored).toHaveLength(451);
    expect(stored.some((row) => row.id === "old")).toBe(false);
    expect(stored.find((row) => row.id === "settings")?.value).toBe(
      '{"meta":{"appName":"Cahier"}}',
    );
    // Listed without rows: left empty.
    expect(await otpCount()).toBe(0);
  });

  it("changes nothing when any step fails", async () => {
    const before = await params();
    async function* broken(): AsyncIterable<Row[]> {
      await Promise.resolve();
      yield [param("new", "v")];
      throw new Error("broken archive");
    }
    await expect(
      replaceAllTables(fresh.database.kysely, [{ name: "_params", rows: broken() }]),
    ).rejects.toThrow("broken archive");
    expect(await params()).toEqual(before);
    await expect(
      replaceAllTables(fresh.database.kysely, [
        { name: "_params", rows: batches([{ id: "x", value: "v", unknownColumn: 1 }], 10) },
      ]),
    ).rejects.toThrow();
    expect(await params()).toEqual(before);
  });
});
