/**
 * The name of a data folder: a random id kept in `DATA_DIR/instance-id`, made on first use.
 * Work that lives in local files (an import's upload) is queued under it, so only a process
 * on the same folder runs it, whichever instance of a scaled-out deployment that is, and
 * the same instance picks it up again after a restart.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const PATTERN = /^[a-z0-9]{16}$/;

/** The data folder's id, made (and kept) on first use; processes starting at once agree. */
export function dataFolderId(dataDir: string): string {
  const file = path.join(dataDir, "instance-id");
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written whole aside, then linked in place: only the first process to start makes it,
    // and no one reads it half written.
    const id = randomBytes(8).toString("hex");
    const draft = `${file}.${id}`;
    fs.writeFileSync(draft, `${id}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const text = fs.readFileSync(file, "utf8").trim();
  if (!PATTERN.test(text)) throw new Error(`${file} does not hold a data folder id; delete it`);
  return text;
}
