/**
 * Backups: zip archives in `DATA_DIR/backups/` holding a consistent logical snapshot of every
 * table (JSON lines, the same format for SQLite and PostgreSQL, so a backup of one engine
 * restores into the other) and the uploaded files (thumbnails are left out; they are made
 * again on demand). Restores check the archive before touching anything, replace every
 * table in one transaction (a failure leaves the live data as it was), then swap the files
 * folder. One backup or restore runs at a time. See ADR 022.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { Database, Row } from "../../data/db.ts";
import { replaceAllTables } from "../../data/repositories/backup-repository.ts";
import {
  ArchiveError,
  extractZip,
  inspectZip,
  writeZip,
  type ArchiveLimits,
  type ZipSource,
} from "../../tools/archive/zip.ts";
import { badRequest, CoreError, fieldError, notFound } from "../errors.ts";

/** PocketBase's backup name rule. */
export const BACKUP_NAME = /^[a-z0-9_-]+\.zip$/;
/** The manifest at the root of every archive. */
const MANIFEST = "cahier-backup.json";
const FORMAT = "cahier-backup";
const FORMAT_VERSION = 1;
const TABLE_ENTRY = /^data\/([A-Za-z0-9_]+)\.jsonl$/;
/** Tables never restored (the schema version is checked, not overwritten). */
const SKIPPED_TABLES = new Set(["_migrations"]);
const BUSY = "Try again later - another backup/restore process has already been started.";

/** A stored backup. */
export interface BackupInfo {
  key: string;
  size: number;
  modified: string;
}

/** What a backup archive declares about itself. */
interface Manifest {
  format: string;
  version: number;
  created: string;
  engine: string;
  migrations: string[];
  tables: string[];
  files: number;
}

/** Options of the backup service. */
export interface BackupOptions {
  db: Database;
  /** Where archives live (`DATA_DIR/backups`). */
  backupsDir: string;
  /** The uploaded files folder (`DATA_DIR/storage`). */
  storageDir: string;
  /** The schema version of this build (names of the applied migrations). */
  migrations: readonly string[];
  /** Called after a restore committed (reload cached secrets, clear caches). */
  onRestored?: () => Promise<void>;
  /** Most entries and unpacked bytes an archive may hold. */
  maxEntries?: number;
  maxUnpackedBytes?: number;
}

/** Default limits: PocketBase-sized instances, zip (not zip64) archives. */
const DEFAULT_MAX_ENTRIES = 60_000;
const DEFAULT_MAX_UNPACKED = 4 * 1024 * 1024 * 1024 - 1;

function timestamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[-:T]/g, "")
    .replace(/\.\d+Z$/, "");
}

/** Walks the files folder, skipping generated thumbnails and temporary files. */
async function* storageFiles(root: string, relative = ""): AsyncIterable<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name.startsWith("thumbs_")) continue;
      yield* storageFiles(root, name);
    } else if (entry.isFile() && !entry.name.startsWith(".")) {
      yield name;
    }
  }
}

async function* fileChunks(file: string): AsyncIterable<Uint8Array> {
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 }))
    yield chunk as Buffer;
}

async function* jsonLines(batches: AsyncIterable<Row[]>): AsyncIterable<Uint8Array> {
  for await (const batch of batches) {
    yield Buffer.from(batch.map((row) => `${JSON.stringify(row)}\n`).join(""));
  }
}

