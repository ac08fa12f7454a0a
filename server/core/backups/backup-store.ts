/**
 * Where backup archives are kept. By default the local `DATA_DIR/backups` folder of the
 * instance (`LocalBackupStore`); when the files live in a shared `FileStorage` (an S3 bucket,
 * `S3_*`), the archives go to the same storage under the reserved `_backups/` prefix
 * (`StorageBackupStore`), so every instance of a scaled-out deployment sees the same backups.
 * Archives are written to a local file first (zip needs a seekable central directory), then
 * moved or streamed into the store; nothing holds a whole archive in memory. See ADR 031.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { LocalStorage, type FileStorage, type StoredFile } from "../../tools/filesystem/index.ts";

/** PocketBase's backup name rule. */
export const BACKUP_NAME = /^[a-z0-9_-]+\.zip$/;

/**
 * The storage prefix reserved for backup archives. Record files live under
 * `<collectionId>/`, and no collection of the registry has the id `_backups` (a test checks
 * it), so no record file lives under it; backups leave it out of the archive and restores
 * never delete under it.
 */
export const BACKUPS_PREFIX = "_backups/";

/** Whether a storage key belongs to the backups (never backed up, never deleted by a restore). */
export function isBackupStorageKey(key: string): boolean {
  return key.startsWith(BACKUPS_PREFIX);
}

/** A stored backup, as `GET /api/backups` lists it. */
export interface BackupInfo {
  key: string;
  size: number;
  modified: string;
}

/** A local file holding an archive, for as long as it is needed. */
export interface LocalArchive {
  path: string;
  /** Removes the file when it was a temporary copy. */
  release(): Promise<void>;
}

/** Where backup archives are kept. Keys are validated backup names (`BACKUP_NAME`). */
export interface BackupStore {
  /** A local folder for archives being written before `put` (same filesystem when local). */
  readonly stagingDir: string;
  /** Stored backups, newest first. */
  list(): Promise<BackupInfo[]>;
  exists(key: string): Promise<boolean>;
  /** Opens an archive for streaming; null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Moves the finished local archive `file` (in `stagingDir`) into the store as `key`. */
  put(key: string, file: string): Promise<void>;
  /** A local file with the archive's bytes (copied into `workDir` when remote); null if none. */
  local(key: string, workDir: string): Promise<LocalArchive | null>;
  delete(key: string): Promise<void>;
  /** Where a backup is, for messages (a path or a bucket key). */
  describe(key: string): string;
}

function modifiedText(date: Date): string {
  return date.toISOString().replace("T", " ");
}

function newestFirst(a: BackupInfo, b: BackupInfo): number {
  return a.modified < b.modified ? 1 : a.modified > b.modified ? -1 : 0;
}

/** Backups in a local folder (`DATA_DIR/backups`), as before ADR 031. */
export class LocalBackupStore implements BackupStore {
  readonly stagingDir: string;
  private readonly files: LocalStorage;

  constructor(dir: string) {
    this.stagingDir = path.resolve(dir);
    this.files = new LocalStorage(this.stagingDir);
  }

  private file(key: string): string {
    if (!BACKUP_NAME.test(key)) throw new Error(`invalid backup name ${JSON.stringify(key)}`);
    return path.join(this.stagingDir, key);
  }

  async list(): Promise<BackupInfo[]> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.stagingDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const out: BackupInfo[] = [];
    for (const key of names) {
      if (!BACKUP_NAME.test(key)) continue;
      const stat = await fs.promises.stat(path.join(this.stagingDir, key)).catch(() => null);
      if (!stat?.isFile()) continue;
      out.push({ key, size: stat.size, modified: modifiedText(stat.mtime) });
    }
    return out.sort(newestFirst);
  }

  async exists(key: string): Promise<boolean> {
    return BACKUP_NAME.test(key) && (await this.files.exists(key));
  }

  async open(key: string): Promise<StoredFile | null> {
    return BACKUP_NAME.test(key) ? this.files.open(key) : null;
  }

  async put(key: string, file: string): Promise<void> {
    await fs.promises.rename(file, this.file(key));
  }

  async local(key: string): Promise<LocalArchive | null> {
    if (!(await this.exists(key))) return null;
    return { path: this.file(key), release: () => Promise.resolve() };
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  describe(key: string): string {
    return this.file(key);
  }
}

/** Backups in a shared `FileStorage` (the S3 bucket), under `_backups/`. */
export class StorageBackupStore implements BackupStore {
  readonly stagingDir: string;
  private readonly storage: FileStorage;
  private readonly label: string;

  /**
   * @param storage the shared storage of the uploaded files
   * @param stagingDir a local folder for archives on their way in or out (`DATA_DIR`)
   * @param label how messages name the storage (e.g. `s3://bucket`)
   */
  constructor(storage: FileStorage, stagingDir: string, label = "storage") {
    this.storage = storage;
    this.stagingDir = path.resolve(stagingDir);
    this.label = label;
  }

  private storageKey(key: string): string {
    if (!BACKUP_NAME.test(key)) throw new Error(`invalid backup name ${JSON.stringify(key)}`);
    return BACKUPS_PREFIX + key;
  }

  async list(): Promise<BackupInfo[]> {
    const out: BackupInfo[] = [];
    for await (const { key: full } of this.storage.list(BACKUPS_PREFIX)) {
      const key = full.slice(BACKUPS_PREFIX.length);
      if (!BACKUP_NAME.test(key)) continue;
      // The listing has no sizes on every storage: one open (a HEAD on S3) per archive.
      const file = await this.storage.open(full);
      if (!file) continue;
      await file.close();
      out.push({ key, size: file.size, modified: modifiedText(file.modified) });
    }
    return out.sort(newestFirst);
  }

  async exists(key: string): Promise<boolean> {
    return BACKUP_NAME.test(key) && (await this.storage.exists(this.storageKey(key)));
  }

  async open(key: string): Promise<StoredFile | null> {
    return BACKUP_NAME.test(key) ? this.storage.open(this.storageKey(key)) : null;
  }

  async put(key: string, file: string): Promise<void> {
    try {
      await this.storage.writeFile(this.storageKey(key), file);
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  }

  async local(key: string, workDir: string): Promise<LocalArchive | null> {
    const stored = await this.open(key);
    if (!stored) return null;
    await fs.promises.mkdir(workDir, { recursive: true });
    const copy = path.join(workDir, `.backup-${randomBytes(6).toString("hex")}.zip`);
    const release = () => fs.promises.rm(copy, { force: true });
    try {
      await pipeline(stored.stream(), fs.createWriteStream(copy, { flags: "wx" }));
    } catch (error) {
      await release();
      throw error;
    }
    return { path: copy, release };
  }

  async delete(key: string): Promise<void> {
    await this.storage.delete(this.storageKey(key));
  }

  describe(key: string): string {
    return `${this.label}/${this.storageKey(key)}`;
  }
}
