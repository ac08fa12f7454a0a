/**
 * Generic record persistence on each engine, over the `items` table: list queries, counts,
 * rule checks on stored and virtual rows, writes, lookups (NUL-safe, case-insensitive) and
 * references from single and list relation columns.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import type { Field } from "../../core/models/collection.ts";
import { itemsCollection as items } from "../registry/collections.ts";
import {
  countRows,
  deleteRow,
  existsOther,
  findReferencing,
  findRowBy,
  findRowsByIds,
  insertRow,
  lockRow,
  MAIN_ALIAS,
  rowMatches,
  selectRows,
  updateRow,
  virtualRowMatches,
} from "./record-repository.ts";

const col = (name: string) => sql.ref(`${MAIN_ALIAS}.${name}`);
const ids = (rows: { id?: unknown }[]) => rows.map((row) => row.id);

describe.each(DIALECTS)("record repository (%s)", (engine) => {
  let fresh: FreshDatabase;

  beforeAll(async () => {
    fresh = await openFreshDatabase(engine);
    const db = fresh.database.kysely;
    const rows = [
      { id: "item1", code: "Alpha", name: "First", owner: "u1", tags: '["x","y"]' },
      { id: "item2", code: "beta", name: "Second", owner: "u2", tags: '["y"]' },
      { id: "item3", code: "gamma", name: "Third", owner: "u1", tags: "[]" },
    ];
    for (const row of rows) await insertRow(db, items, { ...row, created: "", updated: "" });
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("selects rows under a condition, ordered, limited and offset", async () => {
    const db = fresh.database.kysely;
    const byOwner = await selectRows(db, items, {
      where: sql`${col("owner")} = ${"u1"}`,
      orderBy: [sql`${col("code")} DESC`],
    });
    expect(ids(byOwner)).toEqual(["item3", "item1"]);
    const page = await selectRows(db, items, {
      where: null,
      orderBy: [sql`${col("id")} ASC`],
      limit: 1,
      offset: 1,
    });
    expect(ids(page)).toEqual(["item2"]);
    // Unset columns take their defaults.
    expect(page[0]).toMatchObject({ description: "", status: "", data: null });
    expect(await countRows(db, items, null)).toBe(3);
    expect(await countRows(db, items, sql`${col("owner")} = ${"u2"}`)).toBe(1);
  });

  it("checks a condition on a stored row and on a virtual one", async () => {
    const db = fresh.database.kysely;
    const mine = sql`${col("owner")} = ${"u1"}`;
    expect(await rowMatches(db, items, "item1", mine)).toBe(true);
    expect(await rowMatches(db, items, "item2", mine)).toBe(false);
    expect(await rowMatches(db, items, "item2", null)).toBe(true);
    expect(await rowMatches(db, items, "missing", null)).toBe(false);
    const { dialect } = fresh.database;
    const data: Field = { name: "data", type: "json", maxSize: 1024 };
    const columns = [
      { name: "owner", value: sql`${"u1"}` },
      { name: "data", value: dialect.castParam(data, sql`${'{"n":2}'}`) },
    ];
    expect(await virtualRowMatches(db, columns, mine)).toBe(true);
    // The parameter cast to the JSON column type reads as JSON.
    const n = dialect.toText(dialect.jsonExtract(col("data"), ["n"]));
    expect(await virtualRowMatches(db, columns, sql`${n} = ${"2"}`)).toBe(true);
    expect(await virtualRowMatches(db, columns, sql`${col("owner")} = ${"u2"}`)).toBe(false);
  });

  it("updates, locks and deletes rows by id", async () => {
    const db = fresh.database.kysely;
    await insertRow(db, items, { id: "temp", code: "temp", name: "Temporary" });
    await updateRow(db, items, "temp", { name: "Renamed", status: "archived" });
    await updateRow(db, items, "temp", {});
    expect(await findRowBy(db, items, "id", "temp")).toMatchObject({
      name: "Renamed",
      status: "archived",
    });
    await db.transaction().execute(async (trx) => {
      await lockRow(trx, fresh.database.dialect, items, "temp");
      await updateRow(trx, items, "temp", { name: "Locked" });
    });
    expect(await findRowBy(db, items, "id", "temp")).toMatchObject({ name: "Locked" });
    await deleteRow(db, items, "temp");
    expect(await findRowBy(db, items, "id", "temp")).toBeUndefined();
  });

  it("finds rows by ids and by a column, case-insensitively when asked", async () => {
    const db = fresh.database.kysely;
    const found = await findRowsByIds(db, items, ["item3", "item1", "missing"]);
    expect(ids(found).sort()).toEqual(["item1", "item3"]);
    expect(await findRowsByIds(db, items, [])).toEqual([]);
    expect(
      ids(await findRowsByIds(db, items, ["item1", "item2"], sql`${col("owner")} = ${"u2"}`)),
    ).toEqual(["item2"]);
    expect((await findRowBy(db, items, "code", "beta"))?.id).toBe("item2");
    expect(await findRowBy(db, items, "code", "BETA")).toBeUndefined();
    expect((await findRowBy(db, items, "code", "ALPHA", true))?.id).toBe("item1");
  });

  it("matches nothing for a lookup value holding a NUL (B29)", async () => {
    const db = fresh.database.kysely;
    expect(await findRowBy(db, items, "code", "beta\u0000")).toBeUndefined();
    expect(await findRowBy(db, items, "code", "beta\u0000", true)).toBeUndefined();
    expect(ids(await findRowsByIds(db, items, ["item1\u0000", "item2"]))).toEqual(["item2"]);
    expect(await findRowsByIds(db, items, ["\u0000"])).toEqual([]);
  });

  it("tells whether another row has the same values", async () => {
    const db = fresh.database.kysely;
    const code = (value: string, lower: boolean) => [{ column: "code", value, lower }];
    expect(await existsOther(db, items, code("beta", false), "item1")).toBe(true);
    expect(await existsOther(db, items, code("beta", false), "item2")).toBe(false);
    expect(await existsOther(db, items, code("BETA", false), "item1")).toBe(false);
    expect(await existsOther(db, items, code("BETA", true), "item1")).toBe(true);
    expect(
      await existsOther(
        db,
        items,
        [
          { column: "code", value: "beta", lower: false },
          { column: "owner", value: "u1", lower: false },
        ],
        "item1",
      ),
    ).toBe(false);
  });

  it("finds the rows that reference an id, in a single or a list column", async () => {
    const db = fresh.database.kysely;
    const { dialect } = fresh.database;
    expect(ids(await findReferencing(db, dialect, items, "owner", "u1", false)).sort()).toEqual([
      "item1",
      "item3",
    ]);
    expect(ids(await findReferencing(db, dialect, items, "tags", "y", true)).sort()).toEqual([
      "item1",
      "item2",
    ]);
    expect(await findReferencing(db, dialect, items, "tags", "z", true)).toEqual([]);
  });
});
