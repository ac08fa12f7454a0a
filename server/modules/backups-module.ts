/**
 * Backups (ADR 022, 031) as a module. A restore replaces every table and file: the token
 * secrets, the second factors' keys and the settings in force are read again, here and, through
 * the fan-out's reset, on every other instance.
 */
import path from "node:path";
import type { Secrets } from "../core/auth/secrets.ts";
import { loadSecrets } from "../core/auth/secrets.ts";
import type { SecondFactors } from "../core/auth/mfa/second-factor.ts";
import { BackupService } from "../core/backups/backup-service.ts";
import { LocalBackupStore, StorageBackupStore } from "../core/backups/backup-store.ts";
import type { FileService } from "../core/files/file-service.ts";
import { MIGRATIONS } from "../data/migrations/index.ts";
import { registerBackupRoutes } from "../http/backups/backups.ts";
import type { Kernel } from "../kernel/module.ts";
import { S3Storage, type FileStorage } from "../tools/filesystem/index.ts";

/** What the backups module needs. */
export interface BackupDeps {
  storage: FileStorage;
  secrets: Secrets;
  authCollectionIds: string[];
  /** The second factors, whose keys a restore replaces. */
  twoFactorKeys: Pick<SecondFactors, "reload">;
  files: FileService;
}

/** Makes the backup service and registers `/api/backups`. */
export function backupsModule(kernel: Kernel, deps: BackupDeps): BackupService {
  const { db, records, settings, config, log } = kernel;
  const { storage } = deps;
  // Restored token secrets replace the cached ones (restored sessions stay valid), and the
  // restored settings replace the ones in force.
  const reloadRestored = async () => {
    Object.assign(deps.secrets, await loadSecrets(db.kysely, deps.authCollectionIds));
    await deps.twoFactorKeys.reload(db);
    await settings.reload();
  };
  const backups = new BackupService({
    db,
    // With a bucket, the archives are shared by every instance (ADR 031).
    store:
      storage instanceof S3Storage
        ? new StorageBackupStore(storage, config.dataDir, `s3://${storage.bucket}`)
        : new LocalBackupStore(path.join(config.dataDir, "backups")),
    storage,
    workDir: config.dataDir,
    migrations: MIGRATIONS.map((m) => m.name),
    onRestored: async () => {
      await reloadRestored();
      // Caches and realtime clients here, and on the other instances through the fan-out.
      records.events.reset();
    },
  });
  // A restore made by another instance: its secrets and settings are the ones in force now.
  records.events.onReset((remote) => {
    if (!remote) return;
    reloadRestored().catch((error: unknown) => {
      log.error({ err: error }, "Failed to reload secrets and settings after a restore");
    });
  });
  kernel.routes.push((app) => {
    registerBackupRoutes(app, backups, deps.files);
  });
  return backups;
}
