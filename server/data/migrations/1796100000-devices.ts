/** Adds `devices`, where each account is signed in (ADR 053). */
import type { Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { devicesCollection } from "../registry/devices.ts";
import { createCollection } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the table). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await createCollection(db, dialect, devicesCollection);
}
