/**
 * Opens the database: SQLite (`better-sqlite3`, WAL) by default, PostgreSQL when a URL is
 * given. Callers get a Kysely instance plus the engine's dialect.
 */
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import { loadPg } from "./pg-module.ts";
import type { DataDialect } from "./dialects/data-dialect.ts";
import { postgresDialect } from "./dialects/postgres/postgres-dialect.ts";
import { sqliteDialect } from "./dialects/sqlite/sqlite-dialect.ts";
import { waitingSqliteDialect } from "./sqlite-driver.ts";

export { DatabaseBusyError, DEFAULT_BUSY_DEADLINE_MS } from "./sqlite-driver.ts";

/** Rows of any table: the registry decides the shape at run time. */
export type AnyDB = Record<string, Record<string, unknown>>;

/**
 * A consistent read-only view of every table at one moment, taken while writes go on (a
 * separate read transaction: WAL snapshot on SQLite, REPEATABLE READ on PostgreSQL).
 */
export interface DatabaseSnapshot {
  /** Names of the tables, sorted. */
  tables: string[];
  /** The rows of a table, in batches. */
  rows(table: string): AsyncIterable<Row[]>;
  /** Ends the read transaction. */
  close(): Promise<void>;
}

/** A stored row. */
export type Row = Record<string, unknown>;

/** Rows read per batch by snapshots. */
const SNAPSHOT_BATCH = 500;

/** An open database. */
export interface Database {
  kysely: Kysely<AnyDB>;
  dialect: DataDialect;
  /** Runs the engine's integrity check; returns "ok" or the problems found. */
  integrityCheck(): Promise<string>;
  /** Names of the tables, sorted. */
  tableNames(): Promise<string[]>;
  /** Opens a consistent snapshot for reading every table (backups). */
  snapshot(): Promise<DatabaseSnapshot>;
  /**
   * Runs `work` while holding the named lock for every process that uses this database, or
   * answers `{ acquired: false }` at once when someone holds it. SQLite: the lock lives in this
   * process (a SQLite file serves one instance). PostgreSQL: a session advisory lock on a
   * connection kept for the duration, so it covers every instance and is released by the
   * server if this process dies.
   */
  tryExclusive<T>(name: string, work: () => Promise<T>): Promise<ExclusiveResult<T>>;
  /**
   * Whether the database takes writes right now, checked without waiting (the health check):
   * see {@link WriteState}.
   */
  writeState(): Promise<WriteState>;
  close(): Promise<void>;
}

/**
 * Whether a database takes writes: `ok`; `locked` (SQLite: another process holds the file's
 * write lock); `readonly` (a read-only file or folder, a PostgreSQL standby); `full` (SQLite:
 * no room to grow); `unavailable` (it does not answer).
 */
export type WriteState = "ok" | "locked" | "readonly" | "full" | "unavailable";

/** What `Database.tryExclusive` answers. */
export type ExclusiveResult<T> = { acquired: true; value: T } | { acquired: false };

/** Named locks held in this process. */
function processLocks(): Database["tryExclusive"] {
  const held = new Set<string>();
  return async (name, work) => {
    if (held.has(name)) return { acquired: false };
    held.add(name);
    try {
      return { acquired: true, value: await work() };
    } finally {
      held.delete(name);
    }
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * SQLite pragmas. `synchronous = FULL` in WAL mode: each commit is fsynced before it is
 * acknowledged, so an acknowledged write survives power loss too (see ADR 004). The busy
 * timeout covers opening only (nothing is served yet): then the driver sets it to 0 and waits
 * out another process's lock on timers (`sqlite-driver.ts`, issue 23 finding 6).
 */
const SQLITE_PRAGMAS = [
  "busy_timeout = 10000",
  "journal_mode = WAL",
  "synchronous = FULL",
  "foreign_keys = OFF",
  "temp_store = MEMORY",
  "cache_size = -32000",
  "journal_size_limit = 200000000",
];

/**
 * How often SQLite refreshes its query planner's statistics (`PRAGMA optimize`): without them
 * it may pick the wrong index, such as scanning every published post by `(status,
 * publishedAt)` to find one by its `slug` (hundreds of milliseconds on 100k posts instead of
 * a fraction of one). SQLite's advice for long-lived connections: `optimize=0x10002` when the
 * connection opens, then `optimize` now and then; it analyses only tables whose size changed
 * much since their statistics were taken, with a bounded sample, so a run costs milliseconds.
 * Every five minutes: after an import or a bulk load, an hour of the wrong plans made a
 * signed-in reader's "My writing" take 25 ms for a query of 0.2 ms (issue 30).
 */
const OPTIMIZE_INTERVAL_MS = 5 * 60 * 1000;

/** What opening SQLite may be told. */
export interface SqliteOptions {
  /** How long a write may wait for another process's lock before it fails (ms). */
  busyDeadlineMs?: number | undefined;
}

/** Opens SQLite at `<dataDir>/data.db`. */
export function openSqlite(dataDir: string, options: SqliteOptions = {}): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "data.db");
  const raw = new SqliteDatabase(file);
  const TABLES_SQL =
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name";
  for (const pragma of SQLITE_PRAGMAS) raw.pragma(pragma);
  raw.pragma("optimize = 0x10002");
  const optimizer = setInterval(() => {
    try {
      raw.pragma("optimize");
    } catch {
      // Busy or closing: the next run will do.
    }
  }, OPTIMIZE_INTERVAL_MS);
  optimizer.unref();
  const { dialect, probeWrite } = waitingSqliteDialect(raw, {
    deadlineMs: options.busyDeadlineMs,
  });
  const kysely = new Kysely<AnyDB>({ dialect });
  return {
    kysely,
    dialect: sqliteDialect,
    async writeState() {
      try {
        return await probeWrite();
      } catch {
        return "unavailable";
      }
    },
    integrityCheck() {
      const rows = raw.pragma("integrity_check") as { integrity_check: string }[];
      return Promise.resolve(rows.map((r) => r.integrity_check).join("; "));
    },
    tableNames() {
      const rows = raw.prepare(TABLES_SQL).all() as { name: string }[];
      return Promise.resolve(rows.map((r) => r.name));
    },
    snapshot() {
      // A second connection: its read transaction sees one WAL snapshot and blocks no writer.
      const reader = new SqliteDatabase(file, { readonly: true });
      reader.pragma("busy_timeout = 10000");
      reader.prepare("BEGIN").run();
      try {
        const tables = (reader.prepare(TABLES_SQL).all() as { name: string }[]).map((r) => r.name);
        return Promise.resolve({
          tables,
          async *rows(table: string) {
            let batch: Row[] = [];
            for (const row of reader
              .prepare(`SELECT * FROM ${quoteIdent(table)} ORDER BY rowid`)
              .iterate() as IterableIterator<Row>) {
              batch.push(row);
              if (batch.length >= SNAPSHOT_BATCH) {
                yield batch;
                batch = [];
                // Let the server answer requests between batches.
                await new Promise((resolve) => setImmediate(resolve));
              }
            }
            if (batch.length) yield batch;
          },
          close() {
            reader.prepare("COMMIT").run();
            reader.close();
            return Promise.resolve();
          },
        });
      } catch (error) {
        reader.close();
        throw error;
      }
    },
    tryExclusive: processLocks(),
    async close() {
      clearInterval(optimizer);
      await kysely.destroy();
    },
  };
}

