/** Creates the system tables and every collection of the registry as of the first release. */
import { sql, type Kysely } from "kysely";
import { COLLECTIONS } from "../registry/collections.ts";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { createCollection } from "./schema-from-registry.ts";

/** Applies the migration. */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  // `_params` holds instance settings and secrets (token signing secrets per collection).
  await sql`CREATE TABLE IF NOT EXISTS "_params" ("id" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL, "updated" TEXT DEFAULT '' NOT NULL)`.execute(
    db,
  );
  for (const collection of COLLECTIONS) await createCollection(db, dialect, collection);
}
