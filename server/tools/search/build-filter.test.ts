import fc from "fast-check";
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { describe, expect, it } from "vitest";
import { formatOperand, parseFilter, type FilterNode } from "../filter/index.ts";
import { buildCondition, buildFilter } from "./build-filter.ts";
import { likePattern } from "./static-compare.ts";
import {
  SearchError,
  type FieldResolver,
  type ResolvedOperand,
  type SearchDialect,
} from "./types.ts";

type Engine = "sqlite" | "postgres";

/** Kysely instances that only compile: SQLite's `?` and PostgreSQL's `$n` placeholders. */
const compilers: Record<Engine, Kysely<Record<string, never>>> = {
  sqlite: new Kysely({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

/**
 * The engine fragments the builder asks for, spelled as each engine does (the real ones live
 * in `server/data/dialects`, which tools may not import).
 */
const dialects: Record<Engine, SearchDialect> = {
  sqlite: {
    name: "sqlite",
    like: (left, pattern, negate) =>
      sql`(${left} ${sql.raw(negate ? "NOT LIKE" : "LIKE")} ${pattern} ESCAPE '\\')`,
    isDistinct: (a, b) => sql`(${a} IS NOT ${b})`,
    isNotTrue: (c) => sql`((${c}) IS NOT 1)`,
    toText: (e) => sql`CAST(${e} AS TEXT)`,
    jsonEach: (expr, alias) => ({
      from: sql`json_each(${expr}) AS ${sql.id(alias)}`,
      value: sql.ref(`${alias}.value`),
    }),
    jsonArrayLength: (e) => sql`json_array_length(${e})`,
    jsonExtract: (e, path) => sql`json_extract(${e}, ${`$.${path.join(".")}`})`,
    jsonParts: () => null,
    rowid: (alias) => sql.ref(`${alias}.rowid`),
    random: () => sql`RANDOM()`,
    bool: (v) => (v ? sql`(1 = 1)` : sql`(1 = 0)`),
  },
  postgres: {
    name: "postgres",
    like: (left, pattern, negate) =>
      sql`(${left} ${sql.raw(negate ? "NOT ILIKE" : "ILIKE")} ${pattern} ESCAPE '\\')`,
    isDistinct: (a, b) => sql`(${a} IS DISTINCT FROM ${b})`,
    isNotTrue: (c) => sql`((${c}) IS NOT TRUE)`,
    toText: (e) => sql`CAST(${e} AS TEXT)`,
    jsonEach: (expr, alias) => ({
      from: sql`jsonb_array_elements_text(${expr}) AS ${sql.id(alias)}(value)`,
      value: sql.ref(`${alias}.value`),
    }),
    jsonArrayLength: (e) => sql`jsonb_array_length(${e})`,
    jsonExtract: (e, path) => sql`(${e} #>> ${`{${path.join(",")}}`})`,
    // Short names for the three typed parts (the real CASE expressions are in the dialect).
    jsonParts: (e, path) => ({
      rank: sql`json_rank(${e}, ${`{${path.join(",")}}`})`,
      number: sql`json_number(${e}, ${`{${path.join(",")}}`})`,
      text: sql`json_text(${e}, ${`{${path.join(",")}}`})`,
    }),
    rowid: (alias) => sql.ref(`${alias}._rowid`),
    random: () => sql`RANDOM()`,
    bool: (v) => (v ? sql`TRUE` : sql`FALSE`),
  },
};

/** A resolver over a fixed `_t` row with one operand of each kind. */
function resolver(dialect: SearchDialect): FieldResolver {
  let n = 0;
  const nextAlias = () => `_r${++n}`;
  const subquery = sql`(SELECT ${sql.ref("_a.name")} FROM ${sql.table("users")} AS ${sql.id("_a")} WHERE ${sql.ref("_a.id")} = ${sql.ref("_t.author")} LIMIT 1)`;
  const operands: Record<string, () => ResolvedOperand> = {
    title: () => ({
      kind: "scalar",
      sql: sql.ref("_t.title"),
      type: "text",
      nullable: false,
      nonEmpty: true,
    }),
    content: () => ({ kind: "scalar", sql: sql.ref("_t.content"), type: "text", nullable: false }),
    "author.name": () => ({ kind: "scalar", sql: subquery, type: "text", nullable: true }),
    count: () => ({ kind: "scalar", sql: sql.ref("_t.count"), type: "number", nullable: false }),
    "data.k": () => {
      const parts = dialect.jsonParts(sql.ref("_t.data"), ["k"]);
      return {
        kind: "scalar",
        sql: dialect.jsonExtract(sql.ref("_t.data"), ["k"]),
        type: "json",
        nullable: true,
        ...(parts ? { parts } : {}),
      };
    },
    "data.n": () => {
      const parts = dialect.jsonParts(sql.ref("_t.data"), ["n"]);
      return {
        kind: "scalar",
        sql: dialect.jsonExtract(sql.ref("_t.data"), ["n"]),
        type: "json",
        nullable: true,
        ...(parts ? { parts } : {}),
      };
    },
    "tags:length": () => ({
      kind: "scalar",
      sql: dialect.jsonArrayLength(sql.ref("_t.tags")),
      type: "number",
      nullable: false,
    }),
    tags: () => {
      const each = dialect.jsonEach(sql.ref("_t.tags"), nextAlias());
      return { kind: "multi", from: each.from, where: null, value: each.value, type: "text" };
    },
    "entries_via_author.data.k": () => {
      const alias = nextAlias();
      const parts = dialect.jsonParts(sql.ref(`${alias}.data`), ["k"]);
      return {
        kind: "multi",
        from: sql`${sql.table("entries")} AS ${sql.id(alias)}`,
        where: sql`${sql.ref(`${alias}.author`)} = ${sql.ref("_t.id")}`,
        value: dialect.jsonExtract(sql.ref(`${alias}.data`), ["k"]),
        type: "json",
        ...(parts ? { parts } : {}),
      };
    },
    "@request.auth.id": () => ({ kind: "static", value: "u1" }),
    "@request.auth.name": () => ({ kind: "static", value: null }),
    "@request.body.tags": () => ({ kind: "staticList", values: ["a", null] }),
    "@request.body.none": () => ({ kind: "staticList", values: [] }),
    null: () => ({ kind: "static", value: null }),
    true: () => ({ kind: "static", value: 1 }),
  };
  return {
    nextAlias,
    resolve(identifier) {
      const operand = operands[identifier];
      if (!operand) throw new SearchError(`Invalid filter field "${identifier}".`);
      return operand();
    },
  };
}

/**
 * Renders an expected statement for an engine: `?` placeholders, `{like}`/`{notLike}`,
 * `{distinct}` (null-safe inequality), `{notTrue}`, `{false}`, `{each}`, `{len}` and
 * `{k}` (JSON path `k`).
 */
function expected(engine: Engine, template: string): string {
  const pg = engine === "postgres";
  let i = 0;
  return template
    .replaceAll("{notLike}", pg ? "NOT ILIKE" : "NOT LIKE")
    .replaceAll("{like}", pg ? "ILIKE" : "LIKE")
    .replaceAll("{distinct}", pg ? "IS DISTINCT FROM" : "IS NOT")
    .replaceAll("{notTrue}", pg ? "IS NOT TRUE" : "IS NOT 1")
    .replaceAll("{false}", pg ? "FALSE" : "(1 = 0)")
    .replace(/\{each\}\("_t"\."tags"\) AS "(\w+)"/g, (_, alias: string) =>
      pg
        ? `jsonb_array_elements_text("_t"."tags") AS "${alias}"(value)`
        : `json_each("_t"."tags") AS "${alias}"`,
    )
    .replaceAll("{len}", pg ? "jsonb_array_length" : "json_array_length")
    .replace(/\{k\}\(("\w+"\."data")\)/g, (_, column: string) =>
      pg ? `(${column} #>> ?)` : `json_extract(${column}, ?)`,
    )
    .replace(/\?/g, () => (pg ? `$${++i}` : "?"));
}

/** The JSON path parameter of `{k}` per engine. */
const pathParam = (engine: Engine) => (engine === "postgres" ? "{k}" : "$.k");

const AUTHOR_NAME = `(SELECT "_a"."name" FROM "users" AS "_a" WHERE "_a"."id" = "_t"."author" LIMIT 1)`;

describe.each(["sqlite", "postgres"] as const)("buildCondition (%s)", (engine) => {
  const dialect = dialects[engine];
  const build = (filter: string) => {
    const node = parseFilter(filter);
    if (!node) throw new Error("empty filter");
    return buildCondition(node, resolver(dialect), dialect);
  };
  /** Compiles a filter: a constant stays a boolean, SQL becomes `{sql, parameters}`. */
  const compile = (filter: string) => {
    const condition = build(filter);
    if (typeof condition === "boolean") return condition;
    const compiled = condition.compile(compilers[engine]);
    return { sql: compiled.sql, parameters: [...compiled.parameters] };
  };
  const expectSql = (filter: string, template: string, parameters: unknown[]) => {
    expect(compile(filter), filter).toEqual({ sql: expected(engine, template), parameters });
  };

  describe("constants", () => {
    it("folds static comparisons and the and/or around them", () => {
      expect(compile('@request.auth.id = "u1"')).toBe(true);
      expect(compile('@request.auth.id = "u2"')).toBe(false);
      expect(compile("@request.auth.name = null")).toBe(true);
      expect(compile('@request.auth.name = ""')).toBe(true);
      expect(compile('"😀" > "\\uE000"')).toBe(true);
      expect(compile('"b" ~ "B"')).toBe(true);
      expectSql('@request.auth.id = "u1" && title = "x"', `("_t"."title" = ?)`, ["x"]);
      expect(compile('@request.auth.id = "u2" && title = "x"')).toBe(false);
      expect(compile('@request.auth.id = "u1" || title = "x"')).toBe(true);
      expectSql('@request.auth.id = "u2" || title = "x"', `("_t"."title" = ?)`, ["x"]);
    });

    it("parenthesises what remains of and/or groups", () => {
      expectSql(
        '@request.auth.id != "" && (title = "x" || content = "y") && count > 1',
        `((("_t"."title" = ?) OR ("_t"."content" = ?)) AND ("_t"."count" > CAST(? AS NUMERIC)))`,
        ["x", "y", 1],
      );
    });

    it("lets buildFilter turn a constant into SQL", () => {
      const node = parseFilter('title = ""') as FilterNode;
      const compiled = buildFilter(node, resolver(dialect), dialect).compile(compilers[engine]);
      expect(compiled.sql).toBe(expected(engine, "{false}"));
    });
  });

  describe("= and != with empty values", () => {
    it("matches '' and NULL together", () => {
      expectSql('content = ""', `("_t"."content" = '' OR "_t"."content" IS NULL)`, []);
      expectSql("content != null", `("_t"."content" <> '' AND "_t"."content" IS NOT NULL)`, []);
      expectSql(`"" = author.name`, `(${AUTHOR_NAME} = '' OR ${AUTHOR_NAME} IS NULL)`, []);
      expectSql(
        "count = null",
        `(CAST("_t"."count" AS TEXT) = '' OR CAST("_t"."count" AS TEXT) IS NULL)`,
        [],
      );
    });

    it("folds a required field compared with '' to a constant", () => {
      expect(compile('title = ""')).toBe(false);
      expect(compile("title != null")).toBe(true);
    });

    it("coalesces nullable text and compares text fields with each other", () => {
      expectSql('author.name = "x"', `(COALESCE(${AUTHOR_NAME}, '') = ?)`, ["x"]);
      expectSql("title != author.name", `("_t"."title" <> COALESCE(${AUTHOR_NAME}, ''))`, []);
      expectSql("title = 12", `("_t"."title" = ?)`, ["12"]);
    });

    it("compares JSON paths without coalescing, null-safely for !=", () => {
      if (engine === "sqlite") {
        expectSql('data.k = "x"', `({k}("_t"."data") = ?)`, [pathParam(engine), "x"]);
        expectSql('data.k != "x"', `({k}("_t"."data") {distinct} ?)`, [pathParam(engine), "x"]);
      } else {
        expectSql(
          'data.k = "x"',
          `(CASE json_rank("_t"."data", ?) WHEN 2 THEN (json_text("_t"."data", ?) = ?) WHEN 1 THEN FALSE ELSE NULL END)`,
          ["{k}", "{k}", "x"],
        );
        expectSql(
          'data.k != "x"',
          `(CASE json_rank("_t"."data", ?) WHEN 2 THEN (json_text("_t"."data", ?) <> ?) WHEN 1 THEN TRUE ELSE TRUE END)`,
          ["{k}", "{k}", "x"],
        );
      }
    });

    it("compares JSON paths with text fields as text", () => {
      expectSql("data.k = content", `(CAST({k}("_t"."data") AS TEXT) = "_t"."content")`, [
        pathParam(engine),
      ]);
    });
  });

  describe("JSON paths against literals and JSON paths, typed as SQLite's json_extract", () => {
    // SQLite's json_extract is typed: the plain comparison is the reference. PostgreSQL reads
    // the path's rank (NULL, 1 number, 2 text) and compares within it; numbers rank below text.
    it("compares with a number by value, text ranking above every number", () => {
      if (engine === "sqlite") {
        expectSql("data.n > 9", `(json_extract("_t"."data", ?) > ?)`, ["$.n", 9]);
        return;
      }
      expectSql(
        "data.n > 9",
        `(CASE json_rank("_t"."data", ?) WHEN 1 THEN (json_number("_t"."data", ?) > CAST(? AS NUMERIC)) WHEN 2 THEN TRUE ELSE NULL END)`,
        ["{n}", "{n}", 9],
      );
      expectSql(
        "9 >= data.n",
        `(CASE json_rank("_t"."data", ?) WHEN 1 THEN (CAST(? AS NUMERIC) >= json_number("_t"."data", ?)) WHEN 2 THEN FALSE ELSE NULL END)`,
        ["{n}", 9, "{n}"],
      );
      expectSql(
        "data.n != 2.5",
        `(CASE json_rank("_t"."data", ?) WHEN 1 THEN (json_number("_t"."data", ?) <> CAST(? AS NUMERIC)) WHEN 2 THEN TRUE ELSE TRUE END)`,
        ["{n}", "{n}", 2.5],
      );
      expectSql(
        "data.n = true",
        `(CASE json_rank("_t"."data", ?) WHEN 1 THEN (json_number("_t"."data", ?) = CAST(? AS NUMERIC)) WHEN 2 THEN FALSE ELSE NULL END)`,
        ["{n}", "{n}", 1],
      );
    });

    it("compares with text by code point, every number ranking below it", () => {
      if (engine === "sqlite") return;
      expectSql(
        'data.n < "10"',
        `(CASE json_rank("_t"."data", ?) WHEN 2 THEN (json_text("_t"."data", ?) < ?) WHEN 1 THEN TRUE ELSE NULL END)`,
        ["{n}", "{n}", "10"],
      );
    });

    it("compares two JSON paths rank first, NULL staying unknown (and distinct for !=)", () => {
      if (engine === "sqlite") {
        expectSql(
          "data.n <= data.k",
          `(json_extract("_t"."data", ?) <= json_extract("_t"."data", ?))`,
          ["$.n", "$.k"],
        );
        return;
      }
      const rank = `json_rank("_t"."data", ?)`;
      expectSql(
        "data.n <= data.k",
        `(CASE WHEN ${rank} IS NULL OR ${rank} IS NULL THEN CAST(NULL AS BOOLEAN) WHEN ${rank} <> ${rank} THEN (${rank} <= ${rank}) ` +
          `WHEN ${rank} = 1 THEN (json_number("_t"."data", ?) <= json_number("_t"."data", ?)) ELSE (json_text("_t"."data", ?) <= json_text("_t"."data", ?)) END)`,
        ["{n}", "{k}", "{n}", "{k}", "{n}", "{k}", "{n}", "{n}", "{k}", "{n}", "{k}"],
      );
      expectSql(
        "data.n != data.k",
        `(CASE WHEN ${rank} IS NULL OR ${rank} IS NULL THEN ((${rank} IS NULL) <> (${rank} IS NULL)) WHEN ${rank} <> ${rank} THEN (${rank} <> ${rank}) ` +
          `WHEN ${rank} = 1 THEN (json_number("_t"."data", ?) <> json_number("_t"."data", ?)) ELSE (json_text("_t"."data", ?) <> json_text("_t"."data", ?)) END)`,
        [
          ...["{n}", "{k}", "{n}", "{k}", "{n}", "{k}", "{n}", "{k}"],
          ...["{n}", "{n}", "{k}", "{n}", "{k}"],
        ],
      );
    });

    it("keeps '' and null meaning empty, and `~` reading the text", () => {
      const path = engine === "postgres" ? "{n}" : "$.n";
      expectSql(
        'data.n = ""',
        `(CAST({k}("_t"."data") AS TEXT) = '' OR CAST({k}("_t"."data") AS TEXT) IS NULL)`,
        [path, path],
      );
      expectSql('data.n ~ "1"', `(CAST({k}("_t"."data") AS TEXT) {like} ? ESCAPE '\\')`, [
        path,
        "%1%",
      ]);
    });
  });

  describe("numbers", () => {
    it("casts numbers compared with numeric expressions (PostgreSQL would type them as integers)", () => {
      expectSql("count = 2.5", `("_t"."count" = CAST(? AS NUMERIC))`, [2.5]);
      expectSql("tags:length < 3", `({len}("_t"."tags") < CAST(? AS NUMERIC))`, [3]);
      expectSql("1 != count", `(CAST(? AS NUMERIC) {distinct} "_t"."count")`, [1]);
      expectSql("count >= true", `("_t"."count" >= CAST(? AS NUMERIC))`, [1]);
    });

    it("reads numeric text as a number and compares other text as text", () => {
      expectSql('count > " 2"', `("_t"."count" > CAST(? AS NUMERIC))`, [2]);
      expectSql('count = "abc"', `(CAST("_t"."count" AS TEXT) = ?)`, ["abc"]);
      expectSql("count = title", `(CAST("_t"."count" AS TEXT) = "_t"."title")`, []);
    });
  });

  describe("~ and !~", () => {
    it("escapes a literal into a contains pattern, or keeps one holding %", () => {
      expectSql('title ~ "a_b"', `("_t"."title" {like} ? ESCAPE '\\')`, ["%a\\_b%"]);
      expectSql('title !~ "50%"', `("_t"."title" {notLike} ? ESCAPE '\\')`, ["50%"]);
      expectSql('author.name ~ "x"', `(COALESCE(${AUTHOR_NAME}, '') {like} ? ESCAPE '\\')`, [
        "%x%",
      ]);
      expectSql('count ~ "1"', `(CAST("_t"."count" AS TEXT) {like} ? ESCAPE '\\')`, ["%1%"]);
    });

    it("wraps a field pattern in %", () => {
      expectSql(
        "title ~ author.name",
        `("_t"."title" {like} ('%' || COALESCE(${AUTHOR_NAME}, '') || '%') ESCAPE '\\')`,
        [],
      );
    });

    it("binds a static left side as text spelled like the filter", () => {
      expectSql(
        "5 ~ content",
        `(CAST(? AS TEXT) {like} ('%' || "_t"."content" || '%') ESCAPE '\\')`,
        ["5"],
      );
      expectSql(
        "2.50 !~ content",
        `(CAST(? AS TEXT) {notLike} ('%' || "_t"."content" || '%') ESCAPE '\\')`,
        ["2.5"],
      );
    });

    it("never matches null, negated or not", () => {
      expect(compile("title ~ null")).toBe(false);
      expect(compile("title !~ null")).toBe(false);
      expect(compile("data.k !~ @request.auth.name")).toBe(false);
    });

    it("never matches a pattern ending in a lone escape", () => {
      expect(compile('title ~ "%x\\\\"')).toBe(false);
      expect(compile('title !~ "%x\\\\"')).toBe(true);
      expectSql('data.k !~ "%\\\\"', `(CAST({k}("_t"."data") AS TEXT) IS NOT NULL)`, [
        pathParam(engine),
      ]);
      expectSql('title ~ "%x\\\\\\\\"', `("_t"."title" {like} ? ESCAPE '\\')`, ["%x\\\\"]);
    });
  });

  describe("multi-value operands", () => {
    it("needs every value to match, an empty set acting as one NULL", () => {
      expectSql(
        'tags = "a"',
        `(NOT EXISTS (SELECT 1 FROM {each}("_t"."tags") AS "_r1" WHERE (((COALESCE("_r1"."value", '') = ?)) {notTrue})) ` +
          `AND (EXISTS (SELECT 1 FROM {each}("_t"."tags") AS "_r1") OR (COALESCE(NULL, '') = ?)))`,
        ["a", "a"],
      );
    });

    it("needs one value to match with ?-operators", () => {
      expectSql(
        'tags ?~ "x"',
        `(EXISTS (SELECT 1 FROM {each}("_t"."tags") AS "_r1" WHERE (COALESCE("_r1"."value", '') {like} ? ESCAPE '\\')) ` +
          `OR (NOT EXISTS (SELECT 1 FROM {each}("_t"."tags") AS "_r1") AND (COALESCE(NULL, '') {like} ? ESCAPE '\\')))`,
        ["%x%", "%x%"],
      );
    });

    it("joins back-relations and types the NULL of an empty set met with a parameter", () => {
      expectSql(
        'entries_via_author.data.k != "x"',
        `(NOT EXISTS (SELECT 1 FROM "entries" AS "_r1" WHERE "_r1"."author" = "_t"."id" AND (((${
          engine === "sqlite"
            ? `{k}("_r1"."data") {distinct} ?`
            : `CASE json_rank("_r1"."data", ?) WHEN 2 THEN (json_text("_r1"."data", ?) <> ?) WHEN 1 THEN TRUE ELSE TRUE END`
        })) {notTrue})) ` +
          `AND (EXISTS (SELECT 1 FROM "entries" AS "_r1" WHERE "_r1"."author" = "_t"."id") OR (CAST(NULL AS TEXT) {distinct} ?)))`,
        engine === "sqlite" ? ["$.k", "x", "x"] : ["{k}", "{k}", "x", "x"],
      );
      expectSql(
        "entries_via_author.data.k ?= content",
        `(EXISTS (SELECT 1 FROM "entries" AS "_r1" WHERE "_r1"."author" = "_t"."id" AND (CAST({k}("_r1"."data") AS TEXT) = "_t"."content")) ` +
          `OR (NOT EXISTS (SELECT 1 FROM "entries" AS "_r1" WHERE "_r1"."author" = "_t"."id") AND (CAST(NULL AS TEXT) = "_t"."content")))`,
        [pathParam(engine)],
      );
    });

    it("crosses two sets, where an empty one matches nothing", () => {
      expectSql(
        "tags ?= tags",
        `(EXISTS (SELECT 1 FROM {each}("_t"."tags") AS "_r1", {each}("_t"."tags") AS "_r2" WHERE (COALESCE("_r1"."value", '') = COALESCE("_r2"."value", ''))) ` +
          `OR (NOT EXISTS (SELECT 1 FROM {each}("_t"."tags") AS "_r1", {each}("_t"."tags") AS "_r2") AND {false}))`,
        [],
      );
    });

    it("turns static lists into bound rows", () => {
      expectSql(
        "title ?= @request.body.tags",
        `(EXISTS (SELECT 1 FROM (SELECT ? AS v UNION ALL SELECT ? AS v) AS "_r1" WHERE ("_t"."title" = COALESCE("_r1"."v", ''))) ` +
          `OR (NOT EXISTS (SELECT 1 FROM (SELECT ? AS v UNION ALL SELECT ? AS v) AS "_r1") AND ("_t"."title" = COALESCE(NULL, ''))))`,
        ["a", null, "a", null],
      );
      expectSql(
        "content = @request.body.none",
        `(NOT EXISTS (SELECT 1 FROM (SELECT NULL AS v WHERE 1 = 0) AS "_r1" WHERE ((("_t"."content" = COALESCE("_r1"."v", ''))) {notTrue})) ` +
          `AND (EXISTS (SELECT 1 FROM (SELECT NULL AS v WHERE 1 = 0) AS "_r1") OR ("_t"."content" = COALESCE(NULL, ''))))`,
        [],
      );
    });
  });

  describe("errors", () => {
    it("refuses functions and lets resolver errors through", () => {
      expect(() => build('strftime("%Y", title) = "2024"')).toThrow(
        new SearchError('Unsupported filter function "strftime".'),
      );
      expect(() => build('nope = "x"')).toThrow(new SearchError('Invalid filter field "nope".'));
    });
  });

  describe("bound values", () => {
    const hostile = fc.oneof(
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.constantFrom(
        "' OR 1=1 --",
        '"); DROP TABLE items; --',
        "\\",
        "%",
        "_",
        "$1",
        "?",
        "\u0000",
        "'')||('",
      ),
    );
    const template = (filter: string) => (compile(filter) as { sql: string }).sql;

    it("never puts filter text into SQL", () => {
      fc.assert(
        fc.property(
          hostile,
          fc.constantFrom("=", "!=", "<", "~", "!~", "?=", "?~"),
          (value, op) => {
            // "" is the one value with its own SQL (it also matches NULL).
            if (value === "") return;
            const filter = `content ${op} ${formatOperand({ kind: "text", value })}`;
            const compiled = compile(filter);
            if (typeof compiled === "boolean") return;
            expect(compiled.sql).toBe(template(`content ${op} "x"`));
            expect(compiled.parameters).toContain(op.includes("~") ? likePattern(value) : value);
          },
        ),
        { seed: 7, numRuns: 300 },
      );
    });
  });
});

/** Static values keep their JavaScript type in parameters, aligned to the other side. */
describe("static parameters", () => {
  it("binds strings, numbers and null as given", () => {
    const node = parseFilter(
      'content = "s" && count = 3 && content != 4 && author.name > null',
    ) as FilterNode;
    const compiled = buildFilter(node, resolver(dialects.sqlite), dialects.sqlite).compile(
      compilers.sqlite,
    );
    expect(compiled.parameters).toEqual(["s", 3, "4", null]);
  });
});
