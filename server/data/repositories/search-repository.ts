/**
 * The full-text index's statements (ADR 043): documents built from stored rows per the search
 * specs (`registry/search.ts`) and written through the engine's `FulltextDialect`; the search
 * itself, one statement over every searched collection, joined to the live records so that the
 * caller's access conditions apply to the records as they are now.
 */
import { sql, type RawBuilder } from "kysely";
import { markdownToPlainText } from "../../../shared/markdown/plain-text.ts";
import { analyzeDocument, type DocumentText, type Language } from "../../tools/fulltext/index.ts";
import type { Database, Row } from "../db.ts";
import type { KeyedDocument } from "../dialects/fulltext-dialect.ts";
import {
  accessKeys,
  findSearchSpec,
  SEARCH_DOCS_TABLE,
  SEARCH_SPECS,
  type SearchSpec,
} from "../registry/search.ts";
import { MAIN_ALIAS } from "./record-repository.ts";

type Sql = RawBuilder<unknown>;

/** What the statements need of a database handle (a transaction's, often). */
export type SearchDb = Pick<Database, "kysely" | "dialect">;

/** Ids per lookup statement (well under both engines' parameter limits). */
const IDS_PER_STATEMENT = 500;

/** The values of a list column: JSON text as stored, or an array as on the wire. */
function listValues(value: unknown): string[] {
  let list = value;
  if (typeof list === "string") {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === "string") : [];
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * The texts of a record's document (stored row or wire values): head values (each tag its
 * own), body texts read from Markdown, and the related record's head when it may join. With
 * `bodyLimit`, only the first that many characters of each body field are read (snippets).
 */
export function documentText(
  spec: SearchSpec,
  record: Row,
  related?: Row,
  bodyLimit = Infinity,
): DocumentText {
  const head = spec.head.flatMap((field) =>
    field === spec.tags ? listValues(record[field]) : [text(record[field])],
  );
  const body = spec.body.map((field) =>
    markdownToPlainText(text(record[field]).slice(0, bodyLimit)),
  );
  const joined =
    spec.related && related && spec.related.included(record, related)
      ? spec.related.head.map((field) => text(related[field]))
      : [];
  const language = spec.lang ? LANGUAGE_OF_LOCALE[text(record[spec.lang])] : undefined;
  return { head, body, related: joined, ...(language ? { language } : {}) };
}

/** The index's language of a declared `lang` (`registry/search.ts`). */
const LANGUAGE_OF_LOCALE: Partial<Record<string, Language>> = { en: "e", fr: "f" };

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function run(db: SearchDb, statements: readonly Sql[]): Promise<void> {
  for (const statement of statements) await statement.execute(db.kysely);
}

async function rowsByIds(
  db: SearchDb,
  collectionName: string,
  ids: readonly string[],
  lock: boolean,
): Promise<Row[]> {
  const rows: Row[] = [];
  const suffix = lock ? db.dialect.fulltext.readLock : sql``;
  for (const chunk of chunks(ids, IDS_PER_STATEMENT)) {
    const result =
      await sql<Row>`SELECT * FROM ${sql.table(collectionName)} WHERE "id" IN (${sql.join(chunk)})${suffix}`.execute(
        db.kysely,
      );
    rows.push(...result.rows);
  }
  return rows;
}

/**
 * Writes the documents of records of a searchable collection from their stored rows (and
 * deletes those of ids that no longer exist). With `lock`, the rows read stay locked until
 * the transaction ends, so a concurrent write cannot be overwritten by an older document.
 * Returns how many documents were written.
 */
export async function indexRecords(
  db: SearchDb,
  spec: SearchSpec,
  ids: readonly string[],
  lock = false,
): Promise<number> {
  if (ids.length === 0) return 0;
  const documents = await buildDocuments(db, spec, ids, lock);
  const found = new Set(documents.map((d) => d.record));
  const gone = ids.filter((id) => !found.has(id));
  const fulltext = db.dialect.fulltext;
  await run(db, [
    ...fulltext.deleteDocuments(spec.collection, gone),
    ...fulltext.writeDocuments(documents),
  ]);
  return documents.length;
}

