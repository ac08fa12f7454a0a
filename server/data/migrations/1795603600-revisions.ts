/** Adds `revisions`, the version history of entries and posts (ADR 041). */
import type { Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { revisionsCollection } from "../registry/revisions.ts";
import { createCollection } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the table). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await createCollection(db, dialect, revisionsCollection);
}
