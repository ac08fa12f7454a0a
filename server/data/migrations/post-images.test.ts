/**
 * Migration `1797450000-post-images` on a database that predates it: it adds `posts.images`
 * (no images for every existing post), and running it on a fresh database (which has the
 * column already) changes nothing.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { migrate } from "./index.ts";

const NAME = "1797450000-post-images";

describe.each(DIALECTS)("post-images migration (%s)", (dialect) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await openFreshDatabase(dialect);
  });
  afterAll(async () => {
    await fresh.close();
  });

  const columns = async () =>
    (
      await sql<{ name: string }>`${fresh.database.dialect.columnNames("posts")}`.execute(
        fresh.database.kysely,
      )
    ).rows.map((row) => row.name);

  it("adds the column to an older database", async () => {
    const { kysely } = fresh.database;
    await sql`ALTER TABLE "posts" DROP COLUMN "images"`.execute(kysely);
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(kysely);
    expect(await columns()).not.toContain("images");
    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect(await columns()).toContain("images");
  });

  it("runs again on a database that has the column already", async () => {
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(fresh.database.kysely);
    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect((await columns()).filter((name) => name === "images")).toHaveLength(1);
  });
});
