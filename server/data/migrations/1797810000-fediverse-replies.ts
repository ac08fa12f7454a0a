/**
 * Fediverse replies and reactions (issue 27 item 4, ADR 071):
 * - `comments.remoteActor`, `remoteAuthorUrl`, `remoteAvatar`: who wrote a reply that came
 *   from the fediverse (their actor id, profile page and avatar), and an index on
 *   `remoteUrl` (a reply is found by its `Note`'s id);
 * - `_fediverse_reactions` (a system table, not a collection): each remote actor's `Like` or
 *   `Announce` of a post, once per actor, post and kind; `Undo` removes it.
 */
import { sql, type Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";
import { commentsCollection } from "../registry/comments.ts";
import { addFieldColumn, createIndexSql } from "./schema-from-registry.ts";

/** Applies the migration (idempotent: a fresh database already has the columns and index). */
export async function up(db: Kysely<AnyDB>, dialect: DataDialect): Promise<void> {
  for (const field of ["remoteActor", "remoteAuthorUrl", "remoteAvatar"])
    await addFieldColumn(db, dialect, commentsCollection, field);
  const index = commentsCollection.indexes.find((i) => i.name === "idx_remoteUrl_comments");
  if (index) await sql.raw(createIndexSql(commentsCollection, index)).execute(db);
  await sql`CREATE TABLE IF NOT EXISTS "_fediverse_reactions" (
    "post" TEXT NOT NULL,
    "remoteActor" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "activity" TEXT NOT NULL,
    "created" TEXT NOT NULL,
    PRIMARY KEY ("post", "remoteActor", "kind")
  )`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS "idx_activity_fediverse_reactions" ON "_fediverse_reactions" ("activity")`.execute(
    db,
  );
}
