/**
 * Contracts between the dialect-neutral filter builder and its two collaborators: the
 * field resolver (which knows collections) and the SQL dialect (which knows the engine).
 */
import type { RawBuilder } from "kysely";

/** A SQL fragment with bound parameters (a Kysely raw builder). */
export type Sql = RawBuilder<unknown>;

/** How a resolved value compares: as text, as a number, or as raw JSON. */
export type ValueType = "text" | "number" | "json";

/** A JavaScript value known before the query runs (literal, `@request.*`, date macro). */
export type StaticValue = string | number | null;

/**
 * A JSON path value split the way SQLite types `json_extract`: NULL, then numbers (booleans
 * read as 1 and 0), then text (strings; objects and arrays as JSON text). Engines that
 * extract JSON as text only (PostgreSQL) order and compare JSON paths on these parts.
 */
export interface JsonParts {
  /** 1 for numbers and booleans, 2 for text, NULL for JSON null or a missing path. */
  rank: Sql;
  /** The number (booleans 1 and 0) when `rank` is 1, else NULL. */
  number: Sql;
  /** The text when `rank` is 2, else NULL. */
  text: Sql;
}

/** One value per row, from a column or a scalar subquery. */
export interface ScalarOperand {
  kind: "scalar";
  sql: Sql;
  type: ValueType;
  /** The expression may yield NULL (relation subqueries, JSON paths). */
  nullable: boolean;
  /** The value is never empty or NULL (required columns): `= ""` folds to false. */
  nonEmpty?: boolean;
  /** Typed parts of a JSON path where `sql` is untyped text (see `SearchDialect.jsonParts`). */
  parts?: JsonParts;
}

/**
 * Many values per row (multi-value fields, `:each`, back-relations, `@collection.*`):
 * `FROM <from> WHERE <where>` yields one row per value, read by `value`.
 */
export interface MultiOperand {
  kind: "multi";
  from: Sql;
  where: Sql | null;
  value: Sql;
  type: ValueType;
  /** Typed parts of `value` when it is a JSON path read as untyped text. */
  parts?: JsonParts;
}

/** A value fixed before the query runs; bound as a parameter. */
export interface StaticOperand {
  kind: "static";
  value: StaticValue;
}

/** Several values fixed before the query runs (e.g. `@request.body.tags:each`). */
export interface StaticListOperand {
  kind: "staticList";
  values: readonly StaticValue[];
}

/** What an identifier resolves to. */
export type ResolvedOperand = ScalarOperand | MultiOperand | StaticOperand | StaticListOperand;

/**
 * Turns identifiers of the filter language into SQL. Implemented in core with collection
 * knowledge (relations, rules, `@request.*`); throws `SearchError` for unknown identifiers.
 */
export interface FieldResolver {
  resolve(identifier: string): ResolvedOperand;
  /** Allocates a fresh table alias for subqueries. */
  nextAlias(): string;
}

/** Engine-specific SQL fragments used by the builder and the resolver. */
export interface SearchDialect {
  readonly name: "sqlite" | "postgres";
  /** Case-insensitive `LIKE … ESCAPE '\'` (negated for `!~`). */
  like(left: Sql, pattern: Sql, negate: boolean): Sql;
  /** Null-safe inequality (`IS NOT` / `IS DISTINCT FROM`). */
  isDistinct(left: Sql, right: Sql): Sql;
  /** True when the condition is false or NULL. */
  isNotTrue(condition: Sql): Sql;
  /** Casts an expression to text. */
  toText(expr: Sql): Sql;
  /** Set of the elements of a JSON array column as `FROM` item; `alias.<valueColumn>` reads each. */
  jsonEach(expr: Sql, alias: string): { from: Sql; value: Sql };
  /** Number of elements of a JSON array (0 when not an array). */
  jsonArrayLength(expr: Sql): Sql;
  /** Extracts a JSON path (keys and array indexes) from a JSON column. */
  jsonExtract(expr: Sql, path: readonly string[]): Sql;
  /**
   * The typed parts of a JSON path, for engines whose `jsonExtract` yields text only; `null`
   * where `jsonExtract` is typed already (SQLite), so it sorts and compares as it is.
   */
  jsonParts(expr: Sql, path: readonly string[]): JsonParts | null;
  /** The implicit row order column of a table alias. */
  rowid(alias: string): Sql;
  /** Random order. */
  random(): Sql;
  /** Constant true/false. */
  bool(value: boolean): Sql;
}

/**
 * Why a filter or sort was refused, which decides the answer: `invalid`, the client got it
 * wrong (400 with PocketBase's generic message); `restricted-field`, it names a field only
 * superusers may filter by (400 with this message); `forbidden`, it uses `@request` or
 * `@collection`, which only superusers may (403 with this message).
 */
export type SearchErrorCode = "invalid" | "restricted-field" | "forbidden";

/** A filter or sort the client got wrong; the message is safe to show (never SQL). */
export class SearchError extends Error {
  override name = "SearchError";
  readonly code: SearchErrorCode;

  constructor(message: string, code: SearchErrorCode = "invalid") {
    super(message);
    this.code = code;
  }
}
