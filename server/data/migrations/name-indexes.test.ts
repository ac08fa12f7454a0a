/**
 * Migration `1796600000-name-indexes` on a database that predates it: it adds the indexes on
 * `posts.slug`, `entries.name` and `collections.name`, and a signed-in lookup of a post by its
 * author's username and slug then reads that index instead of every post.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { migrate } from "./index.ts";

const NAME = "1796600000-name-indexes";
const INDEXES = ["idx_slug_posts", "idx_name_entries", "idx_name_collections"];

describe.each(DIALECTS)("name-indexes migration (%s)", (dialect) => {
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
    expect(await indexes()).toEqual(expect.arrayContaining(INDEXES));
    for (const index of INDEXES) await sql`DROP INDEX ${sql.id(index)}`.execute(kysely);
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(kysely);
    expect(await indexes()).not.toContain("idx_slug_posts");

    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect(await indexes()).toEqual(expect.arrayContaining(INDEXES));
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(kysely);
    expect(await migrate(fresh.database)).toEqual([NAME]);
  });
});
