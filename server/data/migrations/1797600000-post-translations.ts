/** `posts.translations`: the same post in another language (issue 29 item 4). */
import type { Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { postsCollection } from "../registry/collections.ts";
import { addFieldColumn } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the column). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await addFieldColumn(db, dialect, postsCollection, "translations");
}
