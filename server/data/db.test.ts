/**
 * Opening each engine through `db.ts` (SQLite in a temporary folder, PostgreSQL in a fresh
 * database of the local server): settings, table names, integrity checks, the values drivers
 * give back, consistent snapshots while writes go on, cross-instance locks, and the dialect's
 * fragments giving the same answers on both engines.
 */
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import type { Field } from "../core/models/collection.ts";
import { openDatabase, openPostgres, type Database, type Row } from "./db.ts";
import { MIGRATIONS } from "./migrations/index.ts";

/** Every row of a snapshot's table, and the size of each batch it came in. */
async function readAll(rows: AsyncIterable<Row[]>): Promise<{ rows: Row[]; batches: number[] }> {
  const all: Row[] = [];
  const batches: number[] = [];
  for await (const batch of rows) {
    batches.push(batch.length);
    all.push(...batch);
  }
  return { rows: all, batches };
}

describe.each(DIALECTS)("database on %s", (engine) => {
  let fresh: FreshDatabase;
  let db: Database;

  beforeAll(async () => {
    fresh = await openFreshDatabase(engine);
    db = fresh.database;
    const { dialect } = db;
    const column = (field: Field) => sql.raw(dialect.columnDefinition(field));
    const text = column({ name: "name", type: "text" });
    const json = column({ name: "doc", type: "json", maxSize: 1024 });
    const list = column({ name: "tags", type: "tags", maxSelect: 10, maxLength: 30 });
    const key = column({ name: "id", type: "text", primaryKey: true });
    await sql`CREATE TABLE "scratch" ("id" ${key}, "name" ${text}, "doc" ${json}, "tags" ${list})`.execute(
      db.kysely,
    );
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("opens the engine it was asked for", async () => {
    expect(db.dialect.name).toBe(engine);
    if (engine === "sqlite") {
      expect(fs.existsSync(path.join(fresh.dataDir, "data.db"))).toBe(true);
      // WAL with a full fsync per commit: acknowledged writes survive power loss (ADR 004).
      const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db.kysely);
      expect(mode.rows[0]?.journal_mode).toBe("wal");
      const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db.kysely);
      expect(sync.rows[0]?.synchronous).toBe(2);
    } else {
      const name = await sql<{ name: string }>`SELECT current_database() AS name`.execute(
        db.kysely,
      );
      expect(`/${name.rows[0]?.name ?? ""}`).toBe(new URL(fresh.databaseUrl ?? "").pathname);
    }
  });

  it("lists its tables sorted, the migrated ones included, and passes its integrity check", async () => {
    const names = await db.tableNames();
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining([
        "_migrations",
        "_params",
        "_otps",
        "_authCounters",
        "_externalAuths",
        "_logs",
        "users",
        "scratch",
      ]),
    );
    expect(names.some((name) => name.startsWith("sqlite_"))).toBe(false);
    expect(await db.integrityCheck()).toBe("ok");
    const applied = await sql<{ file: string }>`SELECT "file" FROM "_migrations"`.execute(
      db.kysely,
    );
    expect(applied.rows.map((r) => r.file).sort()).toEqual(MIGRATIONS.map((m) => m.name));
  });

  it("gives counts back as numbers and JSON columns as JSON text", async () => {
    await sql`INSERT INTO "scratch" ("id", "name", "doc") VALUES (${"j1"}, ${"json"}, ${'{"a":[true,2,"0012"]}'})`.execute(
      db.kysely,
    );
    const count = await sql<{ n: unknown }>`SELECT COUNT(*) AS "n" FROM "scratch"`.execute(
      db.kysely,
    );
    expect(count.rows[0]?.n).toBe(1);
    const row = await sql<{
      doc: unknown;
      tags: unknown;
    }>`SELECT "doc", "tags" FROM "scratch" WHERE "id" = ${"j1"}`.execute(db.kysely);
    const doc = row.rows[0]?.doc;
    expect(typeof doc).toBe("string");
    expect(JSON.parse(doc as string)).toEqual({ a: [true, 2, "0012"] });
    expect(JSON.parse(row.rows[0]?.tags as string)).toEqual([]);
    await sql`DELETE FROM "scratch"`.execute(db.kysely);
  });

  it("runs the dialect's fragments with the same answers as the other engine", async () => {
    const { dialect } = db;
    await sql`INSERT INTO "scratch" ("id", "name", "doc", "tags") VALUES (${"f1"}, ${"Éclair 50% ABC"}, ${'{"a":[true,2,"x"],"b":{"c":"d"}}'}, ${'["x","y","z"]'})`.execute(
      db.kysely,
    );
    const name = sql.ref("scratch.name");
    const doc = sql.ref("scratch.doc");
    const each = dialect.jsonEach(sql.ref("scratch.tags"), "_e");
    const result = await sql<Record<string, unknown>>`SELECT
        (CASE WHEN ${dialect.like(name, sql`${"%abc"}`, false)} THEN 1 ELSE 0 END) AS "ascii",
        (CASE WHEN ${dialect.like(name, sql`${"éclair%"}`, false)} THEN 1 ELSE 0 END) AS "accented",
        (CASE WHEN ${dialect.like(name, sql`${"%0\\%%"}`, false)} THEN 1 ELSE 0 END) AS "escaped",
        (CASE WHEN ${dialect.like(name, sql`${"%0\\_%"}`, false)} THEN 1 ELSE 0 END) AS "literal",
        ${dialect.jsonExtract(doc, ["a", "0"])} AS "bool",
        ${dialect.jsonExtract(doc, ["a", "1"])} AS "number",
        ${dialect.jsonExtract(doc, ["b", "c"])} AS "text",
        ${dialect.jsonExtract(doc, ["missing"])} AS "missing",
        ${dialect.jsonArrayLength(sql.ref("scratch.tags"))} AS "length",
        ${dialect.jsonArrayLength(doc)} AS "notArray",
        (SELECT COUNT(*) FROM ${each.from} WHERE ${each.value} = ${"y"}) AS "contains",
        (CASE WHEN ${dialect.isDistinct(sql`NULL`, sql`NULL`)} THEN 1 ELSE 0 END) AS "nullsDistinct",
        (CASE WHEN ${dialect.isNotTrue(sql`NULL = 1`)} THEN 1 ELSE 0 END) AS "nullNotTrue",
        (CASE WHEN ${dialect.bool(true)} THEN 1 ELSE 0 END) AS "true",
        ${dialect.toText(sql`${dialect.jsonArrayLength(doc)} + 12`)} AS "asText"
      FROM "scratch" WHERE "id" = ${"f1"}`.execute(db.kysely);
    const row = result.rows[0] ?? {};
    expect({
      ...row,
      bool: String(row.bool),
      number: String(row.number),
      length: Number(row.length),
      notArray: Number(row.notArray),
      contains: Number(row.contains),
    }).toEqual({
      ascii: 1,
      // LIKE folds ASCII letters only, on both engines.
      accented: 0,
      // An escaped % or _ matches itself only.
      escaped: 1,
      literal: 0,
      bool: "1",
      number: "2",
      text: "d",
      missing: null,
      length: 3,
      notArray: 0,
      contains: 1,
      nullsDistinct: 0,
      nullNotTrue: 1,
      true: 1,
      asText: "12",
    });
    const random = await sql<{
      id: string;
    }>`SELECT "id" FROM "scratch" ORDER BY ${dialect.random()}`.execute(db.kysely);
    expect(random.rows.map((r) => r.id)).toEqual(["f1"]);
    await sql`DELETE FROM "scratch"`.execute(db.kysely);
  });

  it("reads a consistent snapshot in batches while writes go on", async () => {
    const values = Array.from(
      { length: 620 },
      (_, i) => sql`(${`s${String(i).padStart(4, "0")}`}, ${"before"})`,
    );
    await sql`INSERT INTO "scratch" ("id", "name") VALUES ${sql.join(values)}`.execute(db.kysely);
    const snapshot = await db.snapshot();
    try {
      expect(snapshot.tables).toEqual(await db.tableNames());
      // Written after the snapshot began: invisible to it.
      await sql`INSERT INTO "scratch" ("id", "name") VALUES (${"late"}, ${"after"})`.execute(
        db.kysely,
      );
      await sql`UPDATE "scratch" SET "name" = ${"changed"} WHERE "id" = ${"s0000"}`.execute(
        db.kysely,
      );
      const { rows, batches } = await readAll(snapshot.rows("scratch"));
      expect(rows).toHaveLength(620);
      expect(batches).toEqual([500, 120]);
      expect(rows.every((row) => row.name === "before")).toBe(true);
    } finally {
      await snapshot.close();
    }
    const now = await sql<{ n: number }>`SELECT COUNT(*) AS "n" FROM "scratch"`.execute(db.kysely);
    expect(now.rows[0]?.n).toBe(621);
    await sql`DELETE FROM "scratch"`.execute(db.kysely);
  });

  it("runs work under a named lock that a second holder cannot take meanwhile", async () => {
    // PostgreSQL: another instance on the same database; SQLite: the same process.
    const other =
      engine === "postgres" ? openPostgres(fresh.databaseUrl ?? "", 2) : (db satisfies Database);
    try {
      let inner: unknown;
      const outer = await db.tryExclusive("backup", async () => {
        inner = await other.tryExclusive("backup", () => Promise.resolve("second"));
        const unrelated = await other.tryExclusive("restore", () => Promise.resolve("free"));
        return unrelated;
      });
      expect(outer).toEqual({ acquired: true, value: { acquired: true, value: "free" } });
      expect(inner).toEqual({ acquired: false });
      // Released when the work ends, even when it fails.
      await expect(
        db.tryExclusive("backup", () => Promise.reject(new Error("failed work"))),
      ).rejects.toThrow("failed work");
      expect(await other.tryExclusive("backup", () => Promise.resolve(1))).toEqual({
        acquired: true,
        value: 1,
      });
    } finally {
      if (other !== db) await other.close();
    }
  });
});

