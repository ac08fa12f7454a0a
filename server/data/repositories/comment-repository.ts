/**
 * Queries of `comments` and `commentBlocks` beyond generic record persistence (ADR 065):
 * whether a commenter is trusted (one of their comments was approved) or blocked, the
 * approved counts of many records, the held comments a digest lists and the comments an
 * export writes. No rule is applied here: the comments module decides who asks.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB, Row } from "../db.ts";

/** Whether `userId` has an approved comment anywhere on the site. */
export async function hasApprovedComment(db: Kysely<AnyDB>, userId: string): Promise<boolean> {
  const result =
    await sql`SELECT 1 FROM "comments" WHERE "author" = ${userId} AND "status" = 'approved' LIMIT 1`.execute(
      db,
    );
  return result.rows.length > 0;
}

/** Whether a fediverse account (its actor id) has an approved comment (issue 27). */
export async function hasApprovedRemoteComment(
  db: Kysely<AnyDB>,
  remoteActor: string,
): Promise<boolean> {
  const result = await sql`SELECT 1 FROM "comments"
    WHERE "remoteActor" = ${remoteActor} AND "status" = 'approved' LIMIT 1`.execute(db);
  return result.rows.length > 0;
}

/** Who a block may name: an account, or a guest's lower-cased address. */
export interface Commenter {
  user: string;
  email: string;
}

/**
 * Whether the commenter is blocked on the records of `recordAuthor`: by that writer, or by an
 * admin (whose blocks hold site-wide).
 */
export async function isBlocked(
  db: Kysely<AnyDB>,
  recordAuthor: string,
  commenter: Commenter,
): Promise<boolean> {
  const who: ReturnType<typeof sql>[] = [];
  if (commenter.user) who.push(sql`b."user" = ${commenter.user}`);
  if (commenter.email) who.push(sql`b."email" = ${commenter.email.toLowerCase()}`);
  if (who.length === 0) return false;
  const result = await sql`SELECT 1 FROM "commentBlocks" b JOIN "users" o ON o."id" = b."owner"
    WHERE (b."owner" = ${recordAuthor} OR o."role" = 'admin') AND (${sql.join(who, sql` OR `)})
    LIMIT 1`.execute(db);
  return result.rows.length > 0;
}

/** Whether `owner` already blocks that commenter (one block per commenter and owner). */
export async function findBlock(
  db: Kysely<AnyDB>,
  owner: string,
  commenter: Commenter,
): Promise<string | null> {
  const by = commenter.user
    ? sql`"user" = ${commenter.user}`
    : sql`"email" = ${commenter.email.toLowerCase()}`;
  const result = await sql<{
    id: string;
  }>`SELECT "id" FROM "commentBlocks" WHERE "owner" = ${owner} AND ${by} LIMIT 1`.execute(db);
  return result.rows[0]?.id ?? null;
}

/** The approved comments of each record of `ids` (records without any are absent). */
export async function approvedCounts(
  db: Kysely<AnyDB>,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const result = await sql<{ record: string; total: number | string }>`
    SELECT "record", COUNT(*) AS "total" FROM "comments"
    WHERE "status" = 'approved' AND "record" IN (${sql.join([...ids])})
    GROUP BY "record"`.execute(db);
  return new Map(result.rows.map((r) => [r.record, Number(r.total)]));
}

/** The approved comments of one record, oldest first. */
export async function approvedCommentRows(db: Kysely<AnyDB>, record: string): Promise<Row[]> {
  const result = await sql<Row>`SELECT * FROM "comments"
    WHERE "record" = ${record} AND "status" = 'approved' ORDER BY "created", "id"`.execute(db);
  return result.rows;
}

/** Writers who take held comments as a digest and have some held since `since`. */
export async function digestRecipients(db: Kysely<AnyDB>, since: string): Promise<string[]> {
  const result = await sql<{ id: string }>`SELECT DISTINCT u."id" AS "id" FROM "users" u
    JOIN "comments" c ON c."recordAuthor" = u."id"
    WHERE u."commentDigest" = 1 AND c."status" = 'pending' AND c."created" >= ${since}
    ORDER BY u."id"`.execute(db);
  return result.rows.map((r) => r.id);
}

/** The comments held on `recordAuthor`'s records since `since`, oldest first (at most 100). */
export async function heldSince(
  db: Kysely<AnyDB>,
  recordAuthor: string,
  since: string,
): Promise<Row[]> {
  const result = await sql<Row>`SELECT * FROM "comments"
    WHERE "recordAuthor" = ${recordAuthor} AND "status" = 'pending' AND "created" >= ${since}
    ORDER BY "created", "id" LIMIT 100`.execute(db);
  return result.rows;
}

/**
 * What an export of `userId` holds: the approved comments on their records and every comment
 * they wrote (a pending one of theirs included: it is theirs), oldest first.
 */
export async function exportedCommentRows(db: Kysely<AnyDB>, userId: string): Promise<Row[]> {
  const result = await sql<Row>`SELECT * FROM "comments"
    WHERE ("recordAuthor" = ${userId} AND "status" = 'approved') OR "author" = ${userId}
    ORDER BY "created", "id"`.execute(db);
  return result.rows;
}
