/**
 * Migration `1797100000-comments` on a database that predates it: it adds `users.commentDigest`
 * (off for every existing account) and the `comments` and `commentBlocks` tables with their
 * indexes; running it on a fresh database (which has them already) changes nothing.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { migrate } from "./index.ts";

const NAME = "1797100000-comments";

describe.each(DIALECTS)("comments migration (%s)", (dialect) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await openFreshDatabase(dialect);
  });
  afterAll(async () => {
    await fresh.close();
  });

  const columns = async (table: string) =>
    (
      await sql<{ name: string }>`${fresh.database.dialect.columnNames(table)}`.execute(
        fresh.database.kysely,
      )
    ).rows.map((row) => row.name);

  it("adds the tables and the column to an older database", async () => {
    const { kysely } = fresh.database;
    await sql`INSERT INTO "users" ("id", "email", "username", "password", "tokenKey", "created", "updated") VALUES ('olderuser000003', 'older3@example.com', 'older3', 'x', ${"t".repeat(50)}, '2026-01-01 00:00:00.000Z', '2026-01-01 00:00:00.000Z')`.execute(
      kysely,
    );
    await sql`DROP TABLE "comments"`.execute(kysely);
    await sql`DROP TABLE "commentBlocks"`.execute(kysely);
    await sql`ALTER TABLE "users" DROP COLUMN "commentDigest"`.execute(kysely);
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(kysely);
    expect(await columns("users")).not.toContain("commentDigest");

    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect(await columns("users")).toContain("commentDigest");
    expect(await columns("comments")).toEqual(
      expect.arrayContaining(["record", "recordAuthor", "status", "email", "notifyReplies"]),
    );
    expect(await columns("commentBlocks")).toEqual(
      expect.arrayContaining(["owner", "user", "email"]),
    );
    const older = await sql<{
      commentDigest: number | boolean;
    }>`SELECT "commentDigest" FROM "users" WHERE "id" = 'olderuser000003'`.execute(kysely);
    expect(Number(older.rows[0]?.commentDigest)).toBe(0);
  });

  it("runs again on a database that has them already", async () => {
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(fresh.database.kysely);
    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect((await columns("users")).filter((name) => name === "commentDigest")).toHaveLength(1);
  });
});
