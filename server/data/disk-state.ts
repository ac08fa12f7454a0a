/**
 * Whether the data folder (`DATA_DIR`: the SQLite file, uploaded files, the outbox) takes
 * writes, for the health check (issue 23 finding 7): a full or read-only disk made every write
 * fail while `/api/health` stayed green.
 */
import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";

/** Whether a folder takes writes: `ok`, `full`, `readonly`, or `unavailable` (missing, other). */
export type DiskState = "ok" | "full" | "readonly" | "unavailable";

/** Bytes of the probe file: one block, as a write of anything real needs. */
const PROBE_BYTES = 4096;

/** What a failed write of the probe says about the folder. */
function stateOf(error: unknown): DiskState {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT") return "full";
  if (code === "EROFS" || code === "EACCES" || code === "EPERM") return "readonly";
  return "unavailable";
}

/**
 * Writes a small file in `dir` and removes it: what a write there would meet right now.
 *
 * @example
 * await diskState("/var/lib/cahier"); // "ok", or "full" once the disk has no room left
 */
export async function diskState(dir: string): Promise<DiskState> {
  const probe = path.join(dir, `.health-${randomBytes(6).toString("hex")}`);
  try {
    await fsp.writeFile(probe, Buffer.alloc(PROBE_BYTES), { flag: "wx" });
    return "ok";
  } catch (error) {
    return stateOf(error);
  } finally {
    await fsp.rm(probe, { force: true }).catch(() => undefined);
  }
}
