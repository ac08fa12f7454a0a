/**
 * Backups: zip archives in a `BackupStore` (`DATA_DIR/backups/`, or the S3 bucket under
 * `_backups/`) holding a consistent logical snapshot of every
 * table (JSON lines, the same format for SQLite and PostgreSQL, so a backup of one engine
 * restores into the other) and the uploaded files, read through the `FileStorage` (a local
 * folder or an S3 bucket; thumbnails are left out, they are made again on demand). Restores
 * check the archive before touching anything, replace every table in one transaction (a
 * failure leaves the live data as it was), then write the restored files into the storage
 * and delete the others. One backup or restore runs at a time in the whole deployment (a
 * database-wide lock). See ADR 022, ADR 030 and ADR 031.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "../../data/db.ts";
import type { FileStorage, StoredFile } from "../../tools/filesystem/index.ts";
import { replaceAllTables } from "../../data/repositories/backup-repository.ts";
import { rebuildSearchIndex } from "../../data/repositories/search-repository.ts";
import {
  ArchiveError,
  extractZip,
  inspectZip,
  writeZip,
  type ArchiveLimits,
  type ZipSource,
} from "../../tools/archive/zip.ts";
import { badRequest, CoreError, fieldError, notFound } from "../errors.ts";
import {
  BACKUP_NAME,
  isBackupStorageKey,
  type BackupInfo,
  type BackupStore,
} from "./backup-store.ts";

import {
  FORMAT,
  FORMAT_VERSION,
  jsonLines,
  MANIFEST,
  readRows,
  skipped,
  TABLE_ENTRY,
  type Manifest,
} from "./backup-format.ts";

export { BACKUP_NAME, type BackupInfo } from "./backup-store.ts";

const BUSY = "Try again later - another backup/restore process has already been started.";
/** The deployment-wide lock every backup, restore and backup delete takes. */
const LOCK_NAME = "cahier:backups";

/** Options of the backup service. */
export interface BackupOptions {
  db: Database;
  /** Where archives live (`DATA_DIR/backups`, or the bucket's `_backups/`). */
  store: BackupStore;
  /** Where uploaded files live (local folder or S3 bucket). */
  storage: FileStorage;
  /** A local folder for unpacking archives during a restore (`DATA_DIR`). */
  workDir: string;
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

/** Whether a storage key is a generated thumbnail (`…/thumbs_<name>/<size>_<name>`). */
function isThumbKey(key: string): boolean {
  return key.split("/").some((segment) => segment.startsWith("thumbs_"));
}

/** The original file a thumbnail key was made from, or null for other keys. */
function thumbOriginal(key: string): string | null {
  const m = /^(.+\/)thumbs_([^/]+)\/[^/]+$/.exec(key);
  return m?.[1] !== undefined && m[2] !== undefined ? m[1] + m[2] : null;
}

/**
 * Keys of the stored files to back up, sorted: thumbnails, hidden files and the backups
 * themselves (`_backups/`, when they share the storage) are left out.
 */
async function backupKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list("")) {
    if (isBackupStorageKey(key) || isThumbKey(key)) continue;
    if (key.split("/").some((s) => s.startsWith("."))) continue;
    keys.push(key);
  }
  return keys.sort();
}

