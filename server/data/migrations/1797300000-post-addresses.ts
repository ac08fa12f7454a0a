/**
 * `posts.seoTitle`, `posts.seoDescription` (search engines and social cards),
 * `posts.formerSlugs` (the addresses that redirect to the post) and `posts.previewToken`
 * (a draft's private preview link, with its index), issue 25.
 */
import { sql, type Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { postsCollection } from "../registry/collections.ts";
import { addFieldColumn, createIndexSql } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the columns). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  for (const field of ["seoTitle", "seoDescription", "formerSlugs", "previewToken"])
    await addFieldColumn(db, dialect, postsCollection, field);
  const index = postsCollection.indexes.find((i) => i.name === "idx_previewToken_posts");
  if (index) await sql.raw(createIndexSql(postsCollection, index)).execute(db);
}
