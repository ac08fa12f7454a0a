/**
 * `_deleted` and `_deletedRows` (ADR 067): deleted entries and posts kept for Recently
 * deleted, and the rows that went with each (revisions, comments, pending edits). Values are
 * kept as JSON text; dates in PocketBase's format, so they compare as text.
 */
import { sql, type Kysely } from "kysely";
import type { AnyDB, Row } from "../db.ts";

/** One deleted record as its list shows it. */
export interface DeletedItemRow {
  id: string;
  recordCollection: string;
  record: string;
  author: string;
  title: string;
  deleted: string;
  expires: string;
}

/** A deleted record with its stored values (JSON text). */
export interface DeletedItemData extends DeletedItemRow {
  data: string;
}

/** One row kept with a deleted record. */
export interface DeletedDependantRow {
  item: string;
  collection: string;
  id: string;
  /** 0, or 1 for a row that must come back after those of depth 0 (a reply). */
  depth: number;
  data: string;
}

/** Whose items a query reads: one author's, or (null) everyone's. */
const byAuthor = (author: string | null) =>
  author === null ? sql`` : sql` AND "author" = ${author}`;

/** Keeps a deleted record. */
export async function insertDeletedItem(db: Kysely<AnyDB>, item: DeletedItemData): Promise<void> {
  await sql`INSERT INTO "_deleted" ("id", "recordCollection", "record", "author", "title", "deleted", "expires", "data") VALUES (${item.id}, ${item.recordCollection}, ${item.record}, ${item.author}, ${item.title}, ${item.deleted}, ${item.expires}, ${item.data})`.execute(
    db,
  );
}

/** Keeps a row that went with a deleted record. */
export async function insertDeletedDependant(
  db: Kysely<AnyDB>,
  row: DeletedDependantRow,
): Promise<void> {
  await sql`INSERT INTO "_deletedRows" ("item", "collection", "id", "depth", "data") VALUES (${row.item}, ${row.collection}, ${row.id}, ${row.depth}, ${row.data})`.execute(
    db,
  );
}

/** A page of the items not expired at `now`, newest first (one author's, or everyone's). */
export async function listDeletedItems(
  db: Kysely<AnyDB>,
  query: { author: string | null; now: string; limit: number; offset: number },
): Promise<DeletedItemRow[]> {
  const result =
    await sql<DeletedItemRow>`SELECT "id", "recordCollection", "record", "author", "title", "deleted", "expires" FROM "_deleted" WHERE "expires" > ${query.now}${byAuthor(query.author)} ORDER BY "deleted" DESC, "id" DESC LIMIT ${query.limit} OFFSET ${query.offset}`.execute(
      db,
    );
  return result.rows;
}

/** How many items are not expired at `now` (one author's, or everyone's). */
export async function countDeletedItems(
  db: Kysely<AnyDB>,
  query: { author: string | null; now: string },
): Promise<number> {
  const result = await sql<{
    n: number | string;
  }>`SELECT COUNT(*) AS "n" FROM "_deleted" WHERE "expires" > ${query.now}${byAuthor(query.author)}`.execute(
    db,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** An item with its values, if it exists. */
export async function findDeletedItem(
  db: Kysely<AnyDB>,
  id: string,
): Promise<DeletedItemData | undefined> {
  const result = await sql<DeletedItemData>`SELECT * FROM "_deleted" WHERE "id" = ${id}`.execute(
    db,
  );
  return result.rows[0];
}

/** Items expired at `now`, the oldest first, with their values. */
export async function findExpiredItems(
  db: Kysely<AnyDB>,
  now: string,
  limit: number,
): Promise<DeletedItemData[]> {
  const result =
    await sql<DeletedItemData>`SELECT * FROM "_deleted" WHERE "expires" <= ${now} ORDER BY "expires", "id" LIMIT ${limit}`.execute(
      db,
    );
  return result.rows;
}

/** Every item of `author`, with its values. */
export async function findItemsOf(db: Kysely<AnyDB>, author: string): Promise<DeletedItemData[]> {
  const result =
    await sql<DeletedItemData>`SELECT * FROM "_deleted" WHERE "author" = ${author}`.execute(db);
  return result.rows;
}

/**
 * Deletes an item's own row (not the rows kept with it); answers whether it was there.
 * `unexpiredAt` deletes it only if it has not expired at that time. A concurrent restore or
 * purge of the same item waits for this one's transaction, then deletes nothing.
 */
export async function deleteItemRow(
  db: Kysely<AnyDB>,
  id: string,
  unexpiredAt?: string,
): Promise<boolean> {
  const live = unexpiredAt === undefined ? sql`` : sql` AND "expires" > ${unexpiredAt}`;
  const result = await sql`DELETE FROM "_deleted" WHERE "id" = ${id}${live}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Deletes the rows kept with an item. */
export async function deleteDependants(db: Kysely<AnyDB>, item: string): Promise<void> {
  await sql`DELETE FROM "_deletedRows" WHERE "item" = ${item}`.execute(db);
}

/** A page of an item's rows, in the order they come back (depth, collection, id). */
export async function deletedDependantsPage(
  db: Kysely<AnyDB>,
  item: string,
  limit: number,
  offset: number,
): Promise<DeletedDependantRow[]> {
  const result =
    await sql<DeletedDependantRow>`SELECT * FROM "_deletedRows" WHERE "item" = ${item} ORDER BY "depth", "collection", "id" LIMIT ${limit} OFFSET ${offset}`.execute(
      db,
    );
  return result.rows;
}

/**
 * A page of the rows of `table` that belong to one record (`record`, `recordCollection`:
 * its revisions, comments or pending edits), by id after `afterId`.
 */
export async function rowsOfRecord(
  db: Kysely<AnyDB>,
  table: string,
  key: { collection: string; record: string },
  afterId: string,
  limit: number,
): Promise<Row[]> {
  const result =
    await sql<Row>`SELECT * FROM ${sql.table(table)} WHERE "record" = ${key.record} AND "recordCollection" = ${key.collection} AND "id" > ${afterId} ORDER BY "id" LIMIT ${limit}`.execute(
      db,
    );
  return result.rows;
}
