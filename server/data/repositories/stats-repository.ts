/**
 * The statistics' tables (issue 29, ADR 070; migration `1797670000-statistics`): the day's
 * salt (made once by whichever instance asks first), the day's reader hashes (inserted once:
 * the ones new to the table are the new readers), the daily totals of pages, their referring
 * hosts and the feed readers' subscriber counts (summed or replaced by upserts, so several
 * instances add up), the reads of the API, and the deletions of the upkeep jobs.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../db.ts";

/** Rows per multi-row statement (well under both engines' parameter limits). */
const CHUNK = 400;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The salt of `day`, made with `fresh` when no instance made it yet. */
export async function daySalt(
  db: Kysely<AnyDB>,
  day: string,
  fresh: string,
  now: string,
): Promise<string> {
  await sql`INSERT INTO "_statsSalts" ("day", "salt", "created") VALUES (${day}, ${fresh}, ${now})
    ON CONFLICT ("day") DO NOTHING`.execute(db);
  const row = await sql<{
    salt: string;
  }>`SELECT "salt" FROM "_statsSalts" WHERE "day" = ${day}`.execute(db);
  return row.rows[0]?.salt ?? fresh;
}

/** Stores the reader hashes of `day`; answers those that were not stored yet. */
export async function addReaders(
  db: Kysely<AnyDB>,
  day: string,
  hashes: readonly string[],
): Promise<Set<string>> {
  const added = new Set<string>();
  for (const part of chunks(hashes)) {
    const values = sql.join(part.map((hash) => sql`(${day}, ${hash})`));
    const result = await sql<{ hash: string }>`INSERT INTO "_statsReaders" ("day", "hash")
      VALUES ${values} ON CONFLICT ("day", "hash") DO NOTHING RETURNING "hash"`.execute(db);
    for (const row of result.rows) added.add(row.hash);
  }
  return added;
}

/** A page's views of one day, to add to its totals. */
export interface ViewTotals {
  day: string;
  target: string;
  author: string;
  views: number;
  readers: number;
}

/** Adds views and readers to the daily totals. */
export async function addViews(db: Kysely<AnyDB>, rows: readonly ViewTotals[]): Promise<void> {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map((r) => sql`(${r.day}, ${r.target}, ${r.author}, ${r.views}, ${r.readers})`),
    );
    await sql`INSERT INTO "_statsViews" ("day", "target", "author", "views", "readers")
      VALUES ${values} ON CONFLICT ("day", "target") DO UPDATE SET
        "views" = "_statsViews"."views" + excluded."views",
        "readers" = "_statsViews"."readers" + excluded."readers",
        "author" = excluded."author"`.execute(db);
  }
}

/** Views of a page from a referring host on one day. */
export interface ReferrerTotals {
  day: string;
  target: string;
  author: string;
  host: string;
  views: number;
}

/** Adds referred views. */
export async function addReferrers(
  db: Kysely<AnyDB>,
  rows: readonly ReferrerTotals[],
): Promise<void> {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map((r) => sql`(${r.day}, ${r.target}, ${r.author}, ${r.host}, ${r.views})`),
    );
    await sql`INSERT INTO "_statsReferrers" ("day", "target", "author", "host", "views")
      VALUES ${values} ON CONFLICT ("day", "target", "host") DO UPDATE SET
        "views" = "_statsReferrers"."views" + excluded."views"`.execute(db);
  }
}

/** A feed reader's latest report of its subscribers to a feed on one day. */
export interface FeedReport {
  day: string;
  feed: string;
  author: string;
  reader: string;
  subscribers: number;
}

/** Keeps each feed reader's latest subscriber count per feed and day. */
export async function putFeedReports(
  db: Kysely<AnyDB>,
  rows: readonly FeedReport[],
): Promise<void> {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map((r) => sql`(${r.day}, ${r.feed}, ${r.author}, ${r.reader}, ${r.subscribers})`),
    );
    await sql`INSERT INTO "_statsFeeds" ("day", "feed", "author", "reader", "subscribers")
      VALUES ${values} ON CONFLICT ("day", "feed", "reader") DO UPDATE SET
        "subscribers" = excluded."subscribers"`.execute(db);
  }
}

