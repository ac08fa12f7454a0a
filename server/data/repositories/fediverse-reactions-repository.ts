/**
 * `_fediverse_reactions` (issue 27 item 4, ADR 071): each remote actor's `Like` or
 * `Announce` (boost) of a post, stored once per actor, post and kind, so a repeat counts
 * once and an `Undo` removes it. Not a collection: the API never lists who reacted.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** What a reaction is. */
export type ReactionKind = "like" | "announce";

/** A post's counts. */
export interface ReactionCounts {
  likes: number;
  boosts: number;
}

/** Stores a reaction; a repeat of the same actor, post and kind changes nothing. */
export async function saveReaction(
  db: Kysely<AnyDB>,
  row: { post: string; remoteActor: string; kind: ReactionKind; activity: string },
): Promise<void> {
  const now = new Date().toISOString().replace("T", " ");
  await sql`INSERT INTO "_fediverse_reactions" ("post", "remoteActor", "kind", "activity", "created")
    VALUES (${row.post}, ${row.remoteActor}, ${row.kind}, ${row.activity}, ${now})
    ON CONFLICT ("post", "remoteActor", "kind") DO NOTHING`.execute(db);
}

/**
 * Removes the reaction an `Undo` names: by the undone activity's id, else by its actor, post
 * and kind. Answers how many went.
 */
export async function deleteReaction(
  db: Kysely<AnyDB>,
  remoteActor: string,
  match: { activity: string } | { post: string; kind: ReactionKind },
): Promise<number> {
  const result =
    "activity" in match
      ? await sql`DELETE FROM "_fediverse_reactions"
          WHERE "remoteActor" = ${remoteActor} AND "activity" = ${match.activity}`.execute(db)
      : await sql`DELETE FROM "_fediverse_reactions"
          WHERE "remoteActor" = ${remoteActor} AND "post" = ${match.post} AND "kind" = ${match.kind}`.execute(
          db,
        );
  return Number(result.numAffectedRows ?? 0);
}

/** The counts of each post of `posts` (posts without any are left out). */
export async function reactionCounts(
  db: Kysely<AnyDB>,
  posts: readonly string[],
): Promise<Map<string, ReactionCounts>> {
  const out = new Map<string, ReactionCounts>();
  if (posts.length === 0) return out;
  const result = await sql<{ post: string; kind: string; n: number | string }>`
    SELECT "post", "kind", COUNT(*) AS "n" FROM "_fediverse_reactions"
    WHERE "post" IN (${sql.join(posts)}) GROUP BY "post", "kind"`.execute(db);
  for (const row of result.rows) {
    const counts = out.get(row.post) ?? { likes: 0, boosts: 0 };
    if (row.kind === "like") counts.likes = Number(row.n);
    else if (row.kind === "announce") counts.boosts = Number(row.n);
    out.set(row.post, counts);
  }
  return out;
}

/** Removes every reaction of a remote actor (their account was deleted). */
export async function deleteReactionsOf(db: Kysely<AnyDB>, remoteActor: string): Promise<void> {
  await sql`DELETE FROM "_fediverse_reactions" WHERE "remoteActor" = ${remoteActor}`.execute(db);
}
