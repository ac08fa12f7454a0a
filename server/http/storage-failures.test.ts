/**
 * A database that has no room left or takes no writes (issue 23 finding 7) answers in
 * PocketBase's shape, never a generic 500: 507 `Insufficient storage` for a full one, 503 for
 * a read-only one. The engines' own conditions, on the app's own connection: SQLite's page
 * limit (`max_page_count`, SQLITE_FULL, inside the write's transaction, which SQLite rolls
 * back by itself) and `query_only` (SQLITE_READONLY); a PostgreSQL database whose
 * transactions are read-only (as on a standby). A full disk under `DATA_DIR` (uploads, writes,
 * sign-ins, the health check) and a read-only one at start are in
 * `server/cli-data-dir.test.ts`, on real file systems.
 */
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const FULL = {
  data: {},
  message: "Insufficient storage: the server's disk is full.",
  status: 507,
};
const READ_ONLY = {
  data: {},
  message: "The server cannot save changes: its storage is read-only.",
  status: 503,
};

/** The most entries written while looking for the one that no longer fits. */
const MAX_FILLING_WRITES = 200;

describe.each(DIALECTS)("a database that is full or read-only (%s)", (dialect) => {
  let app: TestApp;
  let token = "";
  let userId = "";
  const email = `storage-${dialect}@example.com`;

  const entry = (title: string, content = "text") =>
    app.http.inject({
      method: "POST",
      url: "/api/collections/entries/records",
      headers: { authorization: token },
      payload: { author: userId, title, content, visibility: "private" },
    });
  beforeAll(async () => {
    app = await createTestApp(dialect);
    const user = await app.createUser({ email });
    token = user.token;
    userId = String(user.record.id);
  });
  afterAll(async () => {
    await app.close();
  });

  it.runIf(dialect === "sqlite")(
    "answers 507 to a write once the database cannot grow, and works again after",
    async () => {
      const pages = await sql<{ page_count: number }>`PRAGMA page_count`.execute(app.db.kysely);
      await sql
        .raw(`PRAGMA max_page_count = ${String(pages.rows[0]?.page_count ?? 1)}`)
        .execute(app.db.kysely);
      try {
        let refused: Awaited<ReturnType<typeof entry>> | undefined;
        for (let i = 0; i < MAX_FILLING_WRITES && !refused; i++) {
          const res = await entry(`filling ${String(i)}`, "x".repeat(32 * 1024));
          if (res.statusCode !== 200) refused = res;
        }
        expect(refused?.statusCode).toBe(507);
        expect(refused?.json()).toEqual(FULL);
      } finally {
        await sql`PRAGMA max_page_count = 4294967294`.execute(app.db.kysely);
      }
      expect((await entry("after")).statusCode).toBe(200);
    },
  );

  it.runIf(dialect === "sqlite")(
    "answers 503 to writes while the database is read-only, and works again after",
    async () => {
      await sql`PRAGMA query_only = ON`.execute(app.db.kysely);
      try {
        const res = await entry("refused");
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(READ_ONLY);
      } finally {
        await sql`PRAGMA query_only = OFF`.execute(app.db.kysely);
      }
      expect((await entry("accepted")).statusCode).toBe(200);
    },
  );

  it.runIf(dialect === "postgres")(
    "answers 503 to writes and reports it in the health check while transactions are read-only",
    async () => {
      const url = new URL(app.config.databaseUrl ?? "");
      const name = url.pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      // New sessions are read-only; the app's open ones are ended, so it opens new ones.
      const setReadOnly = async (on: boolean) => {
        await admin.query(
          `ALTER DATABASE "${name}" ${on ? "SET default_transaction_read_only = on" : "RESET default_transaction_read_only"}`,
        );
        await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1",
          [name],
        );
      };
      try {
        await setReadOnly(true);
        await expect
          .poll(async () => (await entry("refused")).json<unknown>(), { timeout: 30_000 })
          .toEqual(READ_ONLY);
        const health = await app.http.inject({ method: "GET", url: "/api/health" });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toEqual({
          code: 503,
          data: { database: "readonly" },
          message: "API is unhealthy.",
        });
      } finally {
        await setReadOnly(false);
        await admin.end();
      }
      await expect
        .poll(async () => (await entry("accepted")).statusCode, { timeout: 30_000 })
        .toBe(200);
    },
  );
});
