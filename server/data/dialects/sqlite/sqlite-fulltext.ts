/**
 * SQLite's full-text index: an FTS5 table (`_searchIndex`, contentless with deletes, the
 * `ascii` tokenizer, a prefix index of 3 characters: the shortest prefix a query asks for)
 * beside `_searchDocs`, which maps each FTS5 rowid to its record. Words and stems are prepared
 * in TypeScript (ADR 043) and stored as space-separated tokens: they hold only letters and
 * digits, so FTS5's `ascii` tokenizer splits them exactly there, whatever the Unicode version
 * of its tables.
 *
 * Four columns: the stems and the words of the head and of the body; the body's stems end
 * with the document's access keys (`registry/search.ts`), which no clause asks for. Fields of
 * the word columns are separated by `·`, a token no query can ask for, so a phrase never spans
 * two fields (as PostgreSQL's position gaps do). The rank counts the query's clauses found in
 * the head (not bm25: see `matches`).
 */
import { sql } from "kysely";
import type { FulltextQuery, IndexedField, QueryClause } from "../../../tools/fulltext/index.ts";
import type { Sql } from "../../../tools/search/index.ts";
import { type AccessKeys, SEARCH_DOCS_TABLE, SEARCH_INDEX_TABLE } from "../../registry/search.ts";
import type { FulltextDialect, KeyedDocument, StagedIndex } from "../fulltext-dialect.ts";

/** Separates the fields of a word column (U+00B7, a token of its own for `ascii`). */
const FIELD_SEPARATOR = " \u00b7 ";
/** Most bound parameters per statement (SQLite allows 32766). */
const MAX_PARAMS = 30_000;

const docs = sql.table(SEARCH_DOCS_TABLE);
const index = sql.table(SEARCH_INDEX_TABLE);
/** The tables a rebuild fills before they replace the index's (see {@link stagedIndex}). */
const STAGED_DOCS = `${SEARCH_DOCS_TABLE}_next`;
const STAGED_INDEX = `${SEARCH_INDEX_TABLE}_next`;

/** The documents' table: each FTS5 rowid's record. */
const docsTable = (name: string) =>
  sql`CREATE TABLE ${sql.table(name)} ("id" INTEGER PRIMARY KEY, "collectionName" TEXT NOT NULL, "record" TEXT NOT NULL)`;
/** The record lookup of the documents' table. */
const docsRecordIndex = sql`CREATE UNIQUE INDEX IF NOT EXISTS "idx__searchDocs_record" ON ${docs} ("collectionName", "record")`;
/** The FTS5 table. */
const indexTable = (name: string) =>
  sql`CREATE VIRTUAL TABLE IF NOT EXISTS ${sql.table(name)} USING fts5("headStems", "headWords", "bodyStems", "bodyWords", content='', contentless_delete=1, tokenize='ascii', prefix='3')`;

function stems(fields: readonly IndexedField[]): string {
  return fields.map((f) => f.flatMap((w) => w.stems).join(" ")).join(" ");
}

function words(fields: readonly IndexedField[]): string {
  return fields.map((f) => f.map((w) => w.word).join(" ")).join(FIELD_SEPARATOR);
}

/** An FTS5 string (double quotes doubled). */
function quoted(token: string): string {
  return `"${token.replace(/"/g, '""')}"`;
}

/** Where a clause is looked for: the whole document, or its head only. */
type Part = "document" | "head";

const COLUMNS: Record<Part, { stems: string; words: string }> = {
  document: { stems: "{headStems bodyStems}", words: "{headWords bodyWords}" },
  head: { stems: "{headStems}", words: "{headWords}" },
};

/** The FTS5 query of one clause over the columns of `part`. */
export function clauseQuery(clause: QueryClause, part: Part = "document"): string {
  const { stems, words } = COLUMNS[part];
  if (clause.kind === "phrase") return `(${words} : ${quoted(clause.words.join(" "))})`;
  const stemsPart = `${stems} : (${clause.stems.map(quoted).join(" OR ")})`;
  return clause.prefix ? `(${stemsPart} OR ${words} : ${quoted(clause.word)}*)` : `(${stemsPart})`;
}

