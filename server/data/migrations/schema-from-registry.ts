/** DDL generated from the collection registry: one table per collection plus its indexes. */
import { sql, type Kysely } from "kysely";
import type { Collection, IndexSpec } from "../../core/models/collection.ts";
import type { DataDialect } from "../dialects/data-dialect.ts";
import { quoteId } from "../dialects/shared-sql.ts";
import type { AnyDB } from "../db.ts";

function indexColumn(column: string): string {
  const lower = /^lower\((\w+)\)$/.exec(column);
  return lower ? `lower(${quoteId(lower[1] as string)})` : quoteId(column);
}

/** `CREATE INDEX` statement for an index of a collection. */
export function createIndexSql(collection: Collection, index: IndexSpec): string {
  const where = index.where ? ` WHERE ${index.where}` : "";
  return (
    `CREATE ${index.unique ? "UNIQUE " : ""}INDEX IF NOT EXISTS ${quoteId(index.name)} ` +
    `ON ${quoteId(collection.name)} (${index.columns.map(indexColumn).join(", ")})${where}`
  );
}

/** `CREATE TABLE` statement for a collection. */
export function createTableSql(collection: Collection, dialect: DataDialect): string {
  const columns = collection.fields.map((f) => `${quoteId(f.name)} ${dialect.columnDefinition(f)}`);
  return `CREATE TABLE IF NOT EXISTS ${quoteId(collection.name)} (${[...columns, ...dialect.extraColumns].join(", ")})`;
}

/** Creates a collection's table and indexes. */
export async function createCollection(
  db: Kysely<AnyDB>,
  dialect: DataDialect,
  collection: Collection,
): Promise<void> {
  await sql.raw(createTableSql(collection, dialect)).execute(db);
  for (const index of collection.indexes)
    await sql.raw(createIndexSql(collection, index)).execute(db);
}

/**
 * Adds a registry field's column to an existing table, unless it is there already (a fresh
 * database gets every column of the current registry from the first migration).
 */
export async function addFieldColumn(
  db: Kysely<AnyDB>,
  dialect: DataDialect,
  collection: Collection,
  fieldName: string,
): Promise<void> {
  const field = collection.fields.find((f) => f.name === fieldName);
  if (!field) throw new Error(`${collection.name} has no field ${fieldName} in the registry`);
  const columns = await sql<{ name: string }>`${dialect.columnNames(collection.name)}`.execute(db);
  if (columns.rows.some((row) => row.name === fieldName)) return;
  await sql
    .raw(
      `ALTER TABLE ${quoteId(collection.name)} ADD COLUMN ${quoteId(field.name)} ${dialect.columnDefinition(field)}`,
    )
    .execute(db);
}