/** Deletes the salts and reader hashes of days before `day`; answers the salts deleted. */
export async function forgetBefore(db: Kysely<AnyDB>, day: string): Promise<number> {
  await sql`DELETE FROM "_statsReaders" WHERE "day" < ${day}`.execute(db);
  const result = await sql<{
    day: string;
  }>`DELETE FROM "_statsSalts" WHERE "day" < ${day} RETURNING "day"`.execute(db);
  return result.rows.length;
}

/** Deletes the totals of days before `day` (retention). */
export async function pruneTotalsBefore(db: Kysely<AnyDB>, day: string): Promise<void> {
  await sql`DELETE FROM "_statsViews" WHERE "day" < ${day}`.execute(db);
  await sql`DELETE FROM "_statsReferrers" WHERE "day" < ${day}`.execute(db);
  await sql`DELETE FROM "_statsFeeds" WHERE "day" < ${day}`.execute(db);
}

/** A day's totals as read. */
export interface DayRow {
  day: string;
  views: number;
  readers: number;
}

/** Which pages a read covers: some targets, or every record page of an author. */
export type TargetScope = { targets: readonly string[] } | { author: string };

function scopeCondition(scope: TargetScope) {
  if ("author" in scope)
    return sql`"author" = ${scope.author} AND "target" NOT LIKE 'page:%' AND "target" <> '*'`;
  if (scope.targets.length === 0) return sql`1 = 0`;
  return sql`"target" IN (${sql.join(scope.targets.map((t) => sql`${t}`))})`;
}

/** Views and readers per day of a scope between two days (inclusive), days with views only. */
export async function readDays(
  db: Kysely<AnyDB>,
  scope: TargetScope,
  from: string,
  to: string,
): Promise<DayRow[]> {
  const result = await sql<{ day: string; views: unknown; readers: unknown }>`
    SELECT "day", SUM("views") AS "views", SUM("readers") AS "readers" FROM "_statsViews"
    WHERE ${scopeCondition(scope)} AND "day" >= ${from} AND "day" <= ${to}
    GROUP BY "day" ORDER BY "day"`.execute(db);
  return result.rows.map((r) => ({
    day: r.day,
    views: Number(r.views),
    readers: Number(r.readers),
  }));
}

/** A page's totals over a range. */
export interface TargetRow {
  target: string;
  views: number;
  readers: number;
}

/** Totals per page of a scope over a range, most viewed first. */
export async function readTargets(
  db: Kysely<AnyDB>,
  scope: TargetScope | { pages: true } | { records: true },
  from: string,
  to: string,
  limit: number,
): Promise<TargetRow[]> {
  const condition =
    "pages" in scope
      ? sql`"target" LIKE 'page:%'`
      : "records" in scope
        ? sql`"target" NOT LIKE 'page:%' AND "target" <> '*'`
        : scopeCondition(scope);
  const result = await sql<{ target: string; views: unknown; readers: unknown }>`
    SELECT "target", SUM("views") AS "views", SUM("readers") AS "readers" FROM "_statsViews"
    WHERE ${condition} AND "day" >= ${from} AND "day" <= ${to}
    GROUP BY "target" ORDER BY SUM("views") DESC, "target" LIMIT ${limit}`.execute(db);
  return result.rows.map((r) => ({
    target: r.target,
    views: Number(r.views),
    readers: Number(r.readers),
  }));
}

/** The top referring hosts of a scope (or of the whole site) over a range. */
export async function readReferrers(
  db: Kysely<AnyDB>,
  scope: TargetScope | { site: true },
  from: string,
  to: string,
  limit: number,
): Promise<{ host: string; views: number }[]> {
  const condition = "site" in scope ? sql`1 = 1` : scopeCondition(scope);
  const result = await sql<{ host: string; views: unknown }>`
    SELECT "host", SUM("views") AS "views" FROM "_statsReferrers"
    WHERE ${condition} AND "day" >= ${from} AND "day" <= ${to}
    GROUP BY "host" ORDER BY SUM("views") DESC, "host" LIMIT ${limit}`.execute(db);
  return result.rows.map((r) => ({ host: r.host, views: Number(r.views) }));
}

