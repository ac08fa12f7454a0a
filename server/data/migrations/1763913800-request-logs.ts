/** Creates the request log table `_logs` (see `registry/logs.ts`). */
import type { Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { logsCollection } from "../registry/logs.ts";
import { createCollection } from "./schema-from-registry.ts";

/** Applies the migration. */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await createCollection(db, dialect, logsCollection);
}
