/**
 * The test of a migration that adds registry indexes to existing tables, on each dialect: on
 * a database whose indexes were dropped and whose migration record was removed, it adds them;
 * run again, it changes nothing (a fresh database already has them).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "#server/data/migrations/index.ts";
import { openFreshDatabase, type FreshDatabase } from "./fresh-database.ts";
import { DIALECTS } from "./test-app.ts";

/** Describes the migration `name` (`<unix-seconds>-<kebab-name>`), which adds `indexes`. */
export function describeIndexMigration(name: string, indexes: readonly string[]): void {
  describe.each(DIALECTS)(`${name} migration (%s)`, (dialect) => {
    let fresh: FreshDatabase;
    beforeAll(async () => {
      fresh = await openFreshDatabase(dialect);
    });
    afterAll(async () => {
      await fresh.close();
    });

    const present = async () => {
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
      expect(await present()).toEqual(expect.arrayContaining([...indexes]));
      for (const index of indexes) await sql`DROP INDEX ${sql.id(index)}`.execute(kysely);
      await sql`DELETE FROM "_migrations" WHERE "file" = ${name}`.execute(kysely);
      const left = await present();
      for (const index of indexes) expect(left).not.toContain(index);

      expect(await migrate(fresh.database)).toEqual([name]);
      expect(await present()).toEqual(expect.arrayContaining([...indexes]));
      await sql`DELETE FROM "_migrations" WHERE "file" = ${name}`.execute(kysely);
      expect(await migrate(fresh.database)).toEqual([name]);
    });
  });
}