/** The documents of records of a searchable collection, from their stored rows. */
async function buildDocuments(
  db: SearchDb,
  spec: SearchSpec,
  ids: readonly string[],
  lock: boolean,
): Promise<KeyedDocument[]> {
  const rows = await rowsByIds(db, spec.collection, ids, lock);
  const related = new Map<string, Row>();
  if (spec.related) {
    const { field, collection } = spec.related;
    const relatedIds = [...new Set(rows.map((r) => text(r[field])).filter(Boolean))];
    for (const row of await rowsByIds(db, collection, relatedIds, lock))
      related.set(String(row.id), row);
  }
  return rows.map((row) => ({
    collectionName: spec.collection,
    record: String(row.id),
    document: analyzeDocument(
      documentText(
        spec,
        row,
        spec.related ? related.get(text(row[spec.related.field])) : undefined,
      ),
    ),
    access: accessKeys(spec, row),
  }));
}

/**
 * Starts a rebuild into fresh tables where the engine rebuilds that way
 * (`FulltextDialect.staging`); false where it rewrites the index in place.
 */
export async function createStagedIndex(db: SearchDb): Promise<boolean> {
  const staging = db.dialect.fulltext.staging;
  if (!staging) return false;
  await run(db, staging.create());
  return true;
}

/** Writes the documents of these records into the staged index, numbered from `firstId`. */
export async function stageDocuments(
  db: SearchDb,
  spec: SearchSpec,
  ids: readonly string[],
  firstId: number,
): Promise<number> {
  const staging = db.dialect.fulltext.staging;
  if (!staging || ids.length === 0) return 0;
  const documents = await buildDocuments(db, spec, ids, false);
  await run(db, staging.write(documents, firstId));
  return documents.length;
}

/** Makes the staged index the index (in the handle's transaction). */
export async function swapStagedIndex(db: SearchDb): Promise<void> {
  const staging = db.dialect.fulltext.staging;
  if (staging) await run(db, staging.swap());
}

/** Drops the staged index of a rebuild that failed. */
export async function dropStagedIndex(db: SearchDb): Promise<void> {
  const staging = db.dialect.fulltext.staging;
  if (staging) await run(db, staging.drop());
}

/**
 * The records of `spec`'s collection a staged rebuild may have missed or written stale:
 * those changed since `since` (an autodate), those whose related record changed since, and
 * those without a document.
 */
export async function idsToCatchUp(
  db: SearchDb,
  spec: SearchSpec,
  since: string,
): Promise<string[]> {
  const table = sql.table(spec.collection);
  const parts = [
    sql`SELECT "id" FROM ${table} WHERE "updated" >= ${since}`,
    sql`SELECT "t"."id" FROM ${table} AS "t" WHERE NOT EXISTS (SELECT 1 FROM ${sql.table(SEARCH_DOCS_TABLE)} AS "d" WHERE "d"."collectionName" = ${spec.collection} AND "d"."record" = "t"."id")`,
  ];
  if (spec.related) {
    const { field, collection } = spec.related;
    parts.push(
      sql`SELECT "t"."id" FROM ${table} AS "t" JOIN ${sql.table(collection)} AS "r" ON "r"."id" = "t".${sql.id(field)} WHERE "r"."updated" >= ${since}`,
    );
  }
  const result = await sql<Row>`${sql.join(parts, sql` UNION `)}`.execute(db.kysely);
  return result.rows.map((r) => String(r.id));
}

/** Deletes the documents of records of a collection. */
export async function removeDocuments(
  db: SearchDb,
  collectionName: string,
  ids: readonly string[],
): Promise<void> {
  for (const chunk of chunks(ids, IDS_PER_STATEMENT))
    await run(db, db.dialect.fulltext.deleteDocuments(collectionName, chunk));
}

/** The ids of the records of `spec`'s collection whose related record is `relatedId`. */
export async function idsRelatedTo(
  db: SearchDb,
  spec: SearchSpec,
  relatedId: string,
): Promise<string[]> {
  if (!spec.related) return [];
  const result =
    await sql<Row>`SELECT "id" FROM ${sql.table(spec.collection)} WHERE ${sql.id(spec.related.field)} = ${relatedId}`.execute(
      db.kysely,
    );
  return result.rows.map((r) => String(r.id));
}

