/**
 * Migration `1797810000-fediverse-replies` on a database that predates it: it adds the
 * comments' remote author columns and the reactions table, and running it again (or on a
 * fresh database, which has them already) changes nothing.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { migrate } from "./index.ts";

const NAME = "1797810000-fediverse-replies";
const ADDED = ["remoteActor", "remoteAuthorUrl", "remoteAvatar"];

describe.each(DIALECTS)("fediverse-replies migration (%s)", (dialect) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await openFreshDatabase(dialect);
  });
  afterAll(async () => {
    await fresh.close();
  });

  const columns = async () =>
    (
      await sql<{ name: string }>`${fresh.database.dialect.columnNames("comments")}`.execute(
        fresh.database.kysely,
      )
    ).rows.map((row) => row.name);
  const reactions = () =>
    sql<{ n: number }>`SELECT COUNT(*) AS "n" FROM "_fediverse_reactions"`.execute(
      fresh.database.kysely,
    );

  it("adds the columns and the reactions table to an older database", async () => {
    const { kysely } = fresh.database;
    await sql`DROP INDEX IF EXISTS "idx_remoteUrl_comments"`.execute(kysely);
    for (const column of ADDED)
      await sql`ALTER TABLE "comments" DROP COLUMN ${sql.ref(column)}`.execute(kysely);
    await sql`DROP TABLE IF EXISTS "_fediverse_reactions"`.execute(kysely);
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(kysely);
    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect(await columns()).toEqual(expect.arrayContaining(ADDED));
    expect(Number((await reactions()).rows[0]?.n)).toBe(0);
  });

  it("runs again on a database that has them already", async () => {
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(fresh.database.kysely);
    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect((await columns()).filter((name) => ADDED.includes(name))).toHaveLength(ADDED.length);
  });
});
