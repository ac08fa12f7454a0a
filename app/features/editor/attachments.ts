/**
 * Attachments of an entry while it is edited: files already stored (kept or marked for
 * removal) and files picked but not uploaded yet. New files are uploaded with the save
 * (`attachments+`), removed ones sent as `attachments-` (PocketBase's modifiers), so nothing
 * changes on the server until the writer saves.
 *
 * A picked file can be inserted into the text before it has a name on the server: its link
 * points at a placeholder address (`/api/files/_pending/{key}`), and {@link resolvePendingLinks}
 * swaps in the real address once the save has answered with the stored names. Addresses and
 * names of stored files, which pages read too, are in `lib/record-files.ts`.
 */

/** Most files an entry holds (the registry's `maxSelect`). */
export const MAX_ATTACHMENTS = 10;
/** Largest attachment in bytes (the registry's `maxSize`). */
export const MAX_ATTACHMENT_SIZE = 10 * 1024 * 1024;

/** A file picked but not uploaded yet. */
export interface PendingFile {
  /** A key unique within the page, used in the placeholder address. */
  key: string;
  file: File;
}

/** Placeholder addresses start with this. */
export const PENDING_PREFIX = "/api/files/_pending/";

/** The placeholder address of a picked file. */
export function pendingFileUrl(key: string): string {
  return `${PENDING_PREFIX}${key}`;
}

/**
 * The names a save added: the stored names after the save that were not there before, in
 * upload order (the server appends `attachments+` files in the order they were sent).
 */
export function addedNames(before: readonly string[], after: readonly string[]): string[] {
  const known = new Set(before);
  return after.filter((name) => !known.has(name));
}

/**
 * Replaces the placeholder addresses of `pending` files in `text` with the addresses of the
 * names the server gave them (`stored[i]` is the name of `pending[i]`). Placeholders of files
 * that were not uploaded stay as they are.
 */
export function resolvePendingLinks(
  text: string,
  pending: readonly PendingFile[],
  stored: readonly string[],
  urlOf: (name: string) => string,
): string {
  let out = text;
  pending.forEach((file, index) => {
    const name = stored[index];
    if (name === undefined) return;
    out = out.replaceAll(pendingFileUrl(file.key), urlOf(name));
  });
  return out;
}

/** Whether `text` holds placeholder addresses of picked files. */
export function hasPendingLinks(text: string): boolean {
  return text.includes(PENDING_PREFIX);
}

/** A new key for a picked file. */
export function newPendingKey(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
