/**
 * Migration `1796700000-search-indexes` on a database that predates it: it adds the covering
 * indexes of the search's join (`search-repository.test.ts` shows the join reads them).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { SEARCH_INDEXES } from "./1796700000-search-indexes.ts";
import { migrate } from "./index.ts";

const NAME = "1796700000-search-indexes";

describe.each(DIALECTS)("search-indexes migration (%s)", (dialect) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await openFreshDatabase(dialect);
  });
  afterAll(async () => {
    await fresh.close();
  });

  const indexes = async () => {
    const { kysely } = fresh.database;
    const rows =
      dialect === "sqlite"
        ? await sql<{
            name: string;
          }>`SELECT "name" FROM sqlite_master WHERE "type" = 'index'`.execute(kysely)
        : await sql<{ name: string }>`SELECT indexname AS "name" FROM pg_indexes`.execute(kysely);
    return rows.rows.map((row) => row.name);
  };

  it("adds the indexes to an older database, and again changes nothing", async () => {
    const { kysely } = fresh.database;
    expect(await indexes()).toEqual(expect.arrayContaining(SEARCH_INDEXES));
    for (const index of SEARCH_INDEXES) await sql`DROP INDEX ${sql.id(index)}`.execute(kysely);
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(kysely);
    expect(await indexes()).not.toContain("idx_search_entries");

    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect(await indexes()).toEqual(expect.arrayContaining(SEARCH_INDEXES));
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(kysely);
    expect(await migrate(fresh.database)).toEqual([NAME]);
  });
});