/** Up to `limit` record ids of a collection after `after`, in id order (a re-index's batches). */
export async function recordIdsAfter(
  db: SearchDb,
  collectionName: string,
  after: string,
  limit: number,
): Promise<string[]> {
  const result =
    await sql<Row>`SELECT "id" FROM ${sql.table(collectionName)} WHERE "id" > ${after} ORDER BY "id" LIMIT ${limit}`.execute(
      db.kysely,
    );
  return result.rows.map((r) => String(r.id));
}

/** Deletes the documents of a collection whose record no longer exists. */
export async function removeOrphanDocuments(db: SearchDb, collectionName: string): Promise<void> {
  await run(db, db.dialect.fulltext.deleteOrphans(collectionName));
}

/** Compacts the index after a rebuild, where the engine needs it. */
export async function optimizeSearchIndex(db: SearchDb): Promise<void> {
  await run(db, db.dialect.fulltext.optimize());
}

/**
 * Rebuilds the whole index from the records, in the handle's transaction (the migration that
 * creates the index, a restore): every document is rewritten. Returns how many were written.
 */
export async function rebuildSearchIndex(db: SearchDb, batchSize = 500): Promise<number> {
  await run(db, db.dialect.fulltext.clear());
  let written = 0;
  for (const spec of SEARCH_SPECS) {
    let after = "";
    for (;;) {
      const ids = await recordIdsAfter(db, spec.collection, after, batchSize);
      if (ids.length === 0) break;
      written += await indexRecords(db, spec, ids);
      after = ids[ids.length - 1] as string;
    }
  }
  await optimizeSearchIndex(db);
  return written;
}

/** How many documents the index holds, per searchable collection. */
export async function countDocuments(db: SearchDb): Promise<Record<string, number>> {
  const result = await sql<{
    collectionName: string;
    n: unknown;
  }>`SELECT "collectionName", COUNT(*) AS "n" FROM ${sql.table(SEARCH_DOCS_TABLE)} GROUP BY "collectionName"`.execute(
    db.kysely,
  );
  const counts = Object.fromEntries(SEARCH_SPECS.map((spec) => [spec.collection, 0]));
  for (const row of result.rows) counts[row.collectionName] = Number(row.n);
  return counts;
}

/**
 * The rows of a collection among `ids` that still meet `where` (over the main alias), for the
 * results of a search. The ids drive the lookup (a CROSS JOIN keeps SQLite from walking an
 * index of the conditions' columns instead of the primary key).
 */
export async function findRowsWhere(
  db: SearchDb,
  collectionName: string,
  ids: readonly string[],
  where: Sql | null,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`SELECT CAST(${id} AS TEXT) AS "id"`),
    sql` UNION ALL `,
  );
  const extra = where ? sql` AND (${where})` : sql``;
  const result =
    await sql<Row>`SELECT ${sql.ref(MAIN_ALIAS)}.* FROM (${list}) AS "ids" CROSS JOIN ${sql.table(collectionName)} AS ${sql.id(MAIN_ALIAS)} WHERE ${t("id")} = "ids"."id"${extra}`.execute(
      db.kysely,
    );
  return result.rows;
}

/** One searched collection: the conditions its records must meet (over the main alias). */
export interface SearchPart {
  collectionName: string;
  /** Access rules and filters, or null for none. */
  where: Sql | null;
}

/** One result row: which record, and its score (0 to 1, higher is more relevant). */
export interface SearchHit {
  collectionName: string;
  id: string;
  score: number;
}

const t = (column: string) => sql.ref(`${MAIN_ALIAS}.${column}`);

/** The date a result is ordered by (recency breaks ties): the spec's date, else `created`. */
export function recencyOf(spec: SearchSpec): Sql {
  return sql`COALESCE(NULLIF(${t(spec.date)}, ''), ${t("created")})`;
}