/** A feed reader's subscribers to a feed, as last reported in a range. */
export interface FeedRow {
  feed: string;
  reader: string;
  subscribers: number;
  day: string;
}

/** Each feed reader's latest report per feed in a range, of an author's feeds or all. */
export async function readFeeds(
  db: Kysely<AnyDB>,
  author: string | null,
  from: string,
  to: string,
): Promise<FeedRow[]> {
  const owner = author === null ? sql`1 = 1` : sql`f."author" = ${author}`;
  const result = await sql<{ feed: string; reader: string; subscribers: unknown; day: string }>`
    SELECT f."feed", f."reader", f."subscribers", f."day" FROM "_statsFeeds" f
    WHERE ${owner} AND f."day" >= ${from} AND f."day" <= ${to}
      AND f."day" = (SELECT MAX(g."day") FROM "_statsFeeds" g
        WHERE g."feed" = f."feed" AND g."reader" = f."reader" AND g."day" >= ${from} AND g."day" <= ${to})
    ORDER BY f."subscribers" DESC, f."feed", f."reader" LIMIT 100`.execute(db);
  return result.rows.map((r) => ({
    feed: r.feed,
    reader: r.reader,
    subscribers: Number(r.subscribers),
    day: r.day,
  }));
}

/** A post or entry as the statistics know it. */
export interface CountedRecord {
  id: string;
  collection: "posts" | "entries";
  author: string;
  title: string;
}

/** The post or entry of `id`, or null. */
export async function findCountedRecord(
  db: Kysely<AnyDB>,
  id: string,
): Promise<CountedRecord | null> {
  for (const collection of ["posts", "entries"] as const) {
    const table = sql.table(collection);
    const row = await sql<{ author: string; title: string }>`
      SELECT "author", "title" FROM ${table} WHERE "id" = ${id}`.execute(db);
    const found = row.rows[0];
    if (found) return { id, collection, author: found.author, title: found.title };
  }
  return null;
}

/** The posts and entries of `ids` (missing ones left out). */
export async function findCountedRecords(
  db: Kysely<AnyDB>,
  ids: readonly string[],
): Promise<CountedRecord[]> {
  if (!ids.length) return [];
  const out: CountedRecord[] = [];
  for (const collection of ["posts", "entries"] as const) {
    const table = sql.table(collection);
    const rows = await sql<{ id: string; author: string; title: string }>`
      SELECT "id", "author", "title" FROM ${table}
      WHERE "id" IN (${sql.join(ids.map((id) => sql`${id}`))})`.execute(db);
    for (const r of rows.rows) out.push({ id: r.id, collection, author: r.author, title: r.title });
  }
  return out;
}

/**
 * The id and author of the post (by `slug`) or entry (by `name`) a reading page's address
 * names with its author's username, or null.
 */
export async function findRecordByAddress(
  db: Kysely<AnyDB>,
  collection: "posts" | "entries",
  username: string,
  key: string,
): Promise<{ id: string; author: string } | null> {
  const table = sql.table(collection);
  const column = sql.ref(collection === "posts" ? "r.slug" : "r.name");
  const row = await sql<{ id: string; author: string }>`
    SELECT r."id", r."author" FROM ${table} r JOIN "users" u ON u."id" = r."author"
    WHERE u."username" = ${username} AND ${column} = ${key}`.execute(db);
  const found = row.rows[0];
  return found ? { id: found.id, author: found.author } : null;
}

/** The id of the user named `username`, or null. */
export async function findUserIdByUsername(
  db: Kysely<AnyDB>,
  username: string,
): Promise<string | null> {
  const row = await sql<{ id: string }>`
    SELECT "id" FROM "users" WHERE "username" = ${username}`.execute(db);
  return row.rows[0]?.id ?? null;
}
