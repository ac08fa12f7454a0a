/**
 * Backups (`/api/backups`, superusers only, ADR 022) through the SDK's backups service:
 * list, create (an optional name), upload, the download address (with a file token), restore
 * and delete.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import { newFileToken } from "../auth/tokens.ts";
import type { BackupFile } from "./system-types.ts";

/** The stored backups. */
export function listBackups(api: ApiClient): Promise<BackupFile[]> {
  return sdk(api).send<BackupFile[]>("/api/backups", { method: "GET" });
}

/** Creates a backup now (`name`: `""` for the server's own). */
export async function createBackup(api: ApiClient, name: string): Promise<void> {
  await sdk(api).backups.create(name);
}

/** Uploads a backup archive (`body`: its `file`). */
export async function uploadBackup(api: ApiClient, body: FormData): Promise<void> {
  await sdk(api).backups.upload(body);
}

/** The address that downloads backup `key` (a fresh file token in it). */
export async function backupDownloadUrl(api: ApiClient, key: string): Promise<string> {
  const token = await newFileToken(api);
  return sdk(api).backups.getDownloadURL(token, key);
}

/** Deletes backup `key`. */
export async function deleteBackup(api: ApiClient, key: string): Promise<void> {
  await sdk(api).backups.delete(key);
}

/** Restores backup `key` (the server restarts on it). */
export async function restoreBackup(api: ApiClient, key: string): Promise<void> {
  await sdk(api).backups.restore(key);
}
