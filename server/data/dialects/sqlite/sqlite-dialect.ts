/** SQLite fragments (JSON1 functions, rowid, LIKE is ASCII case-insensitive). */
import { sql } from "kysely";
import type { Field } from "../../../core/models/collection.ts";
import type { Sql } from "../../../tools/search/index.ts";
import type { DataDialect } from "../data-dialect.ts";
import {
  columnDefinitionFor,
  likeEscape,
  storageClass,
  type ColumnDefinitions,
} from "../shared-sql.ts";
import { sqliteFulltext } from "./sqlite-fulltext.ts";

/** Column definitions (SQLite's type affinities). */
const SQLITE_COLUMNS: ColumnDefinitions = {
  number: "NUMERIC DEFAULT 0 NOT NULL",
  bool: "BOOLEAN DEFAULT FALSE NOT NULL",
  json: "JSON DEFAULT NULL",
  list: "JSON DEFAULT '[]' NOT NULL",
  text: "TEXT DEFAULT '' NOT NULL",
  primaryKey: "TEXT PRIMARY KEY NOT NULL",
};

/** The SQLite dialect. */
export const sqliteDialect: DataDialect = {
  name: "sqlite",
  // One process owns the file and Kysely runs its statements on one connection, one transaction at a time.
  rowLocks: false,
  migrationLock: null,
  fulltext: sqliteFulltext,
  extraColumns: [],
  columnNames: (table) => sql`SELECT "name" FROM pragma_table_info(${table})`,
  like: (left, pattern, negate) =>
    negate
      ? sql`(${left} NOT LIKE ${pattern} ${likeEscape})`
      : sql`(${left} LIKE ${pattern} ${likeEscape})`,
  isDistinct: (a, b) => sql`(${a} IS NOT ${b})`,
  isNotTrue: (c) => sql`((${c}) IS NOT 1)`,
  toText: (e) => sql`CAST(${e} AS TEXT)`,
  jsonEach: (expr, alias) => ({
    from: sql`json_each(CASE WHEN json_valid(${expr}) THEN ${expr} ELSE '[]' END) AS ${sql.id(alias)}`,
    value: sql.ref(`${alias}.value`),
  }),
  jsonArrayLength: (e) =>
    sql`(CASE WHEN json_valid(${e}) AND json_type(${e}) = 'array' THEN json_array_length(${e}) ELSE 0 END)`,
  jsonExtract: (e, path) => {
    const jsonPath =
      "$" + path.map((p) => (/^\d+$/.test(p) ? `[${p}]` : `."${p.replace(/"/g, "")}"`)).join("");
    return sql`(CASE WHEN json_valid(${e}) THEN json_extract(${e}, ${jsonPath}) ELSE NULL END)`;
  },
  // json_extract is typed already: NULL, integers and reals, text.
  jsonParts: () => null,
  rowid: (alias) => sql.ref(`${alias}.rowid`),
  random: () => sql`RANDOM()`,
  bool: (v) => (v ? sql`(1 = 1)` : sql`(1 = 0)`),
  columnDefinition: (field) => columnDefinitionFor(SQLITE_COLUMNS, field),
  castParam(field: Field, param: Sql): Sql {
    switch (storageClass(field)) {
      case "number":
        return sql`CAST(${param} AS NUMERIC)`;
      case "bool":
        return sql`CAST(${param} AS INTEGER)`;
      default:
        return sql`CAST(${param} AS TEXT)`;
    }
  },
};
