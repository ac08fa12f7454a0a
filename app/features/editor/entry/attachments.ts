/**
 * Attachments of an entry while it is edited: files already stored (kept or marked for
 * removal) and files picked but not uploaded yet. New files are uploaded with the save
 * (`attachments+`), removed ones sent as `attachments-` (PocketBase's modifiers), so nothing
 * changes on the server until the writer saves.
 *
 * A picked file can be inserted into the text before it has a name on the server: its link
 * then points at the file's name (`![photo.jpg](photo.jpg)`, made unique among the picked
 * files), never at an internal address, and {@link resolvePendingLinks} swaps in the stored
 * file's address once the save has answered with the stored names. Left unresolved (the file
 * was dropped, or the page reloaded before the save), such a link stays harmless: a relative
 * link, an image shown as its description. The preview shows a picked image at once from an
 * object URL ({@link previewPendingLinks}, `use-pending-previews.ts`). Addresses and names of
 * stored files, which pages read too, are in `lib/records/record-files.ts`.
 */
import { PENDING_FILES_PREFIX } from "../../../api/files/file-urls.ts";
import { ENTRY_ATTACHMENT_MAX_SIZE } from "#shared/records/file-limits.ts";

/** Most files an entry holds (the registry's `maxSelect`). */
export const MAX_ATTACHMENTS = 10;
/** Largest attachment in bytes (the registry's `maxSize`, which reads the same module). */
export const MAX_ATTACHMENT_SIZE = ENTRY_ATTACHMENT_MAX_SIZE;

/** A file picked but not uploaded yet. */
export interface PendingFile {
  /** A key unique within the page. */
  key: string;
  file: File;
  /** Its link destination in the text until the save: its name, unique among picked files. */
  ref: string;
}

/**
 * Where the preview points a picked file before swapping in its object URL: an address the
 * renderer accepts for images. It lives only inside the preview, never in the text.
 */
export const PENDING_PREFIX = PENDING_FILES_PREFIX;

/** The preview's address of a picked file (see {@link PENDING_PREFIX}). */
export function pendingPreviewUrl(key: string): string {
  return `${PENDING_PREFIX}${key}`;
}

/**
 * The reference of a picked file in the text: its name, with the characters that would make
 * it something else than a relative path (`%`, `#`, `?`, `:`, `\`, `<`, `>`) percent-encoded, and
 * `-2`, `-3`… before the extension when another picked file has it already.
 *
 * @example pendingReference("photo.jpg", new Set(["photo.jpg"])) // "photo-2.jpg"
 */
export function pendingReference(name: string, taken: ReadonlySet<string>): string {
  const safe = (name.trim() || "file").replace(/[%#?:\\<>]/g, (c) => encodeURIComponent(c));
  const dot = safe.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ""];
  let ref = safe;
  for (let n = 2; taken.has(ref); n++) ref = `${stem}-${n}${extension}`;
  return ref;
}

/** A picked file with a new key and a reference no file of `others` has. */
export function newPendingFile(file: File, others: readonly PendingFile[]): PendingFile {
  return {
    key: newPendingKey(),
    file,
    ref: pendingReference(file.name, new Set(others.map((other) => other.ref))),
  };
}

/**
 * The names a save added: the stored names after the save that were not there before, in
 * upload order (the server appends `attachments+` files in the order they were sent).
 */
export function addedNames(before: readonly string[], after: readonly string[]): string[] {
  const known = new Set(before);
  return after.filter((name) => !known.has(name));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Link and image destinations equal to `ref` in Markdown: inline (`](ref)`, `](<ref>)`,
 * before an optional title) and in reference definitions (`[id]: ref`). The text around
 * them, an image's description included, is never matched.
 */
function destinations(ref: string): RegExp[] {
  const target = `(?:<${escapeRegExp(ref)}>|${escapeRegExp(ref)})`;
  return [
    new RegExp(`(\\]\\([ \\t]*)${target}(?=[ \\t]*\\)|[ \\t]+["'(])`, "g"),
    new RegExp(`(^[ ]{0,3}\\[[^\\]\\n]+\\]:[ \\t]*)${target}(?=[ \\t]|$)`, "gm"),
  ];
}

/** `text` with the links of `pending` files pointed at `urlOf(file, index)` (kept when null). */
function replaceDestinations(
  text: string,
  pending: readonly PendingFile[],
  urlOf: (file: PendingFile, index: number) => string | null,
): string {
  let out = text;
  pending.forEach((file, index) => {
    const url = urlOf(file, index);
    if (url === null) return;
    const destination = /[\s()<>]/.test(url) ? `<${url}>` : url;
    for (const pattern of destinations(file.ref))
      out = out.replace(pattern, (_match, start: string) => `${start}${destination}`);
  });
  return out;
}

/**
 * Replaces the links of `pending` files in `text` with the addresses of the names the server
 * gave them (`stored[i]` is the name of `pending[i]`). Links of files that were not uploaded
 * stay as they are.
 */
export function resolvePendingLinks(
  text: string,
  pending: readonly PendingFile[],
  stored: readonly string[],
  urlOf: (name: string) => string,
): string {
  return replaceDestinations(text, pending, (_file, index) => {
    const name = stored[index];
    return name === undefined ? null : urlOf(name);
  });
}

/** Whether `text` links to any of the `pending` files. */
export function hasPendingLinks(text: string, pending: readonly PendingFile[]): boolean {
  return pending.some((file) => destinations(file.ref).some((pattern) => pattern.test(text)));
}

/**
 * `text` for the preview: links of `pending` files point at their preview addresses
 * ({@link pendingPreviewUrl}), which `withLocalFiles` then swaps for object URLs.
 */
export function previewPendingLinks(text: string, pending: readonly PendingFile[]): string {
  return pending.length
    ? replaceDestinations(text, pending, (file) => pendingPreviewUrl(file.key))
    : text;
}

/** A new key for a picked file. */
export function newPendingKey(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
