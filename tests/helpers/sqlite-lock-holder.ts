/**
 * Another process holding a SQLite file's write lock, as a CLI command, a backup tool or
 * `sqlite3` in a shell would: a child Node process (the project's Node 24, better-sqlite3)
 * opens the file and runs `BEGIN IMMEDIATE`, and holds the lock until it is released.
 *
 * @example
 * const holder = await holdSqliteWriteLock(path.join(dataDir, "data.db"));
 * // … requests meet a database another process has locked …
 * await holder.release();
 */
import { spawn } from "node:child_process";
import { killOnExit, waitForExit } from "./child-process.ts";
import { ROOT_DIR } from "./server-process.ts";

/** A held lock. */
export interface SqliteLockHolder {
  /** Commits the holder's (empty) transaction and waits for the process to exit. */
  release(): Promise<void>;
}

/** How long the child may take to open the file and take the lock. */
const HOLD_TIMEOUT_MS = 30_000;

/** The child: takes the lock, says "held", waits for a line on stdin, commits, says "released". */
const HOLDER_SCRIPT = `
import Database from "better-sqlite3";
import readline from "node:readline";
const db = new Database(process.argv[1]);
db.pragma("busy_timeout = 10000");
db.prepare("BEGIN IMMEDIATE").run();
process.stdout.write("held\\n");
const lines = readline.createInterface({ input: process.stdin });
lines.once("line", () => {
  db.prepare("COMMIT").run();
  db.close();
  process.stdout.write("released\\n");
  process.exit(0);
});
`;

/** Starts a process that holds the write lock of the SQLite file at `file`. */
export async function holdSqliteWriteLock(file: string): Promise<SqliteLockHolder> {
  const child = spawn(process.execPath, ["--input-type=module", "--eval", HOLDER_SCRIPT, file], {
    cwd: ROOT_DIR,
    stdio: ["pipe", "pipe", "pipe"],
  });
  killOnExit(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  let onExit: (code: number | null) => void = () => undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`the lock holder did not take the lock:\n${output}`));
      }, HOLD_TIMEOUT_MS);
      child.stdout.on("data", () => {
        if (!output.includes("held\n")) return;
        clearTimeout(timer);
        resolve();
      });
      onExit = (code) => {
        clearTimeout(timer);
        reject(new Error(`the lock holder exited (${String(code)}):\n${output}`));
      };
      child.once("exit", onExit);
    });
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  } finally {
    child.off("exit", onExit);
  }
  return {
    async release() {
      if (child.exitCode !== null) return;
      const exited = waitForExit(child);
      child.stdin.end("release\n");
      const status = await exited;
      if (status.code !== 0 || !output.includes("released\n"))
        throw new Error(`the lock holder failed to release (${String(status.code)}):\n${output}`);
    },
  };
}
