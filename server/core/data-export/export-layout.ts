/**
 * Where each record and file goes in an export archive (ADR 044):
 *
 * ```
 * cahier.json                              the manifest: profile, collections, entries, posts
 * entries/<name>.md                        an entry outside any collection
 * collections/<name>/_collection.md        a collection (its description)
 * collections/<name>/<entry name>.md       an entry of that collection
 * posts/<slug>.md                          a post
 * files/profile/<avatar>                   the avatar
 * files/entries/<entry name>/<file>        an entry's attachments
 * files/posts/<slug>/<file>                a post's cover and the images of its text
 * comments/<record id>.json                a record's comments (ADR 065)
 * revisions/<record id>.json               a record's version history, oldest first
 * ```
 *
 * Names and slugs are unique per author and made of `[a-z0-9-]`, stored file names are
 * unique per record and safe, so paths never collide nor leave the archive.
 */
import type { RecordData } from "../records/request-info.ts";

/** The manifest's name at the root of the archive. */
export const MANIFEST_NAME = "cahier.json";
/** The manifest's `format`. */
export const EXPORT_FORMAT = "cahier-export";
/** The manifest's `version`. */
export const EXPORT_VERSION = 1;
/** The file of a collection inside its folder (never an entry name: those start with a-z0-9). */
export const COLLECTION_FILE = "_collection.md";

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A safe single path segment from a stored slug (anything else becomes the record id). */
function segment(value: unknown, fallback: unknown): string {
  const slug = text(value);
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : text(fallback) || "record";
}

/** Folder of a collection. */
export function collectionFolder(collection: RecordData): string {
  return `collections/${segment(collection.name, collection.id)}`;
}

/** The Markdown file of a collection. */
export function collectionPath(collection: RecordData): string {
  return `${collectionFolder(collection)}/${COLLECTION_FILE}`;
}

/** The Markdown file of an entry, in its collection's folder when it has one. */
export function entryPath(entry: RecordData, collection: RecordData | undefined): string {
  const file = `${segment(entry.name, entry.id)}.md`;
  return collection ? `${collectionFolder(collection)}/${file}` : `entries/${file}`;
}

/** The Markdown file of a post. */
export function postPath(post: RecordData): string {
  return `posts/${segment(post.slug, post.id)}.md`;
}

/** A stored file of an entry. */
export function entryFilePath(entry: RecordData, filename: string): string {
  return `files/entries/${segment(entry.name, entry.id)}/${filename}`;
}

/** A stored file of a post. */
export function postFilePath(post: RecordData, filename: string): string {
  return `files/posts/${segment(post.slug, post.id)}/${filename}`;
}

/** The avatar. */
export function profileFilePath(filename: string): string {
  return `files/profile/${filename}`;
}

/** `target` relative to the folder of the archive file `from` (`a/b.md`, `files/x` → `../files/x`). */
export function relativeTo(from: string, target: string): string {
  const depth = from.split("/").length - 1;
  return `${"../".repeat(depth)}${target}`;
}

/** Whether a stored file is worth deflating (already compressed media is stored as is). */
export function isCompressible(filename: string): boolean {
  return !/\.(jpe?g|png|gif|webp|avif|heic|zip|gz|bz2|xz|7z|mp3|m4a|aac|ogg|opus|mp4|m4v|mov|webm|pdf|docx|xlsx|pptx|odt)$/i.test(
    filename,
  );
}
