/**
 * The SQL the SQLite dialect produces for each capability, compiled with Kysely's SQLite
 * compiler (no database): the text and the bound parameters.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Field } from "../../../core/models/collection.ts";
import { sqlCompiler } from "#tests/helpers/compile-sql.ts";
import { sqliteDialect as dialect } from "./sqlite-dialect.ts";

const compile = sqlCompiler("sqlite");

const title = sql.ref("_t.title");
const tags = sql.ref("_t.tags");
const data = sql.ref("_t.data");

describe("sqlite dialect SQL", () => {
  it("names its engine and needs neither row locks nor a migration lock", () => {
    expect(dialect.name).toBe("sqlite");
    expect(dialect.rowLocks).toBe(false);
    expect(dialect.migrationLock).toBeNull();
    expect(dialect.extraColumns).toEqual([]);
  });

  it("matches LIKE (ASCII case-insensitive in SQLite) with a backslash escape, the pattern bound", () => {
    expect(compile(dialect.like(title, sql`${"50\\%%"}`, false))).toEqual({
      sql: `("_t"."title" LIKE ? ESCAPE '\\')`,
      parameters: ["50\\%%"],
    });
    expect(compile(dialect.like(title, sql`${"%a%"}`, true))).toEqual({
      sql: `("_t"."title" NOT LIKE ? ESCAPE '\\')`,
      parameters: ["%a%"],
    });
  });

  it("compares null-safely with IS NOT, and treats NULL conditions as not true", () => {
    expect(compile(dialect.isDistinct(sql.ref("_t.a"), sql`${1}`))).toEqual({
      sql: `("_t"."a" IS NOT ?)`,
      parameters: [1],
    });
    expect(compile(dialect.isNotTrue(sql`${"x"} = ${"y"}`))).toEqual({
      sql: "((? = ?) IS NOT 1)",
      parameters: ["x", "y"],
    });
  });

  it("casts to text", () => {
    expect(compile(dialect.toText(sql.ref("_t.n")))).toEqual({
      sql: `CAST("_t"."n" AS TEXT)`,
      parameters: [],
    });
  });

  it("reads JSON arrays with json_each and json_array_length, invalid JSON as empty", () => {
    const each = dialect.jsonEach(tags, "_e");
    expect(compile(each.from).sql).toBe(
      `json_each(CASE WHEN json_valid("_t"."tags") THEN "_t"."tags" ELSE '[]' END) AS "_e"`,
    );
    expect(compile(each.value).sql).toBe(`"_e"."value"`);
    expect(compile(dialect.jsonArrayLength(tags)).sql).toBe(
      `(CASE WHEN json_valid("_t"."tags") AND json_type("_t"."tags") = 'array' THEN json_array_length("_t"."tags") ELSE 0 END)`,
    );
  });

  it("extracts a JSON path bound as one parameter, indexes in brackets and quotes dropped from keys", () => {
    expect(compile(dialect.jsonExtract(data, ["a", "0", 'b"c']))).toEqual({
      sql: `(CASE WHEN json_valid("_t"."data") THEN json_extract("_t"."data", ?) ELSE NULL END)`,
      parameters: ['$."a"[0]."bc"'],
    });
    // json_extract is typed already: nothing to split into number and text.
    expect(dialect.jsonParts(data, ["a"])).toBeNull();
  });

  it("orders by rowid or at random, and writes booleans as comparisons", () => {
    expect(compile(dialect.rowid("_t")).sql).toBe(`"_t"."rowid"`);
    expect(compile(dialect.random()).sql).toBe("RANDOM()");
    expect(compile(dialect.bool(true)).sql).toBe("(1 = 1)");
    expect(compile(dialect.bool(false)).sql).toBe("(1 = 0)");
  });

  it("defines a column for each storage class", () => {
    const columns: [Field, string][] = [
      [{ name: "id", type: "text", primaryKey: true }, "TEXT PRIMARY KEY NOT NULL"],
      [{ name: "title", type: "text" }, "TEXT DEFAULT '' NOT NULL"],
      [{ name: "email", type: "email" }, "TEXT DEFAULT '' NOT NULL"],
      [{ name: "rank", type: "number" }, "NUMERIC DEFAULT 0 NOT NULL"],
      [{ name: "done", type: "bool" }, "BOOLEAN DEFAULT FALSE NOT NULL"],
      [{ name: "meta", type: "json", maxSize: 1024 }, "JSON DEFAULT NULL"],
      [{ name: "tags", type: "tags", maxSelect: 10, maxLength: 30 }, "JSON DEFAULT '[]' NOT NULL"],
      [
        { name: "owner", type: "relation", collectionId: "c", maxSelect: 1, cascadeDelete: false },
        "TEXT DEFAULT '' NOT NULL",
      ],
    ];
    for (const [field, definition] of columns)
      expect(dialect.columnDefinition(field), field.name).toBe(definition);
  });

  it("casts a bound parameter to a field's column type", () => {
    const param = sql`${"v"}`;
    expect(compile(dialect.castParam({ name: "rank", type: "number" }, param))).toEqual({
      sql: "CAST(? AS NUMERIC)",
      parameters: ["v"],
    });
    expect(compile(dialect.castParam({ name: "done", type: "bool" }, param)).sql).toBe(
      "CAST(? AS INTEGER)",
    );
    expect(
      compile(dialect.castParam({ name: "meta", type: "json", maxSize: 1024 }, param)).sql,
    ).toBe("CAST(? AS TEXT)");
    expect(compile(dialect.castParam({ name: "title", type: "text" }, param)).sql).toBe(
      "CAST(? AS TEXT)",
    );
  });
});
