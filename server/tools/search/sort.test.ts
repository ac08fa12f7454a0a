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
import { buildSort, MAX_SORT_FIELD_LENGTH, MAX_SORT_FIELDS, parseSort } from "./sort.ts";
import {
  SearchError,
  type FieldResolver,
  type ResolvedOperand,
  type SearchDialect,
  type Sql,
} from "./types.ts";

/** Kysely instances that only compile (SQLite `?` and PostgreSQL `$n` placeholders). */
const compilers = {
  sqlite: new Kysely<Record<string, never>>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Record<string, never>>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

/** The two fragments sorting needs, as each engine spells them. */
function dialect(name: "sqlite" | "postgres"): SearchDialect {
  const unused = (): never => {
    throw new Error("not used by sort");
  };
  return {
    name,
    like: unused,
    isDistinct: unused,
    isNotTrue: unused,
    toText: unused,
    jsonEach: unused,
    jsonArrayLength: unused,
    jsonExtract: unused,
    jsonParts: unused,
    rowid: (alias) => sql.ref(`${alias}.${name === "sqlite" ? "rowid" : "_rowid"}`),
    random: () => sql`RANDOM()`,
    bool: unused,
  };
}

const resolver: FieldResolver = {
  nextAlias: () => "_r1",
  resolve(identifier: string): ResolvedOperand {
    switch (identifier) {
      case "title":
        return { kind: "scalar", sql: sql.ref("_t.title"), type: "text", nullable: false };
      case "author.name":
        return {
          kind: "scalar",
          sql: sql`(SELECT ${sql.ref("_r1.name")} FROM ${sql.table("users")} AS ${sql.id("_r1")} WHERE ${sql.ref("_r1.id")} = ${sql.ref("_t.author")} LIMIT 1)`,
          type: "text",
          nullable: true,
        };
      case "tags":
        return {
          kind: "multi",
          from: sql`json_each(${sql.ref("_t.tags")}) AS ${sql.id("_r1")}`,
          where: null,
          value: sql.ref("_r1.value"),
          type: "text",
        };
      case "data.n":
        return {
          kind: "scalar",
          sql: sql`json_extract(${sql.ref("_t.data")}, '$.n')`,
          type: "json",
          nullable: true,
          parts: {
            rank: sql`json_rank(${sql.ref("_t.data")})`,
            number: sql`json_number(${sql.ref("_t.data")})`,
            text: sql`json_text(${sql.ref("_t.data")})`,
          },
        };
      case "@request.method":
        return { kind: "static", value: "GET" };
      default:
        throw new SearchError(`Invalid filter field "${identifier}".`);
    }
  },
};

describe("parseSort", () => {
  it("reads directions and skips empty parts", () => {
    expect(parseSort("")).toEqual([]);
    expect(parseSort(" , ,")).toEqual([]);
    expect(parseSort("title")).toEqual([{ name: "title", direction: "ASC" }]);
    expect(parseSort("-created, +title ,author.name,,@random,-@rowid")).toEqual([
      { name: "created", direction: "DESC" },
      { name: "title", direction: "ASC" },
      { name: "author.name", direction: "ASC" },
      { name: "@random", direction: "ASC" },
      { name: "@rowid", direction: "DESC" },
    ]);
  });

  it("keeps the rest of the name verbatim (the resolver judges it)", () => {
    expect(parseSort("--x")).toEqual([{ name: "-x", direction: "DESC" }]);
    expect(parseSort("+-x")).toEqual([{ name: "-x", direction: "ASC" }]);
    expect(parseSort("a b")).toEqual([{ name: "a b", direction: "ASC" }]);
  });

  it("refuses a sign without a name", () => {
    expect(() => parseSort("-")).toThrow(SearchError);
    expect(() => parseSort("title,+")).toThrow(SearchError);
  });

  it(`accepts ${MAX_SORT_FIELDS} fields and refuses ${MAX_SORT_FIELDS + 1}`, () => {
    expect(MAX_SORT_FIELDS).toBe(8);
    const fields = Array.from({ length: 9 }, (_, i) => `f${i}`);
    expect(parseSort(fields.slice(0, 8).join(","))).toHaveLength(8);
    expect(() => parseSort(fields.join(","))).toThrow(
      new SearchError("Too many sort expressions (max 8)."),
    );
    expect(parseSort(`${fields.slice(0, 8).join(",")},,, ,`)).toHaveLength(8);
  });

  it(`accepts names of ${MAX_SORT_FIELD_LENGTH} characters and refuses longer ones`, () => {
    expect(parseSort(`-${"x".repeat(255)}`)).toEqual([
      { name: "x".repeat(255), direction: "DESC" },
    ]);
    expect(() => parseSort("x".repeat(256))).toThrow(SearchError);
  });
});

describe.each(["sqlite", "postgres"] as const)("buildSort (%s)", (name) => {
  const compile = (items: Sql[]) => sql.join(items).compile(compilers[name]);

  it("orders by resolved scalar fields, with @random and @rowid", () => {
    const items = buildSort(
      parseSort("-title,author.name,@random,-@rowid"),
      resolver,
      dialect(name),
      "_t",
    );
    const rowid = name === "sqlite" ? "rowid" : "_rowid";
    expect(compile(items).sql).toBe(
      `"_t"."title" DESC, (SELECT "_r1"."name" FROM "users" AS "_r1" WHERE "_r1"."id" = "_t"."author" LIMIT 1) ASC NULLS FIRST, RANDOM(), "_t"."${rowid}" DESC`,
    );
    expect(compile(items).parameters).toEqual([]);
  });

  it("puts NULLs of nullable operands first ascending and last descending, as SQLite does", () => {
    const items = buildSort(parseSort("-author.name,title"), resolver, dialect(name), "_t");
    expect(compile(items).sql).toBe(
      `(SELECT "_r1"."name" FROM "users" AS "_r1" WHERE "_r1"."id" = "_t"."author" LIMIT 1) DESC NULLS LAST, "_t"."title" ASC`,
    );
  });

  it("orders JSON paths with typed parts by rank, then number, then text", () => {
    const items = buildSort(parseSort("-data.n,title"), resolver, dialect(name), "_t");
    expect(compile(items).sql).toBe(
      `json_rank("_t"."data") DESC NULLS LAST, json_number("_t"."data") DESC NULLS LAST, json_text("_t"."data") DESC NULLS LAST, "_t"."title" ASC`,
    );
    const ascending = buildSort(parseSort("data.n"), resolver, dialect(name), "_t");
    expect(compile(ascending).sql).toBe(
      `json_rank("_t"."data") ASC NULLS FIRST, json_number("_t"."data") ASC NULLS FIRST, json_text("_t"."data") ASC NULLS FIRST`,
    );
  });

  it("refuses multi-valued and static operands and unknown fields", () => {
    for (const field of ["tags", "@request.method", "nope"]) {
      expect(() => buildSort(parseSort(field), resolver, dialect(name), "_t"), field).toThrow(
        SearchError,
      );
    }
  });
});
