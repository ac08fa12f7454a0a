/**
 * SQLite through better-sqlite3 without ever blocking the event loop on another process's lock
 * (issue 23 finding 6).
 *
 * better-sqlite3 is synchronous: a statement waiting in SQLite's busy handler waits on Node's
 * only thread, so another process holding the file's write lock (a CLI command, a backup tool,
 * `sqlite3` in a shell) froze every request, the health check included, for as long as the busy
 * timeout. Here the connection's busy timeout is 0, and a statement that meets `SQLITE_BUSY`
 * outside a transaction (an autocommit write, or the `begin immediate` of a transaction) gives
 * the connection back and tries again after a timer, so other requests run meanwhile, reads
 * included (WAL lets them read while another process writes). Past the deadline it fails with
 * {@link DatabaseBusyError}, which the HTTP layer answers 503 with `Retry-After`.
 *
 * Kysely's own SQLite driver runs statements the same way, but its connection is held behind a
 * mutex from acquisition to release, so a statement could not give it back while it waits. This
 * driver keeps that mutex itself ({@link ConnectionLock}) and tells Kysely not to add its own
 * (the adapter's `supportsMultipleConnections`): the one connection still serves one holder at a
 * time, and a holder may step out of line only while no transaction is open on it.
 */
import type SqliteDatabase from "better-sqlite3";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from "kysely";
import { BoundedCache } from "../tools/cache/bounded-cache.ts";

/** How long a write may wait for another process's lock before it is refused (ms). */
export const DEFAULT_BUSY_DEADLINE_MS = 1500;

/** The pauses between tries of a locked statement (ms): short first, then a steady pace. */
const RETRY_DELAYS_MS = [2, 5, 10, 20, 50, 100] as const;

/** How many prepared statements are kept (the hot list queries repeat a few shapes). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database stayed locked by another process past the deadline: the write did not happen.
 * The HTTP layer answers 503 with `Retry-After`.
 */
export class DatabaseBusyError extends Error {
  override name = "DatabaseBusyError";
  /** SQLite's code, which the layers above recognise (they do not import this one). */
  readonly code = "SQLITE_BUSY";
  /** How long the statement waited (ms). */
  readonly waitedMs: number;

  constructor(waitedMs: number) {
    super(`The database stayed locked by another process for ${String(waitedMs)} ms`);
    this.waitedMs = waitedMs;
  }
}

/** Whether an error is SQLite's `SQLITE_BUSY` (or one of its extended codes). */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/**
 * A first-come, first-served lock over the one connection. `pause` lets a holder step out of
 * line for a while and come back at the end of it.
 */
class ConnectionLock {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }

  async pause(ms: number): Promise<void> {
    this.release();
    await new Promise((resolve) => setTimeout(resolve, ms));
    await this.acquire();
  }
}

/** What the driver needs besides the database. */
export interface BusyWaitOptions {
  /** How long a statement may wait for another process's lock (ms). */
  deadlineMs?: number | undefined;
}

/** The one connection: runs statements, waiting out another process's lock with timers. */
class WaitingConnection implements DatabaseConnection {
  private readonly db: SqliteDatabase.Database;
  private readonly lock: ConnectionLock;
  private readonly deadlineMs: number;
  private readonly statements = new BoundedCache<string, SqliteDatabase.Statement>({
    max: STATEMENT_CACHE_SIZE,
  });

  constructor(db: SqliteDatabase.Database, lock: ConnectionLock, deadlineMs: number) {
    this.db = db;
    this.lock = lock;
    this.deadlineMs = deadlineMs;
  }

  private prepare(query: string): SqliteDatabase.Statement {
    return this.statements.getOrSet(query, () => this.db.prepare(query));
  }

