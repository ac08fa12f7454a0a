/**
 * The serving lock (probe finding F8): every `cahier serve` process marks the database it
 * serves, and `cahier restore` refuses to run while any mark is held, because a restore
 * replaces every table under a server that keeps answering writes, which the restore then
 * silently discards.
 *
 * - PostgreSQL: each server holds a *shared* session advisory lock on a connection of its
 *   own, for as long as it runs; a restore takes the same lock *exclusively* and holds it to
 *   the end, so it sees servers on every machine, and a server started during a restore
 *   waits for it. Advisory locks belong to one database, and the server drops a dead
 *   process's lock with its connection.
 * - SQLite: one file per server process in `<DATA_DIR>/.serving/` names its process id and
 *   host. A file whose process is gone (a `kill -9`) is stale and ignored.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { loadPg } from "./pg-module.ts";

/** The advisory lock's two keys: "cahi" as an int4, then 1 for "serving". */
const PG_LOCK_KEYS = [0x63616869, 1] as const;

/** Where a server is, as a restore reports it. */
export interface ServingHolder {
  /** Process id, where known (SQLite). */
  pid?: number;
  /** Host name, where known (SQLite). */
  host?: string;
}

/** A held lock; `release` is idempotent. */
export interface HeldLock {
  release(): Promise<void>;
}

/** Where the lock lives: the PostgreSQL URL, or the SQLite data folder. */
export interface LockTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** What {@link acquireRestoreLock} answers. */
export type RestoreLockResult =
  { acquired: true; lock: HeldLock } | { acquired: false; holders: ServingHolder[] };

function markerDir(dataDir: string): string {
  return path.join(dataDir, ".serving");
}

/** Whether a process id is alive on this machine (EPERM: it exists, owned by someone else). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live serving markers of a SQLite data folder; stale ones are removed. */
function liveMarkers(dataDir: string): ServingHolder[] {
  const dir = markerDir(dataDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const holders: ServingHolder[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    let marker: ServingHolder;
    try {
      marker = JSON.parse(fs.readFileSync(file, "utf8")) as ServingHolder;
    } catch {
      continue; // being written or removed right now
    }
    const sameHost = marker.host === os.hostname();
    if (typeof marker.pid === "number" && (!sameHost || alive(marker.pid))) holders.push(marker);
    else fs.rmSync(file, { force: true });
  }
  return holders;
}

async function pgClient(url: string): Promise<pg.Client> {
  const client = new (loadPg().Client)({ connectionString: url });
  await client.connect();
  return client;
}

function clientRelease(client: pg.Client): HeldLock {
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * Marks the database as served by this process until `release` (or the process's end). On
 * PostgreSQL this waits while a restore holds the lock.
 */
export async function holdServingLock(target: LockTarget): Promise<HeldLock> {
  if (target.databaseUrl) {
    const client = await pgClient(target.databaseUrl);
    // A lost connection loses the lock; the server goes on (a restore is then possible).
    client.on("error", () => undefined);
    await client.query("SELECT pg_advisory_lock_shared($1, $2)", [...PG_LOCK_KEYS]);
    return clientRelease(client);
  }
  const dir = markerDir(target.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${String(process.pid)}.json`);
  const holder: ServingHolder = { pid: process.pid, host: os.hostname() };
  fs.writeFileSync(file, JSON.stringify(holder));
  const remove = () => {
    fs.rmSync(file, { force: true });
  };
  process.once("exit", remove);
  let released = false;
  return {
    release() {
      if (!released) {
        released = true;
        process.off("exit", remove);
        remove();
      }
      return Promise.resolve();
    },
  };
}

/**
 * Takes the lock a restore needs: granted only when no server holds the database; then held
 * until `release` (on PostgreSQL, servers starting meanwhile wait for it).
 */
export async function acquireRestoreLock(target: LockTarget): Promise<RestoreLockResult> {
  if (target.databaseUrl) {
    const client = await pgClient(target.databaseUrl);
    const result = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock($1, $2) AS locked",
      [...PG_LOCK_KEYS],
    );
    if (result.rows[0]?.locked === true) return { acquired: true, lock: clientRelease(client) };
    const holders = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
      [...PG_LOCK_KEYS],
    );
    await client.end();
    return { acquired: false, holders: holders.rows.map(() => ({})) };
  }
  const holders = liveMarkers(target.dataDir);
  if (holders.length > 0) return { acquired: false, holders };
  return { acquired: true, lock: { release: () => Promise.resolve() } };
}
