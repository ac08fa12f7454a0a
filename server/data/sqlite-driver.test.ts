/**
 * The SQLite driver against another process holding the file's write lock (issue 23 finding
 * 6): a write waits on timers, so reads in this process go on meanwhile; it goes through once
 * the lock is released, or fails with `DatabaseBusyError` at its deadline without having
 * written anything. Transactions of this process still have the connection to themselves.
 * SQLite only: PostgreSQL has no file lock.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { holdSqliteWriteLock } from "#tests/helpers/sqlite-lock-holder.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { DatabaseBusyError, openSqlite, type Database } from "./db.ts";

describe.each(DIALECTS)("the SQLite driver and another process's lock (%s)", (dialect) => {
  let dir = "";
  const opened: Database[] = [];

  /** A database in the test's folder, with a `notes` table, waiting at most `deadlineMs`. */
  async function open(deadlineMs?: number): Promise<Database> {
    const db = openSqlite(dir, { busyDeadlineMs: deadlineMs });
    opened.push(db);
    await sql`CREATE TABLE IF NOT EXISTS "notes" ("id" INTEGER PRIMARY KEY, "text" TEXT)`.execute(
      db.kysely,
    );
    return db;
  }
  const texts = async (db: Database) =>
    (
      await sql<{ text: string }>`SELECT "text" FROM "notes" ORDER BY "id"`.execute(db.kysely)
    ).rows.map((row) => row.text);
  const insert = (db: Database, text: string) =>
    sql`INSERT INTO "notes" ("text") VALUES (${text})`.execute(db.kysely);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-driver-"));
  });
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(dialect === "sqlite")(
    "lets a write wait for the lock on timers while reads go on, then writes it once released",
    async () => {
      const db = await open(60_000);
      await insert(db, "first");
      const holder = await holdSqliteWriteLock(path.join(dir, "data.db"));
      let released = false;
      let written = false;
      try {
        const autocommit = insert(db, "autocommit").then(() => (written = true));
        const transaction = db.kysely.transaction().execute(async (trx) => {
          await insert({ ...db, kysely: trx }, "in a transaction");
        });
        // Both wait; reads of this process are answered meanwhile, and the lock is reported.
        expect(await texts(db)).toEqual(["first"]);
        expect(await db.writeState()).toBe("locked");
        expect(written).toBe(false);
        await holder.release();
        released = true;
        await Promise.all([autocommit, transaction]);
      } finally {
        if (!released) await holder.release();
      }
      expect((await texts(db)).sort()).toEqual(["autocommit", "first", "in a transaction"]);
      expect(await db.writeState()).toBe("ok");
    },
  );

  it.runIf(dialect === "sqlite")(
    "fails a write still locked at its deadline with DatabaseBusyError, having written nothing",
    async () => {
      const db = await open();
      const holder = await holdSqliteWriteLock(path.join(dir, "data.db"));
      try {
        await expect(insert(db, "refused")).rejects.toBeInstanceOf(DatabaseBusyError);
        await expect(
          db.kysely.transaction().execute((trx) => insert({ ...db, kysely: trx }, "refused too")),
        ).rejects.toBeInstanceOf(DatabaseBusyError);
      } finally {
        await holder.release();
      }
      await insert(db, "after");
      expect(await texts(db)).toEqual(["after"]);
    },
  );

  it.runIf(dialect === "sqlite")(
    "keeps each transaction of this process on the connection alone while others wait",
    async () => {
      const db = await open();
      await sql`CREATE TABLE "counter" ("n" INTEGER)`.execute(db.kysely);
      await sql`INSERT INTO "counter" ("n") VALUES (0)`.execute(db.kysely);
      // Read, let others run, write: interleaved on one connection, increments would be lost.
      const increment = () =>
        db.kysely.transaction().execute(async (trx) => {
          const row = await sql<{ n: number }>`SELECT "n" FROM "counter"`.execute(trx);
          await new Promise((resolve) => setImmediate(resolve));
          await sql`UPDATE "counter" SET "n" = ${(row.rows[0]?.n ?? 0) + 1}`.execute(trx);
        });
      await Promise.all(Array.from({ length: 20 }, increment));
      const result = await sql<{ n: number }>`SELECT "n" FROM "counter"`.execute(db.kysely);
      expect(result.rows[0]?.n).toBe(20);
    },
  );
});