/**
 * The FTS5 query of a parsed query: every include clause (and one of the `access` keys, kept
 * in the body's stems, when given), then `NOT` each exclude clause.
 */
export function fts5Query(query: FulltextQuery, access: AccessKeys | null = null): string {
  const clauses = query.include.map((c) => clauseQuery(c));
  if (access) clauses.push(`({bodyStems} : (${access.map(quoted).join(" OR ")}))`);
  return [clauses.join(" AND "), ...query.exclude.map((c) => clauseQuery(c))].join(" NOT ");
}

const ofRecords = (collectionName: string, ids: readonly string[]) =>
  sql`${sql.ref("collectionName")} = ${collectionName} AND ${sql.ref("record")} IN (${sql.join([...ids])})`;

/** Groups documents by collection, in batches that stay under the parameter limit. */
function batches<T extends KeyedDocument>(documents: readonly T[], paramsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / paramsPerRow));
  const out: T[][] = [];
  for (let i = 0; i < documents.length; i += size) out.push(documents.slice(i, i + size));
  return out;
}

/** The SQLite full-text index. */
export const sqliteFulltext: FulltextDialect = {
  createTables: () => [
    sql`CREATE TABLE IF NOT EXISTS ${docs} ("id" INTEGER PRIMARY KEY, "collectionName" TEXT NOT NULL, "record" TEXT NOT NULL)`,
    docsRecordIndex,
    indexTable(SEARCH_INDEX_TABLE),
  ],

  upgradeTables: () => [],

  writeDocuments(documents) {
    if (documents.length === 0) return [];
    const statements: Sql[] = [];
    const byCollection = new Map<string, string[]>();
    for (const d of documents) {
      const ids = byCollection.get(d.collectionName) ?? [];
      ids.push(d.record);
      byCollection.set(d.collectionName, ids);
    }
    for (const [collectionName, ids] of byCollection) {
      for (let i = 0; i < ids.length; i += MAX_PARAMS) {
        const chunk = ids.slice(i, i + MAX_PARAMS);
        statements.push(
          sql`DELETE FROM ${index} WHERE rowid IN (SELECT "id" FROM ${docs} WHERE ${ofRecords(collectionName, chunk)})`,
        );
      }
    }
    for (const batch of batches(documents, 2)) {
      const rows = batch.map((d) => sql`(${d.collectionName}, ${d.record})`);
      statements.push(
        sql`INSERT INTO ${docs} ("collectionName", "record") VALUES ${sql.join(rows)} ON CONFLICT ("collectionName", "record") DO NOTHING`,
      );
    }
    for (const batch of batches(documents, 6)) {
      const rows = batch.map(
        ({ collectionName, record, document: d, access }) =>
          sql`((SELECT "id" FROM ${docs} WHERE "collectionName" = ${collectionName} AND "record" = ${record}), ${stems(d.head)}, ${words(d.head)}, ${[stems(d.body), ...access].join(" ")}, ${words(d.body)})`,
      );
      statements.push(
        sql`INSERT INTO ${index} (rowid, "headStems", "headWords", "bodyStems", "bodyWords") VALUES ${sql.join(rows)}`,
      );
    }
    return statements;
  },

  deleteDocuments(collectionName, ids) {
    if (ids.length === 0) return [];
    return [
      sql`DELETE FROM ${index} WHERE rowid IN (SELECT "id" FROM ${docs} WHERE ${ofRecords(collectionName, ids)})`,
      sql`DELETE FROM ${docs} WHERE ${ofRecords(collectionName, ids)}`,
    ];
  },

  deleteOrphans(collectionName) {
    const orphan = sql`"collectionName" = ${collectionName} AND NOT EXISTS (SELECT 1 FROM ${sql.table(collectionName)} AS "_t" WHERE "_t"."id" = ${docs}."record")`;
    return [
      sql`DELETE FROM ${index} WHERE rowid IN (SELECT "id" FROM ${docs} WHERE ${orphan})`,
      sql`DELETE FROM ${docs} WHERE ${orphan}`,
    ];
  },

  clear: () => [
    sql`INSERT INTO ${index} (${index}) VALUES ('delete-all')`,
    sql`DELETE FROM ${docs}`,
  ],

  optimize: () => [sql`INSERT INTO ${index} (${index}) VALUES ('optimize')`],

  matches(query, collections, ranked, access) {
    // SECURITY: not bm25, whose statistics (how many documents hold a word, their mean length)
    // span every document, private ones included: a score would tell a guest how often other
    // people's private entries use a word. The rank reads the document alone: how many of the
    // query's clauses its head (titles, names, tags) matches.
    const inHead = (clause: QueryClause) =>
      sql`("d"."id" IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ${clauseQuery(clause, "head")}))`;
    const rank = ranked ? sql`(${sql.join(query.include.map(inHead), sql` + `)})` : sql`0`;
    return sql`SELECT "d"."collectionName" AS "collectionName", "d"."record" AS "record", ${rank} AS "rank" FROM ${index} JOIN ${docs} AS "d" ON "d"."id" = ${index}.rowid WHERE ${index} MATCH ${fts5Query(query, access)} AND ("d"."collectionName" || '') IN (${sql.join([...collections])})`;
  },

  coveringIndex: (name) => sql` INDEXED BY ${sql.id(name)}`,

  readLock: sql``,

  searchSettings: [],

  staging: stagedIndex(),
};

