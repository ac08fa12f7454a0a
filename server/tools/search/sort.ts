/**
 * Parses and builds `sort` expressions: a comma list of fields, `-field` descending,
 * `+field`/`field` ascending, plus `@random` and `@rowid`.
 */
import { sql } from "kysely";
import { SearchError, type FieldResolver, type SearchDialect, type Sql } from "./types.ts";

/** Max sort expressions per request (PocketBase's MaxSortFieldsLimit). */
export const MAX_SORT_FIELDS = 8;
/** Max length of one sort field name. */
export const MAX_SORT_FIELD_LENGTH = 255;

/** One parsed sort expression. */
export interface SortField {
  name: string;
  direction: "ASC" | "DESC";
}

/** Splits a sort string into fields; throws `SearchError` past the limits. */
export function parseSort(input: string): SortField[] {
  const result: SortField[] = [];
  for (const part of input.split(",")) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    let direction: SortField["direction"] = "ASC";
    let name = trimmed;
    if (name.startsWith("-")) {
      direction = "DESC";
      name = name.slice(1);
    } else if (name.startsWith("+")) {
      name = name.slice(1);
    }
    if (!name || name.length > MAX_SORT_FIELD_LENGTH) throw new SearchError("Invalid sort field.");
    result.push({ name, direction });
  }
  if (result.length > MAX_SORT_FIELDS) {
    throw new SearchError(`Too many sort expressions (max ${MAX_SORT_FIELDS}).`);
  }
  return result;
}

/**
 * Builds ORDER BY items for parsed sort fields against a main table alias. NULLs (relation
 * and JSON paths) sort first ascending and last descending on every engine, as in SQLite.
 * JSON paths sort as SQLite types them on every engine: NULL, then numbers by value, then
 * text by code point (on PostgreSQL through their typed parts: rank, number, text).
 */
export function buildSort(
  fields: readonly SortField[],
  resolver: FieldResolver,
  dialect: SearchDialect,
  mainAlias: string,
): Sql[] {
  return fields.map(({ name, direction }) => {
    const dir = sql.raw(direction);
    if (name === "@random") return sql`${dialect.random()}`;
    if (name === "@rowid") return sql`${dialect.rowid(mainAlias)} ${dir}`;
    const resolved = resolver.resolve(name);
    if (resolved.kind !== "scalar") throw new SearchError(`Invalid sort field "${name}".`);
    if (!resolved.nullable) return sql`${resolved.sql} ${dir}`;
    const nulls = sql.raw(direction === "ASC" ? "NULLS FIRST" : "NULLS LAST");
    if (resolved.parts) {
      const { rank, number, text } = resolved.parts;
      return sql.join(
        [rank, number, text].map((key) => sql`${key} ${dir} ${nulls}`),
        sql`, `,
      );
    }
    return sql`${resolved.sql} ${dir} ${nulls}`;
  });
}
