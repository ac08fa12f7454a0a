/**
 * Migration `1796300000-user-theme` on a database that predates it: it adds `users.theme`
 * (`""`, follow the system, for every existing account), and running it on a fresh database
 * (which has the column already) changes nothing.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { migrate } from "./index.ts";

const NAME = "1796300000-user-theme";

describe.each(DIALECTS)("user-theme migration (%s)", (dialect) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await openFreshDatabase(dialect);
  });
  afterAll(async () => {
    await fresh.close();
  });

  const columns = async () =>
    (
      await sql<{ name: string }>`${fresh.database.dialect.columnNames("users")}`.execute(
        fresh.database.kysely,
      )
    ).rows.map((row) => row.name);

  it("adds the column to an older database, empty for its users", async () => {
    const { kysely } = fresh.database;
    await sql`INSERT INTO "users" ("id", "email", "username", "password", "tokenKey", "created", "updated") VALUES ('olderuser000002', 'older2@example.com', 'older2', 'x', ${"t".repeat(50)}, '2026-01-01 00:00:00.000Z', '2026-01-01 00:00:00.000Z')`.execute(
      kysely,
    );
    await sql`ALTER TABLE "users" DROP COLUMN "theme"`.execute(kysely);
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(kysely);
    expect(await columns()).not.toContain("theme");

    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect(await columns()).toContain("theme");
    const older = await sql<{
      theme: string;
    }>`SELECT "theme" FROM "users" WHERE "id" = 'olderuser000002'`.execute(kysely);
    expect(older.rows[0]?.theme).toBe("");
  });

  it("runs again on a database that has the column already", async () => {
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(fresh.database.kysely);
    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect((await columns()).filter((name) => name === "theme")).toHaveLength(1);
  });
});
