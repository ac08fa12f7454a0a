/**
 * Deletes a folder tree a few files at a time. `fs.promises.rm(…, { recursive: true })` queues
 * an unlink per file at once: ten thousand of them fill libuv's four threads, and every
 * request's own file work (a health check's probe, an upload) waits behind them (issue 23
 * finding 2: the last stall of a 10,000-note import was its clean-up).
 */
import fs from "node:fs/promises";
import path from "node:path";

/** Files deleted at once. */
const PARALLEL = 4;

/** Deletes `dir` and everything in it; a missing folder is already deleted. */
export async function removeTree(dir: string): Promise<void> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR") return fs.rm(dir, { force: true });
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await removeTree(child);
    else files.push(child);
  }
  for (let at = 0; at < files.length; at += PARALLEL)
    await Promise.all(files.slice(at, at + PARALLEL).map((file) => fs.rm(file, { force: true })));
  await fs.rm(dir, { recursive: true, force: true });
}
