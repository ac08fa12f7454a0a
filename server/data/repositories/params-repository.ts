/** `_params`: small named values (settings, secrets) shared by every instance. */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** The value of a param, or undefined when it was never written. */
export async function readParam(db: Kysely<AnyDB>, id: string): Promise<string | undefined> {
  const result = await sql<{
    value: string;
  }>`SELECT "value" FROM "_params" WHERE "id" = ${id}`.execute(db);
  return result.rows[0]?.value;
}

/** Writes (inserts or replaces) a param. */
export async function writeParam(db: Kysely<AnyDB>, id: string, value: string): Promise<void> {
  const now = new Date().toISOString().replace("T", " ");
  await sql`INSERT INTO "_params" ("id", "value", "updated") VALUES (${id}, ${value}, ${now}) ON CONFLICT ("id") DO UPDATE SET "value" = ${value}, "updated" = ${now}`.execute(
    db,
  );
}

/**
 * Writes a param unless it exists, then reads it: of several instances starting at once,
 * the first writer's value is the one every instance gets.
 */
export async function ensureParam(db: Kysely<AnyDB>, id: string, value: string): Promise<string> {
  const now = new Date().toISOString().replace("T", " ");
  await sql`INSERT INTO "_params" ("id", "value", "updated") VALUES (${id}, ${value}, ${now}) ON CONFLICT ("id") DO NOTHING`.execute(
    db,
  );
  return (await readParam(db, id)) ?? value;
}