/**
 * A rebuild writes new tables and swaps them in: FTS5 inserts into an empty contentless
 * table cost the same per document whatever its size, while deleting and rewriting every
 * document of a full one grew faster than the archive (measured: 1.9 ms a document at
 * 10,000 documents, 3.3 ms at 40,000). The staging tables get their record index only when
 * they become the index (their ids are assigned here, not looked up).
 */
function stagedIndex(): StagedIndex {
  const stagedDocs = sql.table(STAGED_DOCS);
  const stagedIndexTable = sql.table(STAGED_INDEX);
  const drop = () => [
    sql`DROP TABLE IF EXISTS ${stagedIndexTable}`,
    sql`DROP TABLE IF EXISTS ${stagedDocs}`,
  ];
  return {
    create: () => [...drop(), docsTable(STAGED_DOCS), indexTable(STAGED_INDEX)],
    write(documents, firstId) {
      const statements: Sql[] = [];
      const numbered = documents.map((d, i) => ({ ...d, id: firstId + i }));
      for (const batch of batches(numbered, 3)) {
        const rows = batch.map((d) => sql`(${d.id}, ${d.collectionName}, ${d.record})`);
        statements.push(
          sql`INSERT INTO ${stagedDocs} ("id", "collectionName", "record") VALUES ${sql.join(rows)}`,
        );
      }
      for (const batch of batches(numbered, 5)) {
        const rows = batch.map(
          ({ id, document: d, access }) =>
            sql`(${id}, ${stems(d.head)}, ${words(d.head)}, ${[stems(d.body), ...access].join(" ")}, ${words(d.body)})`,
        );
        statements.push(
          sql`INSERT INTO ${stagedIndexTable} (rowid, "headStems", "headWords", "bodyStems", "bodyWords") VALUES ${sql.join(rows)}`,
        );
      }
      return statements;
    },
    swap: () => [
      sql`DROP TABLE IF EXISTS ${index}`,
      sql`DROP TABLE IF EXISTS ${docs}`,
      sql`ALTER TABLE ${stagedDocs} RENAME TO ${docs}`,
      sql`ALTER TABLE ${stagedIndexTable} RENAME TO ${index}`,
      docsRecordIndex,
    ],
    drop,
  };
}