/** Reads a JSON-lines file in batches of rows. */
async function* readRows(file: string, batchSize = 500): AsyncIterable<Row[]> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file, { encoding: "utf8" }),
    crlfDelay: Infinity,
  });
  let batch: Row[] = [];
  for await (const line of lines) {
    if (line.trim() === "") continue;
    const row: unknown = JSON.parse(line);
    if (!row || typeof row !== "object" || Array.isArray(row))
      throw new ArchiveError(`invalid row in ${path.basename(file)}`);
    batch.push(row as Row);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Backups and restores. */
export class BackupService {
  private readonly options: Required<Omit<BackupOptions, "onRestored">> &
    Pick<BackupOptions, "onRestored">;
  private busy = false;

  constructor(options: BackupOptions) {
    this.options = {
      maxEntries: DEFAULT_MAX_ENTRIES,
      maxUnpackedBytes: DEFAULT_MAX_UNPACKED,
      ...options,
    };
  }

  private get dir(): string {
    return this.options.backupsDir;
  }

  /** Whether a backup or restore is running. */
  get running(): boolean {
    return this.busy;
  }

  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy) throw badRequest(BUSY);
    this.busy = true;
    try {
      return await work();
    } finally {
      this.busy = false;
    }
  }

  private limits(): ArchiveLimits {
    return {
      maxEntries: this.options.maxEntries,
      maxUnpackedBytes: this.options.maxUnpackedBytes,
      allowName: (name) =>
        name === MANIFEST || TABLE_ENTRY.test(name) || name.startsWith("storage/"),
    };
  }

  /** The stored backups, newest first. */
  async list(): Promise<BackupInfo[]> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const out: BackupInfo[] = [];
    for (const key of names) {
      if (!BACKUP_NAME.test(key)) continue;
      const stat = await fs.promises.stat(path.join(this.dir, key)).catch(() => null);
      if (!stat?.isFile()) continue;
      out.push({ key, size: stat.size, modified: stat.mtime.toISOString().replace("T", " ") });
    }
    return out.sort((a, b) => (a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : 0));
  }

  /** The path of a stored backup; 404 when there is none with that key. */
  filePath(key: string): string {
    const file = path.join(this.dir, key);
    if (!BACKUP_NAME.test(key) || !fs.existsSync(file)) throw notFound();
    return file;
  }

  private checkNewName(name: string): void {
    if (!BACKUP_NAME.test(name) || name.length > 150) {
      throw badRequest("An error occurred while validating the submitted data.", {
        name: fieldError("validation_match_invalid", "Must be in a valid format."),
      });
    }
    if (fs.existsSync(path.join(this.dir, name))) {
      throw badRequest("An error occurred while validating the submitted data.", {
        name: fieldError("validation_backup_name_exists", "The backup file name is already used."),
      });
    }
  }

  /** Creates a backup while the application keeps serving; returns its key. */
  async create(name?: string): Promise<string> {
    const key = name ?? `cahier_backup_${timestamp()}.zip`;
    this.checkNewName(key);
    return this.exclusive(async () => {
      await fs.promises.mkdir(this.dir, { recursive: true });
      const temporary = path.join(this.dir, `.${key}.${randomBytes(4).toString("hex")}.tmp`);
      const snapshot = await this.options.db.snapshot();
      const storageDir = this.options.storageDir;
      let files = 0;
      try {
        const tables = snapshot.tables.filter((t) => !SKIPPED_TABLES.has(t));
        async function* entries(migrations: readonly string[], engine: string) {
          for (const table of tables) {
            yield {
              name: `data/${table}.jsonl`,
              content: jsonLines(snapshot.rows(table)),
              compress: true,
            } satisfies ZipSource;
          }
          for await (const relative of storageFiles(storageDir)) {
            files += 1;
            yield {
              name: `storage/${relative}`,
              content: fileChunks(path.join(storageDir, relative)),
              compress: !/\.(jpe?g|png|gif|webp|avif|zip|gz|mp4|mp3|pdf)$/i.test(relative),
            } satisfies ZipSource;
          }
          const manifest: Manifest = {
            format: FORMAT,
            version: FORMAT_VERSION,
            created: new Date().toISOString(),
            engine,
            migrations: [...migrations],
            tables,
            files,
          };
          yield {
            name: MANIFEST,
            content: Buffer.from(JSON.stringify(manifest, null, 2)),
            compress: true,
          } satisfies ZipSource;
        }
        await writeZip(temporary, entries(this.options.migrations, this.options.db.dialect.name));
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      } finally {
        await snapshot.close();
      }
      await fs.promises.rename(temporary, path.join(this.dir, key));
      return key;
    });
  }

  /** Stores an uploaded archive after checking it is one Cahier could restore. */
  async upload(name: string, content: AsyncIterable<Buffer>, maxBytes: number): Promise<void> {
    this.checkNewName(name);
    await fs.promises.mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${name}.${randomBytes(4).toString("hex")}.upload`);
    try {
      const out = fs.createWriteStream(temporary);
      let size = 0;
      try {
        for await (const chunk of content) {
          size += chunk.length;
          if (size > maxBytes) throw new CoreError(413, "Request entity too large.");
          if (!out.write(chunk))
            await new Promise<void>((resolve) => {
              out.once("drain", () => {
                resolve();
              });
            });
        }
      } finally {
        await new Promise<void>((resolve, reject) => {
          out.end((error?: Error | null) => {
            if (error) reject(error);
            else resolve();
          });
        });
      }
      try {
        const entries = inspectZip(temporary, this.limits());
        if (!entries.some((e) => e.name === MANIFEST)) throw new ArchiveError("no manifest");
      } catch (error) {
        if (error instanceof ArchiveError) {
          throw badRequest("An error occurred while validating the submitted data.", {
            file: fieldError(
              "validation_invalid_backup",
              `Invalid backup archive: ${error.message}.`,
            ),
          });
        }
        throw error;
      }
      this.checkNewName(name);
      await fs.promises.rename(temporary, path.join(this.dir, name));
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
  }

  /** Deletes a backup. */
  async remove(key: string): Promise<void> {
    const file = this.filePath(key);
    if (this.busy) throw badRequest(BUSY);
    await fs.promises.rm(file, { force: true });
  }

  /**
   * Restores a backup: every table is replaced in one transaction, then the files folder is
   * swapped. Nothing live changes when the archive is refused or the transaction fails.
   */
  async restore(key: string): Promise<void> {
    const file = path.join(this.dir, key);
    if (!BACKUP_NAME.test(key) || !fs.existsSync(file))
      throw badRequest("Missing or invalid backup file.");
    await this.exclusive(async () => {
      const dataDir = path.dirname(this.options.storageDir);
      const work = path.join(dataDir, `.restore-${randomBytes(6).toString("hex")}`);
      try {
        try {
          await extractZip(file, work, this.limits());
        } catch (error) {
          if (error instanceof ArchiveError)
            throw badRequest(`The backup could not be restored: ${error.message}.`);
          throw error;
        }
        const manifest = this.readManifest(work);
        const live = await this.options.db.tableNames();
        const unknown = manifest.tables.filter((t) => !live.includes(t));
        if (unknown.length)
          throw badRequest(
            `The backup could not be restored: unknown tables ${unknown.join(", ")}.`,
          );
        const tables = live
          .filter((t) => !SKIPPED_TABLES.has(t))
          .map((name) => {
            const rowsFile = path.join(work, "data", `${name}.jsonl`);
            return {
              name,
              rows:
                manifest.tables.includes(name) && fs.existsSync(rowsFile)
                  ? readRows(rowsFile)
                  : null,
            };
          });
        try {
          await replaceAllTables(this.options.db.kysely, tables);
        } catch (error) {
          if (error instanceof CoreError) throw error;
          throw badRequest(
            `The backup could not be restored: ${error instanceof ArchiveError ? error.message : "its data does not fit this database"}.`,
          );
        }
        await this.swapStorage(path.join(work, "storage"));
        await this.options.onRestored?.();
      } finally {
        await fs.promises.rm(work, { recursive: true, force: true });
      }
    });
  }

  private readManifest(work: string): Manifest {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(work, MANIFEST), "utf8")) as Manifest;
    } catch {
      throw badRequest("The backup could not be restored: missing or invalid manifest.");
    }
    if (
      manifest.format !== FORMAT ||
      manifest.version !== FORMAT_VERSION ||
      !Array.isArray(manifest.migrations) ||
      !Array.isArray(manifest.tables)
    ) {
      throw badRequest("The backup could not be restored: missing or invalid manifest.");
    }
    const newer = manifest.migrations.filter((m) => !this.options.migrations.includes(m));
    if (newer.length) {
      throw badRequest(
        "The backup could not be restored: it was made by a newer version of Cahier.",
      );
    }
    return manifest;
  }

  /** Puts the restored files in place of the live ones (the old folder goes last). */
  private async swapStorage(restored: string): Promise<void> {
    const live = this.options.storageDir;
    if (!fs.existsSync(restored)) await fs.promises.mkdir(restored, { recursive: true });
    const old = `${live}.old-${randomBytes(4).toString("hex")}`;
    const hadLive = fs.existsSync(live);
    if (hadLive) await fs.promises.rename(live, old);
    try {
      await fs.promises.rename(restored, live);
    } catch (error) {
      if (hadLive) await fs.promises.rename(old, live);
      throw error;
    }
    if (hadLive) await fs.promises.rm(old, { recursive: true, force: true });
  }
}