/** Relative `/`-separated paths of the regular files under a local folder. */
async function* localFiles(root: string, relative = ""): AsyncIterable<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* localFiles(root, name);
    else if (entry.isFile()) yield name;
  }
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

  private get store(): BackupStore {
    return this.options.store;
  }

  /** Whether a backup or restore is running in this process. */
  get running(): boolean {
    return this.busy;
  }

  /**
   * Runs `work` as the only backup operation of the deployment: a second one in this
   * process, or in any instance sharing the PostgreSQL database, gets PocketBase's 400.
   */
  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    // Nothing is awaited before `busy` is set: a caller reserves the operation at its call.
    if (this.busy) throw badRequest(BUSY);
    this.busy = true;
    try {
      const result = await this.options.db.tryExclusive(LOCK_NAME, work);
      if (!result.acquired) throw badRequest(BUSY);
      return result.value;
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
    return this.store.list();
  }

  /** Opens a stored backup for download; 404 when there is none with that key. */
  async open(key: string): Promise<StoredFile> {
    const file = BACKUP_NAME.test(key) ? await this.store.open(key) : null;
    if (!file) throw notFound();
    return file;
  }

  /** Where a stored backup is (a path, or the bucket and key), for messages. */
  describe(key: string): string {
    return this.store.describe(key);
  }

  /** Refuses a name that is not a backup file name (checked before anything else). */
  private checkNameFormat(name: string): void {
    if (!BACKUP_NAME.test(name) || name.length > 150) {
      throw badRequest("An error occurred while validating the submitted data.", {
        name: fieldError("validation_match_invalid", "Must be in a valid format."),
      });
    }
  }

  private async checkNewName(name: string): Promise<void> {
    this.checkNameFormat(name);
    if (await this.store.exists(name)) {
      throw badRequest("An error occurred while validating the submitted data.", {
        name: fieldError("validation_backup_name_exists", "The backup file name is already used."),
      });
    }
  }

  /** A new temporary file in the store's staging folder. */
  private async stagingFile(name: string, suffix: string): Promise<string> {
    await fs.promises.mkdir(this.store.stagingDir, { recursive: true });
    return path.join(this.store.stagingDir, `.${name}.${randomBytes(4).toString("hex")}.${suffix}`);
  }

  /** Creates a backup while the application keeps serving; returns its key. */
  async create(name?: string): Promise<string> {
    const key = name ?? `cahier_backup_${timestamp()}.zip`;
    this.checkNameFormat(key);
    // The operation is reserved before anything is awaited, so of two calls the first one
    // runs and the second gets PocketBase's 400, whatever order their checks finish in. The
    // name is checked under the lock: another instance may have just made one by that name.
    return this.exclusive(async () => {
      await this.checkNewName(key);
      const temporary = await this.stagingFile(key, "tmp");
      const snapshot = await this.options.db.snapshot();
      const storage = this.options.storage;
      let files = 0;
      try {
        const tables = snapshot.tables.filter((t) => !skipped(t));
        async function* entries(migrations: readonly string[], engine: string) {
          for (const table of tables) {
            yield {
              name: `data/${table}.jsonl`,
              content: jsonLines(snapshot.rows(table)),
              compress: true,
            } satisfies ZipSource;
          }
          // Listed after the snapshot: a file deleted since is left out (its record goes too).
          for (const key of await backupKeys(storage)) {
            const file = await storage.open(key);
            if (!file) continue;
            files += 1;
            yield {
              name: `storage/${key}`,
              content: file.stream(),
              compress: !/\.(jpe?g|png|gif|webp|avif|zip|gz|mp4|mp3|pdf)$/i.test(key),
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
      try {
        await this.store.put(key, temporary);
      } finally {
        await fs.promises.rm(temporary, { force: true });
      }
      return key;
    });
  }

  /** Stores an uploaded archive after checking it is one Cahier could restore. */
  async upload(name: string, content: AsyncIterable<Buffer>, maxBytes: number): Promise<void> {
    await this.checkNewName(name);
    const temporary = await this.stagingFile(name, "upload");
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
      await this.checkNewName(name);
      await this.store.put(name, temporary);
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
  }

  /**
   * Copies a local archive (a path given to the CLI) into the store under its own name;
   * returns the key. An archive that already is the stored one is used as it is.
   */
  async adopt(source: string): Promise<string> {
    const key = path.basename(source);
    // The local store describes an archive by its path: already there, nothing to copy.
    if (BACKUP_NAME.test(key) && path.resolve(source) === this.store.describe(key)) {
      if (await this.store.exists(key)) return key;
    }
    await this.checkNewName(key);
    const temporary = await this.stagingFile(key, "copy");
    try {
      await fs.promises.copyFile(source, temporary, fs.constants.COPYFILE_EXCL);
      await this.store.put(key, temporary);
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
    return key;
  }

  /** Deletes a backup (not while a backup or restore runs anywhere: PocketBase's 400). */
  async remove(key: string): Promise<void> {
    if (!(await this.store.exists(key))) throw notFound();
    await this.exclusive(() => this.store.delete(key));
  }

  /**
   * Restores a backup: every table is replaced in one transaction, then the files are put
   * in the storage. Nothing live changes when the archive is refused or the transaction fails.
   */
  async restore(key: string): Promise<void> {
    const missing = () => badRequest("Missing or invalid backup file.");
    if (!BACKUP_NAME.test(key) || !(await this.store.exists(key))) throw missing();
    await this.exclusive(async () => {
      const work = path.join(this.options.workDir, `.restore-${randomBytes(6).toString("hex")}`);
      // A copy in the work folder when the archive lives in the bucket (deleted below).
      const archive = await this.store.local(key, this.options.workDir);
      if (!archive) throw missing();
      const file = archive.path;
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
          .filter((t) => !skipped(t))
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
          const { dialect } = this.options.db;
          await replaceAllTables(this.options.db.kysely, tables, (trx) =>
            rebuildSearchIndex({ kysely: trx, dialect }).then(() => undefined),
          );
        } catch (error) {
          if (error instanceof CoreError) throw error;
          throw badRequest(
            `The backup could not be restored: ${error instanceof ArchiveError ? error.message : "its data does not fit this database"}.`,
          );
        }
        await this.replaceFiles(path.join(work, "storage"));
        await this.options.onRestored?.();
      } finally {
        await fs.promises.rm(work, { recursive: true, force: true });
        await archive.release();
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

  /**
   * Makes the storage hold the restored files: every restored file is written first (a
   * failure then leaves extra files, never missing ones), then every other file is deleted,
   * except the thumbnails of restored files (same name, same bytes: still valid) and the
   * backups kept in the same storage (`_backups/`).
   */
  private async replaceFiles(restored: string): Promise<void> {
    const storage = this.options.storage;
    const keep = new Set<string>();
    for await (const key of localFiles(restored)) {
      // An archive never writes over the backups (a crafted `storage/_backups/…` entry).
      if (isBackupStorageKey(key)) continue;
      await storage.writeFile(key, path.join(restored, ...key.split("/")));
      keep.add(key);
    }
    const stale: string[] = [];
    for await (const { key } of storage.list("")) {
      if (keep.has(key) || isBackupStorageKey(key)) continue;
      const original = thumbOriginal(key);
      if (original !== null && keep.has(original)) continue;
      stale.push(key);
    }
    for (const key of stale) await storage.delete(key);
  }
}