describe("openDatabase", () => {
  it("opens SQLite in the data folder when no database URL is given", async () => {
    const fresh = await openFreshDatabase("sqlite", { migrated: false });
    try {
      const again = openDatabase({ dataDir: path.join(fresh.dataDir, "nested") });
      try {
        expect(again.dialect.name).toBe("sqlite");
        expect(fs.existsSync(path.join(fresh.dataDir, "nested", "data.db"))).toBe(true);
        expect(await again.tableNames()).toEqual([]);
      } finally {
        await again.close();
      }
    } finally {
      await fresh.close();
    }
  });
});

describe("SQLite transactions", () => {
  it("take the write lock when they begin, so no other process commits under their reads", async () => {
    const fresh = await openFreshDatabase("sqlite");
    const other = new SqliteDatabase(path.join(fresh.dataDir, "data.db"));
    other.pragma("busy_timeout = 0");
    try {
      await fresh.database.kysely.transaction().execute(async (trx) => {
        await sql`SELECT count(*) AS n FROM users`.execute(trx);
        // A second connection (as another process would) cannot start writing meanwhile.
        expect(() => other.prepare("BEGIN IMMEDIATE").run()).toThrow(/locked|busy/i);
      });
      // Once committed, it can.
      other.prepare("BEGIN IMMEDIATE").run();
      other.prepare("ROLLBACK").run();
    } finally {
      other.close();
      await fresh.close();
    }
  });
});

