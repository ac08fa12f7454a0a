/**
 * File storage in a local folder (`DATA_DIR/storage` by default). Writes go to a temporary
 * file that is flushed, renamed into place and followed by a flush of the folder, so a stored
 * file survives a crash and readers never see half of one.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { assertValidKey, type ByteRange, type FileStorage, type StoredFile } from "./storage.ts";

/** Temporary files start with this; stored names never do (they start with a letter or digit). */
const TEMP_PREFIX = ".tmp-";
/** Attempts at writing when a concurrent delete removes the folder in between. */
const WRITE_ATTEMPTS = 3;

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Flushes a folder's entries (renames, creations) to disk; not supported everywhere. */
async function syncDir(dir: string): Promise<void> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(dir, "r");
    await handle.sync();
  } catch (error) {
    // Some platforms and filesystems cannot fsync a folder; the rename is still atomic.
    if (!["EISDIR", "EINVAL", "EPERM", "ENOTSUP"].includes(errorCode(error) ?? "")) throw error;
  } finally {
    await handle?.close();
  }
}

class LocalStoredFile implements StoredFile {
  readonly size: number;
  readonly modified: Date;
  private readonly handle: fsp.FileHandle;
  private released = false;

  constructor(handle: fsp.FileHandle, stat: fs.Stats) {
    this.handle = handle;
    this.size = stat.size;
    this.modified = stat.mtime;
  }

  async read(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(Math.max(0, Math.min(length, this.size - position)));
    if (buffer.length === 0) return buffer;
    const { bytesRead } = await this.handle.read(buffer, 0, buffer.length, position);
    return buffer.subarray(0, bytesRead);
  }

  stream(range?: ByteRange): Readable {
    this.released = true;
    return this.handle.createReadStream({
      autoClose: true,
      ...(range ? { start: range.start, end: range.end } : { start: 0 }),
    });
  }

  async close(): Promise<void> {
    if (this.released) return;
    this.released = true;
    await this.handle.close();
  }
}

/** A `FileStorage` in a folder of the local filesystem. */
export class LocalStorage implements FileStorage {
  /** Absolute path of the folder. */
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key (validated: it always stays inside the root). */
  private resolve(key: string, options: { prefix?: boolean } = {}): string {
    assertValidKey(key, options);
    const full = path.join(this.root, ...key.split("/").filter(Boolean));
    if (full !== this.root && !full.startsWith(this.root + path.sep)) {
      throw new Error(`storage key escapes the root: ${key}`);
    }
    return full;
  }

  async write(key: string, data: Uint8Array): Promise<void> {
    await this.writeWith(key, async (handle) => {
      await handle.writeFile(data);
    });
  }

  async writeFile(key: string, source: string): Promise<void> {
    await this.writeWith(key, async (handle) => {
      await handle.writeFile(fs.createReadStream(source));
    });
  }

  /** Writes a temporary file with `fill`, flushes it and renames it into place. */
  private async writeWith(key: string, fill: (handle: fsp.FileHandle) => Promise<void>) {
    const target = this.resolve(key);
    const dir = path.dirname(target);
    for (let attempt = 1; ; attempt++) {
      const temp = path.join(dir, `${TEMP_PREFIX}${randomBytes(8).toString("hex")}`);
      try {
        await fsp.mkdir(dir, { recursive: true });
        const handle = await fsp.open(temp, "wx");
        try {
          await fill(handle);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fsp.rename(temp, target);
        await syncDir(dir);
        return;
      } catch (error) {
        await fsp.rm(temp, { force: true }).catch(() => undefined);
        // A concurrent delete pruned the (then empty) folder between mkdir and open: retry.
        if (errorCode(error) !== "ENOENT" || attempt >= WRITE_ATTEMPTS) throw error;
      }
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.resolve(key), "r");
    } catch (error) {
      if (["ENOENT", "EISDIR", "ENOTDIR"].includes(errorCode(error) ?? "")) return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return new LocalStoredFile(handle, stat);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.resolve(key))).isFile();
    } catch (error) {
      if (["ENOENT", "ENOTDIR"].includes(errorCode(error) ?? "")) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const target = this.resolve(key);
    await fsp.rm(target, { force: true });
    await this.pruneEmptyParents(path.dirname(target));
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith("/")) throw new Error(`a storage prefix ends with "/": ${prefix}`);
    const dir = this.resolve(prefix, { prefix: true });
    if (dir === this.root) throw new Error("refusing to delete the whole storage");
    await fsp.rm(dir, { recursive: true, force: true });
    await this.pruneEmptyParents(path.dirname(dir));
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modified: Date }> {
    const start = this.resolve(prefix, { prefix: true });
    const walk = async function* (dir: string): AsyncGenerator<{ full: string; modified: Date }> {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (["ENOENT", "ENOTDIR"].includes(errorCode(error) ?? "")) return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(full);
        else if (entry.isFile() && !entry.name.startsWith(TEMP_PREFIX)) {
          const stat = await fsp.stat(full).catch(() => null);
          if (stat) yield { full, modified: stat.mtime };
        }
      }
    };
    for await (const { full, modified } of walk(start)) {
      yield { key: path.relative(this.root, full).split(path.sep).join("/"), modified };
    }
  }

  /** Removes empty folders from `dir` up to (not including) the root; best effort. */
  private async pruneEmptyParents(dir: string): Promise<void> {
    let current = dir;
    while (current !== this.root && current.startsWith(this.root + path.sep)) {
      try {
        await fsp.rmdir(current);
      } catch {
        return; // not empty, already gone or busy: stop here
      }
      current = path.dirname(current);
    }
  }
}
