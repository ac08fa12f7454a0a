/**
 * `users.theme` (ADR 051): the colour theme the account chose, `""` (follow the system, the
 * value of every existing account), `light` or `dark`.
 */
import type { Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { usersCollection } from "../registry/collections.ts";
import { addFieldColumn } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the column). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await addFieldColumn(db, dialect, usersCollection, "theme");
}