describe("SQLite query planner statistics", () => {
  it("are taken when the database opens, so a lookup by a selective index uses it", async () => {
    const fresh = await openFreshDatabase("sqlite", { migrated: false });
    const file = path.join(fresh.dataDir, "data.db");
    // As posts are indexed: (status, publishedAt) and slug. Without statistics SQLite takes
    // the two-column index and scans every published row to find one slug.
    const raw = new SqliteDatabase(file);
    raw.exec(
      `CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "status" TEXT, "at" TEXT, "slug" TEXT);
       CREATE INDEX "items_status_at" ON "items" ("status", "at");
       CREATE INDEX "items_slug" ON "items" ("slug");`,
    );
    const insert = raw.prepare(`INSERT INTO "items" ("status", "at", "slug") VALUES (?, ?, ?)`);
    raw.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run("published", String(i).padStart(4, "0"), `s${i}`);
    })();
    raw.close();
    const reopened = openDatabase({ dataDir: fresh.dataDir });
    try {
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT * FROM "items"
        WHERE "status" = 'published' AND "at" <= '9999' AND "slug" = 's3' ORDER BY "id" LIMIT 1`.execute(
        reopened.kysely,
      );
      expect(plan.rows.map((row) => row.detail).join(" | ")).toMatch(/USING INDEX items_slug/);
      const stats = await sql<{ idx: string }>`SELECT "idx" FROM "sqlite_stat1"`.execute(
        reopened.kysely,
      );
      expect(stats.rows.map((row) => row.idx).sort()).toEqual(["items_slug", "items_status_at"]);
    } finally {
      await reopened.close();
      await fresh.close();
    }
  });
});
