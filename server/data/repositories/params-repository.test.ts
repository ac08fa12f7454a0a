/** `_params` on each engine: missing, written, replaced. */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { readParam, writeParam } from "./params-repository.ts";

describe.each(DIALECTS)("params (%s)", (engine) => {
  let fresh: FreshDatabase;

  beforeAll(async () => {
    fresh = await openFreshDatabase(engine);
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("reads nothing for a param never written, then what was last written", async () => {
    const db = fresh.database.kysely;
    expect(await readParam(db, "settings")).toBeUndefined();
    await writeParam(db, "settings", '{"a":1}');
    expect(await readParam(db, "settings")).toBe('{"a":1}');
    await writeParam(db, "settings", '{"a":2}');
    expect(await readParam(db, "settings")).toBe('{"a":2}');
    const rows = await sql<{
      id: string;
      updated: string;
    }>`SELECT "id", "updated" FROM "_params" WHERE "id" = ${"settings"}`.execute(db);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]?.updated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
