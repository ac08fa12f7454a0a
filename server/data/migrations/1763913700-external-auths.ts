/** Adds `_externalAuths`, the links between users and their OAuth2 identities. */
import type { Kysely } from "kysely";
import { externalAuthsCollection } from "../registry/collections.ts";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { createCollection } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the table). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await createCollection(db, dialect, externalAuthsCollection);
}
