/**
 * Runs pending migrations once, in order, each in a transaction. On PostgreSQL an advisory
 * lock makes concurrent starts of several instances wait for the first one.
 */
import { sql, type Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB, Database } from "../db.ts";
import * as initCollections from "./1763740800-init-collections.ts";

/** A migration: a name (`<unix-seconds>-<kebab-name>`) and its `up` step. */
interface Migration {
  name: string;
  up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void>;
}

/** Every migration, oldest first. */
export const MIGRATIONS: readonly Migration[] = [{ name: "1763740800-init-collections", up: initCollections.up }];

/** Arbitrary constant identifying Cahier's migration lock. */
const PG_MIGRATION_LOCK = 7_412_031;

/** Applies pending migrations; returns the names applied. */
export async function migrate(database: Database): Promise<string[]> {
  const { kysely, dialect } = database;
  return kysely.transaction().execute(async (trx) => {
    if (dialect.name === "postgres") await sql`SELECT pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS "_migrations" ("file" TEXT PRIMARY KEY NOT NULL, "applied" TEXT NOT NULL)`.execute(trx);
    const done = await sql<{ file: string }>`SELECT "file" FROM "_migrations"`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.file));
    const ran: string[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.name)) continue;
      await migration.up(trx, dialect);
      await sql`INSERT INTO "_migrations" ("file", "applied") VALUES (${migration.name}, ${new Date().toISOString()})`.execute(trx);
      ran.push(migration.name);
    }
    return ran;
  });
}
