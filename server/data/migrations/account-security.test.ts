/**
 * Migration `1795900000-account-security` on a database that predates it: it adds
 * `users.suspended` (false for every existing account) and the account-security tables, and
 * running it on a fresh database (which has them already) changes nothing.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { migrate } from "./index.ts";

const NAME = "1795900000-account-security";

describe.each(DIALECTS)("account-security migration (%s)", (dialect) => {
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

  it("adds the column and tables to an older database, keeping its users", async () => {
    const { kysely } = fresh.database;
    await sql`INSERT INTO "users" ("id", "email", "username", "password", "tokenKey", "created", "updated") VALUES ('olderuser000001', 'older@example.com', 'older', 'x', ${"k".repeat(50)}, '2026-01-01 00:00:00.000Z', '2026-01-01 00:00:00.000Z')`.execute(
      kysely,
    );
    // The database as it was before the migration.
    await sql`ALTER TABLE "users" DROP COLUMN "suspended"`.execute(kysely);
    for (const table of ["_mfas", "_totps", "_recoveryCodes", "authEvents"])
      await sql`DROP TABLE ${sql.table(table)}`.execute(kysely);
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(kysely);
    expect(await columns()).not.toContain("suspended");

    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect(await columns()).toContain("suspended");
    const older = await sql<{
      suspended: number | boolean;
    }>`SELECT "suspended" FROM "users" WHERE "id" = 'olderuser000001'`.execute(kysely);
    expect(Number(older.rows[0]?.suspended)).toBe(0);
    for (const table of ["_mfas", "_totps", "_recoveryCodes", "authEvents"]) {
      const rows = await sql<{
        n: number | string;
      }>`SELECT COUNT(*) AS "n" FROM ${sql.table(table)}`.execute(kysely);
      expect(Number(rows.rows[0]?.n), table).toBe(0);
    }
  });

  it("runs again on a database that has everything already", async () => {
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(fresh.database.kysely);
    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect((await columns()).filter((name) => name === "suspended")).toHaveLength(1);
  });
});
