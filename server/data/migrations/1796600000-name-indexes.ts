/**
 * Indexes on the names in page URLs (`posts.slug`, `entries.name`, `collections.name`): a page
 * finds its record by the author's username and that name, and without them a signed-in
 * reader's lookup, whose list rule is an OR, scanned the whole table (230 ms at 100,000 posts
 * on SQLite).
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";
import {
  collectionsCollection,
  entriesCollection,
  postsCollection,
} from "../registry/collections.ts";
import { createIndexSql } from "./schema-from-registry.ts";

const NAME_INDEXES = ["idx_slug_posts", "idx_name_entries", "idx_name_collections"];

/** Applies the migration (idempotent: a fresh database already has the indexes). */
export async function up(db: Kysely<AnyDB>): Promise<void> {
  for (const collection of [postsCollection, entriesCollection, collectionsCollection]) {
    for (const index of collection.indexes) {
      if (NAME_INDEXES.includes(index.name))
        await sql.raw(createIndexSql(collection, index)).execute(db);
    }
  }
}