function union(db: SearchDb, parts: readonly SearchPart[], ranked: boolean): Sql {
  const selects = parts.map(({ collectionName, where }) => {
    const spec = findSearchSpec(collectionName);
    if (!spec) throw new Error(`${collectionName} is not searchable`);
    // The rank (how many of the query's clauses the head matches, 0 or more) maps to a score
    // in [0, 1), rounded so that equal ranks tie and recency decides. The division is done
    // in floating point: an integer one (both engines' for integers) would make every score 0.
    const columns = ranked
      ? sql`, CAST(ROUND(CAST(CAST("m"."rank" AS DOUBLE PRECISION) / ("m"."rank" + 1) AS NUMERIC), 3) AS DOUBLE PRECISION) AS "score", ${recencyOf(spec)} AS "at"`
      : sql``;
    const extra = where ? sql` AND (${where})` : sql``;
    const hint = spec.coveringIndex ? db.dialect.fulltext.coveringIndex(spec.coveringIndex) : sql``;
    // CROSS JOIN: SQLite keeps the matches as the outer loop (it would otherwise walk the
    // records by an index of the rules' columns and probe the matches: far slower).
    return sql`SELECT CAST(${collectionName} AS TEXT) AS "collectionName", ${t("id")} AS "id"${columns} FROM "m" CROSS JOIN ${sql.table(collectionName)} AS ${sql.id(MAIN_ALIAS)}${hint} WHERE ${t("id")} = "m"."record" AND "m"."collectionName" = ${collectionName}${extra}`;
  });
  return sql.join(selects, sql` UNION ALL `);
}

/**
 * Runs `fn` with the engine's search settings (`FulltextDialect.searchSettings`) in force: in
 * one transaction that starts with them, or straight on `db` when the engine has none.
 */
export async function withSearchSettings<T>(
  db: SearchDb,
  fn: (db: SearchDb) => Promise<T>,
): Promise<T> {
  const settings = db.dialect.fulltext.searchSettings;
  if (settings.length === 0) return fn(db);
  return db.kysely.transaction().execute(async (trx) => {
    for (const setting of settings) await setting.execute(trx);
    return fn({ kysely: trx, dialect: db.dialect });
  });
}

/** A page of results, and how many records match in all (null when not asked for, or past the end). */
export interface SearchHits {
  hits: SearchHit[];
  total: number | null;
}

/**
 * The statement of one page of results (see {@link findSearchHits}): the matches joined to
 * their records under `parts`' conditions, ordered by score, then recency, then collection
 * and id, with `COUNT(*) OVER ()` as `total` when `withTotal`.
 */
export function searchHitsStatement(
  db: SearchDb,
  matches: Sql,
  parts: readonly SearchPart[],
  page: { limit: number; offset: number; withTotal: boolean },
): RawBuilder<Omit<SearchHit, "score"> & { score: unknown; total?: unknown }> {
  const total = page.withTotal ? sql`, COUNT(*) OVER () AS "total"` : sql``;
  return sql<
    Omit<SearchHit, "score"> & { score: unknown; total?: unknown }
  >`WITH "m" AS MATERIALIZED (${matches}) SELECT "collectionName", "id", "score"${total} FROM (${union(db, parts, true)}) AS "hits" ORDER BY "score" DESC, "at" DESC, "collectionName", "id" LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/**
 * One page of results: the records of `parts` whose document `matches` (a SELECT of the
 * engine's `FulltextDialect.matches`), by score, then recency, then collection and id. With
 * `withTotal`, the same pass counts every match (`total` stays null on a page past the end).
 */
export async function findSearchHits(
  db: SearchDb,
  matches: Sql,
  parts: readonly SearchPart[],
  page: { limit: number; offset: number; withTotal: boolean },
): Promise<SearchHits> {
  if (parts.length === 0) return { hits: [], total: page.withTotal ? 0 : null };
  const result = await searchHitsStatement(db, matches, parts, page).execute(db.kysely);
  const first = result.rows[0];
  return {
    hits: result.rows.map((r) => ({
      collectionName: r.collectionName,
      id: r.id,
      score: Number(r.score),
    })),
    total: !page.withTotal ? null : first ? Number(first.total) : page.offset === 0 ? 0 : null,
  };
}

/** How many records of `parts` match (`matches` unranked is enough). */
export async function countSearchHits(
  db: SearchDb,
  matches: Sql,
  parts: readonly SearchPart[],
): Promise<number> {
  if (parts.length === 0) return 0;
  const result = await sql<{
    n: unknown;
  }>`WITH "m" AS MATERIALIZED (${matches}) SELECT COUNT(*) AS "n" FROM (${union(db, parts, false)}) AS "hits"`.execute(
    db.kysely,
  );
  return Number(result.rows[0]?.n ?? 0);
}
