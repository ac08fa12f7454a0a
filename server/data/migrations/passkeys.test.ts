/**
 * Migration `1796200000-passkeys` on a database that predates it: it creates the `passkeys`
 * collection and `_passkeyChallenges`, and running it on a fresh database (which has them
 * already) changes nothing.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { migrate } from "./index.ts";

const NAME = "1796200000-passkeys";
const TABLES = ["passkeys", "_passkeyChallenges"];

describe.each(DIALECTS)("passkeys migration (%s)", (dialect) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await openFreshDatabase(dialect);
  });
  afterAll(async () => {
    await fresh.close();
  });

  const count = async (table: string) =>
    Number(
      (
        await sql<{
          n: number | string;
        }>`SELECT COUNT(*) AS "n" FROM ${sql.table(table)}`.execute(fresh.database.kysely)
      ).rows[0]?.n,
    );

  it("creates the tables on an older database", async () => {
    const { kysely } = fresh.database;
    for (const table of TABLES) await sql`DROP TABLE ${sql.table(table)}`.execute(kysely);
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(kysely);
    expect(await migrate(fresh.database)).toEqual([NAME]);
    for (const table of TABLES) expect(await count(table), table).toBe(0);
    // The credential id is unique.
    const row = (id: string) =>
      sql`INSERT INTO "passkeys" ("id", "user", "name", "credentialId", "publicKey", "counter", "transports", "lastUsed", "created", "updated") VALUES (${id}, 'u', 'n', 'same', 'k', 0, '[]', '', '', '')`.execute(
        kysely,
      );
    await row("passkey00000001");
    await expect(row("passkey00000002")).rejects.toThrow();
  });

  it("runs again on a database that has everything already", async () => {
    await sql`DELETE FROM "_migrations" WHERE "file" = ${NAME}`.execute(fresh.database.kysely);
    expect(await migrate(fresh.database)).toEqual([NAME]);
    expect(await count("passkeys")).toBe(1);
  });
});
