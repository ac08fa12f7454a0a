/** Generic record persistence over the registry's tables (SQL built with Kysely's `sql`). */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Collection } from "../../core/models/collection.ts";
import type { AnyDB } from "../db.ts";
import type { DataDialect } from "../dialects/data-dialect.ts";

type Sql = RawBuilder<unknown>;

/** A stored row: column values as the driver returns them. */
export type Row = Record<string, unknown>;

/** The alias the main table gets in every query (rules and filters refer to it). */
export const MAIN_ALIAS = "_t";

/** Options of a list query. */
export interface SelectOptions {
  where: Sql | null;
  orderBy: Sql[];
  limit?: number;
  offset?: number;
}

function table(collection: Collection): Sql {
  return sql`${sql.table(collection.name)} AS ${sql.id(MAIN_ALIAS)}`;
}

/** Selects rows of a collection. */
export async function selectRows(
  db: Kysely<AnyDB>,
  collection: Collection,
  options: SelectOptions,
): Promise<Row[]> {
  const where = options.where ? sql` WHERE ${options.where}` : sql``;
  const order = options.orderBy.length ? sql` ORDER BY ${sql.join(options.orderBy)}` : sql``;
  const limit = options.limit !== undefined ? sql` LIMIT ${options.limit}` : sql``;
  const offset = options.offset ? sql` OFFSET ${options.offset}` : sql``;
  const result =
    await sql<Row>`SELECT ${sql.ref(MAIN_ALIAS)}.* FROM ${table(collection)}${where}${order}${limit}${offset}`.execute(
      db,
    );
  return result.rows;
}

/** Counts rows matching a condition. */
export async function countRows(
  db: Kysely<AnyDB>,
  collection: Collection,
  where: Sql | null,
): Promise<number> {
  const w = where ? sql` WHERE ${where}` : sql``;
  const result = await sql<{
    n: number;
  }>`SELECT COUNT(*) AS ${sql.id("n")} FROM ${table(collection)}${w}`.execute(db);
  // PostgreSQL's COUNT is int8 (parsed to a number by the pg type parser); SQLite's is a number.
  return result.rows[0]?.n ?? 0;
}

/** Whether a row with this id exists and matches the condition. */
export async function rowMatches(
  db: Kysely<AnyDB>,
  collection: Collection,
  id: string,
  condition: Sql | null,
): Promise<boolean> {
  const extra = condition ? sql` AND ${condition}` : sql``;
  const result =
    await sql`SELECT 1 FROM ${table(collection)} WHERE ${sql.ref(`${MAIN_ALIAS}.id`)} = ${id}${extra} LIMIT 1`.execute(
      db,
    );
  return result.rows.length > 0;
}

/** Evaluates a condition against a virtual row built from values (create rules). */
export async function virtualRowMatches(
  db: Kysely<AnyDB>,
  columns: { name: string; value: Sql }[],
  condition: Sql,
): Promise<boolean> {
  const select = sql.join(columns.map((c) => sql`${c.value} AS ${sql.id(c.name)}`));
  const result =
    await sql`SELECT 1 FROM (SELECT ${select}) AS ${sql.id(MAIN_ALIAS)} WHERE ${condition}`.execute(
      db,
    );
  return result.rows.length > 0;
}

/** Locks a row until the surrounding transaction ends, where the engine needs it. */
export async function lockRow(
  db: Kysely<AnyDB>,
  dialect: DataDialect,
  collection: Collection,
  id: string,
): Promise<void> {
  if (!dialect.rowLocks) return;
  await sql`SELECT 1 FROM ${sql.table(collection.name)} WHERE ${sql.id("id")} = ${id} FOR UPDATE`.execute(
    db,
  );
}

/** Inserts a row. */
export async function insertRow(
  db: Kysely<AnyDB>,
  collection: Collection,
  values: Row,
): Promise<void> {
  const names = Object.keys(values);
  await sql`INSERT INTO ${sql.table(collection.name)} (${sql.join(names.map((n) => sql.id(n)))}) VALUES (${sql.join(names.map((n) => values[n]))})`.execute(
    db,
  );
}