  private run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      insertId: BigInt(lastInsertRowid),
      numAffectedRows: BigInt(changes),
      rows: [],
    };
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.waiting(() => this.run<R>(compiledQuery));
  }

  /**
   * Runs `work`; on `SQLITE_BUSY` outside a transaction (nothing was written: the statement
   * is atomic, and `begin immediate` takes the lock before anything else), gives the
   * connection to the next holder, waits and tries again, until the deadline. Inside a
   * transaction the lock is already ours, so a busy statement there cannot be waited out
   * without holding everyone else back: it fails at once.
   */
  private async waiting<T>(work: () => T): Promise<T> {
    let started: number | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        return work();
      } catch (error) {
        if (!isSqliteBusy(error)) throw error;
        const now = Date.now();
        started ??= now;
        const waited = now - started;
        if (this.db.inTransaction || waited >= this.deadlineMs) throw new DatabaseBusyError(waited);
        const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 100;
        await this.lock.pause(Math.min(delay, this.deadlineMs - waited));
      }
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.prepare(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters)) {
      // One row per chunk, as Kysely's own SQLite driver streams; the holder keeps the
      // connection until the stream ends.
      await Promise.resolve();
      yield { rows: [row as R] };
    }
  }

  /**
   * Tries to take the write lock once, without waiting, and gives it back: "ok", "locked"
   * (another process holds it), "readonly" or "full"; other failures are thrown.
   */
  probeWrite(): "ok" | "locked" | "readonly" | "full" {
    try {
      this.prepare("begin immediate").run();
    } catch (error) {
      if (isSqliteBusy(error)) return "locked";
      const code = (error as { code?: unknown }).code;
      if (typeof code === "string" && code.startsWith("SQLITE_READONLY")) return "readonly";
      if (code === "SQLITE_FULL") return "full";
      throw error;
    }
    this.prepare("rollback").run();
    return "ok";
  }
}

/** Kysely must not add its own connection mutex: the driver holds one (see the module's note). */
class WaitingSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** The Kysely driver over the one connection. */
class WaitingSqliteDriver implements Driver {
  private readonly db: SqliteDatabase.Database;
  private readonly lock: ConnectionLock;
  readonly connection: WaitingConnection;

  constructor(db: SqliteDatabase.Database, options: BusyWaitOptions) {
    this.db = db;
    this.lock = new ConnectionLock();
    this.connection = new WaitingConnection(
      db,
      this.lock,
      options.deadlineMs ?? DEFAULT_BUSY_DEADLINE_MS,
    );
  }

  async init(): Promise<void> {
    // The database is opened by the caller.
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return this.connection;
  }

  /**
   * Transactions here are write transactions, so they begin immediately: the write lock is
   * taken first, and other writers wait their turn. A deferred `begin` that reads and then
   * writes fails with `SQLITE_BUSY_SNAPSHOT` (which no waiting helps) when another process
   * committed between its read and its write: the CLI creating a superuser while the server
   * writes its request log, for one.
   */
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  /**
   * SQLite rolls a transaction back by itself after some errors (`SQLITE_FULL`, `SQLITE_IOERR`,
   * `SQLITE_NOMEM`…): then there is nothing left to roll back, and a `rollback` would fail
   * with "no transaction is active" in place of the error that says what happened.
   */
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.db.inTransaction) return;
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  releaseConnection(): Promise<void> {
    this.lock.release();
    return Promise.resolve();
  }

  /** {@link WaitingConnection.probeWrite}, in line with the other holders of the connection. */
  async probeWrite(): Promise<"ok" | "locked" | "readonly" | "full"> {
    await this.lock.acquire();
    try {
      return this.connection.probeWrite();
    } finally {
      this.lock.release();
    }
  }

  destroy(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The Kysely dialect of {@link WaitingSqliteDriver}. */
class WaitingSqliteDialect implements Dialect {
  readonly driver: WaitingSqliteDriver;

  constructor(driver: WaitingSqliteDriver) {
    this.driver = driver;
  }

  createDriver(): Driver {
    return this.driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new WaitingSqliteAdapter();
  }

  createIntrospector(db: Kysely<Record<string, Record<string, unknown>>>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/**
 * The Kysely dialect of an open better-sqlite3 database, and a write probe for the health
 * check. Sets the connection's busy timeout to 0: waits happen on timers, never in SQLite's
 * busy handler.
 *
 * @example
 * const { dialect, probeWrite } = waitingSqliteDialect(new SqliteDatabase(file));
 * const kysely = new Kysely<AnyDB>({ dialect });
 * await probeWrite(); // "ok", or "locked" while another process holds the write lock
 */
export function waitingSqliteDialect(
  db: SqliteDatabase.Database,
  options: BusyWaitOptions = {},
): { dialect: Dialect; probeWrite: () => Promise<"ok" | "locked" | "readonly" | "full"> } {
  db.pragma("busy_timeout = 0");
  const driver = new WaitingSqliteDriver(db, options);
  return { dialect: new WaitingSqliteDialect(driver), probeWrite: () => driver.probeWrite() };
}