const PG_TABLES_SQL =
  "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename";

/** Opens PostgreSQL at a connection URL. */
export function openPostgres(url: string, poolSize = 10): Database {
  const pg = loadPg();
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection closed by the server (restart, failover, DROP DATABASE … FORCE) emits
  // 'error' on the pool; the pool already discards that client, and an unhandled 'error'
  // event would crash the process. Queries in flight still fail and are reported normally.
  pool.on("error", () => undefined);
  const kysely = new Kysely<AnyDB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: postgresDialect,
    async writeState() {
      try {
        const result = await pool.query<{ readonly: string }>(
          "SELECT current_setting('transaction_read_only') AS readonly",
        );
        return result.rows[0]?.readonly === "on" ? "readonly" : "ok";
      } catch {
        return "unavailable";
      }
    },
    async integrityCheck() {
      // PostgreSQL has no whole-database check; verify every table can be scanned.
      const client = await pool.connect();
      try {
        const tables = await client.query<{ tablename: string }>(
          "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()",
        );
        for (const t of tables.rows)
          await client.query(`SELECT count(*) FROM "${t.tablename.replace(/"/g, '""')}"`);
        return "ok";
      } finally {
        client.release();
      }
    },
    async tableNames() {
      const result = await pool.query<{ tablename: string }>(PG_TABLES_SQL);
      return result.rows.map((r) => r.tablename);
    },
    async snapshot() {
      const client = await pool.connect();
      try {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        const tables = (await client.query<{ tablename: string }>(PG_TABLES_SQL)).rows.map(
          (r) => r.tablename,
        );
        let cursor = 0;
        return {
          tables,
          async *rows(table: string) {
            const name = `snapshot_cursor_${String((cursor += 1))}`;
            await client.query(
              `DECLARE ${name} NO SCROLL CURSOR FOR SELECT * FROM ${quoteIdent(table)}`,
            );
            for (;;) {
              const batch = await client.query<Row>(`FETCH ${String(SNAPSHOT_BATCH)} FROM ${name}`);
              if (batch.rows.length === 0) break;
              yield batch.rows;
            }
            await client.query(`CLOSE ${name}`);
          },
          async close() {
            try {
              await client.query("COMMIT");
            } finally {
              client.release();
            }
          },
        };
      } catch (error) {
        client.release();
        throw error;
      }
    },
    async tryExclusive(name, work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // hashtext: a stable 32-bit key per lock name, for every instance of the deployment.
        const locked = await client.query<{ locked: boolean }>(
          "SELECT pg_try_advisory_lock(hashtext($1)) AS locked",
          [name],
        );
        if (!locked.rows[0]?.locked) return { acquired: false };
        try {
          return { acquired: true, value: await work() };
        } finally {
          try {
            await client.query("SELECT pg_advisory_unlock(hashtext($1))", [name]);
          } catch (error) {
            // The session (and the lock with it) must end: the connection is not reused.
            broken = error instanceof Error ? error : new Error(String(error));
          }
        }
      } finally {
        client.release(broken ?? false);
      }
    },
    async close() {
      await kysely.destroy();
    },
  };
}

/** Opens the configured database. */
export function openDatabase(
  options: {
    dataDir: string;
    databaseUrl?: string | undefined;
  } & SqliteOptions,
): Database {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(options.dataDir, { busyDeadlineMs: options.busyDeadlineMs });
}
