/**
 * `entries.comments` and `posts.comments` (who may comment, empty for the site's default)
 * and `posts.skipMail` (the post is not mailed to subscribers), issue 26, ADR 065.
 */
import type { Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { entriesCollection, postsCollection } from "../registry/collections.ts";
import { addFieldColumn } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the columns). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await addFieldColumn(db, dialect, entriesCollection, "comments");
  await addFieldColumn(db, dialect, postsCollection, "comments");
  await addFieldColumn(db, dialect, postsCollection, "skipMail");
}
