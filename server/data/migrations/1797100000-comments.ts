/**
 * Comments (issue 26, ADR 065): the `comments` and `commentBlocks` collections, and
 * `users.commentDigest` (held comments mailed as one daily digest).
 */
import type { Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { usersCollection } from "../registry/collections.ts";
import { commentBlocksCollection, commentsCollection } from "../registry/comments.ts";
import { addFieldColumn, createCollection } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the tables and column). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  await addFieldColumn(db, dialect, usersCollection, "commentDigest");
  await createCollection(db, dialect, commentsCollection);
  await createCollection(db, dialect, commentBlocksCollection);
}