/** Updates columns of a row by id. */
export async function updateRow(
  db: Kysely<AnyDB>,
  collection: Collection,
  id: string,
  values: Row,
): Promise<void> {
  const names = Object.keys(values);
  if (names.length === 0) return;
  const sets = sql.join(names.map((n) => sql`${sql.id(n)} = ${values[n]}`));
  await sql`UPDATE ${sql.table(collection.name)} SET ${sets} WHERE ${sql.id("id")} = ${id}`.execute(
    db,
  );
}

/** Deletes a row by id. */
export async function deleteRow(
  db: Kysely<AnyDB>,
  collection: Collection,
  id: string,
): Promise<void> {
  await sql`DELETE FROM ${sql.table(collection.name)} WHERE ${sql.id("id")} = ${id}`.execute(db);
}

/**
 * Whether a lookup value holds a NUL character. SECURITY: no id, email, username or slug
 * can hold one, and PostgreSQL text cannot store one (it fails the query instead): such a
 * value simply matches nothing (checklist B29).
 */
function hasNul(value: string): boolean {
  return value.includes("\u0000");
}

/** Finds rows by ids (no rule applied). */
export async function findRowsByIds(
  db: Kysely<AnyDB>,
  collection: Collection,
  allIds: readonly string[],
  condition: Sql | null = null,
): Promise<Row[]> {
  const ids = allIds.filter((id) => !hasNul(id));
  if (ids.length === 0) return [];
  const extra = condition ? sql` AND ${condition}` : sql``;
  const result =
    await sql<Row>`SELECT ${sql.ref(MAIN_ALIAS)}.* FROM ${table(collection)} WHERE ${sql.ref(`${MAIN_ALIAS}.id`)} IN (${sql.join([...ids])})${extra}`.execute(
      db,
    );
  return result.rows;
}

/** Finds one row where a column equals a value (case-insensitively when `lower`). */
export async function findRowBy(
  db: Kysely<AnyDB>,
  collection: Collection,
  column: string,
  value: string,
  lower = false,
): Promise<Row | undefined> {
  if (hasNul(value)) return undefined;
  const ref = sql.ref(`${MAIN_ALIAS}.${column}`);
  // `<> ''` lets SQLite use partial unique indexes (`WHERE email != ''`) for the lookup.
  const cond = lower
    ? sql`lower(${ref}) = lower(${value}) AND ${ref} <> ''`
    : sql`${ref} = ${value}`;
  const result =
    await sql<Row>`SELECT ${sql.ref(MAIN_ALIAS)}.* FROM ${table(collection)} WHERE ${cond} LIMIT 1`.execute(
      db,
    );
  return result.rows[0];
}

/** Whether another row (not `exceptId`) has the same values in the given columns. */
export async function existsOther(
  db: Kysely<AnyDB>,
  collection: Collection,
  columns: { column: string; value: unknown; lower: boolean }[],
  exceptId: string,
): Promise<boolean> {
  const conds = columns.map(({ column, value, lower }) => {
    const ref = sql.ref(`${MAIN_ALIAS}.${column}`);
    return lower ? sql`lower(${ref}) = lower(${value})` : sql`${ref} = ${value}`;
  });
  const result =
    await sql`SELECT 1 FROM ${table(collection)} WHERE ${sql.join(conds, sql` AND `)} AND ${sql.ref(`${MAIN_ALIAS}.id`)} <> ${exceptId} LIMIT 1`.execute(
      db,
    );
  return result.rows.length > 0;
}

/** Rows whose relation column references `id` (single value or JSON list). */
export async function findReferencing(
  db: Kysely<AnyDB>,
  dialect: DataDialect,
  collection: Collection,
  column: string,
  id: string,
  isList: boolean,
): Promise<Row[]> {
  const ref = sql.ref(`${MAIN_ALIAS}.${column}`);
  let cond: Sql;
  if (isList) {
    const each = dialect.jsonEach(ref, "_e");
    cond = sql`EXISTS (SELECT 1 FROM ${each.from} WHERE ${each.value} = ${id})`;
  } else {
    cond = sql`${ref} = ${id}`;
  }
  const result =
    await sql<Row>`SELECT ${sql.ref(MAIN_ALIAS)}.* FROM ${table(collection)} WHERE ${cond}`.execute(
      db,
    );
  return result.rows;
}
