/**
 * What a revision keeps of a record: its `title` and `content`, and in `data` every other
 * field a user sets (entries: name, collection, visibility, comments, tags, date, attachments;
 * posts: slug, excerpt, cover, tags, status, publishedAt, lang, comments, skipMail). System fields (`id`, `created`,
 * `updated`), `author` (a column of the revision itself) and what only the server keeps (a
 * post's former slugs and preview secret, and its translation link, kept in step on both
 * posts) are left out.
 */
import type { Collection } from "../models/collection.ts";
import type { RecordData } from "../records/request-info.ts";

/** A record's state as a revision stores it. */
export interface RecordSnapshot {
  title: string;
  content: string;
  /** The other user fields, wire-typed (stored as JSON; PostgreSQL may reorder the keys). */
  data: RecordData;
}

const OWN_COLUMNS = new Set([
  "title",
  "content",
  "author",
  "formerSlugs",
  "previewToken",
  // A link between two records, kept in step on both by the server (ADR 073): restoring a
  // version must not relink or unlink another post.
  "translations",
]);

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The snapshot of a record's wire-typed values. */
export function snapshotOf(collection: Collection, values: RecordData): RecordSnapshot {
  const data: RecordData = {};
  for (const field of collection.fields) {
    if (field.system || OWN_COLUMNS.has(field.name)) continue;
    data[field.name] = values[field.name] ?? null;
  }
  return { title: text(values.title), content: text(values.content), data };
}

/**
 * Whether two states of a record are the same for the history (author included: a change
 * of author is a change).
 */
export function sameState(collection: Collection, a: RecordData, b: RecordData): boolean {
  const key = (values: RecordData) =>
    JSON.stringify([values.author ?? "", snapshotOf(collection, values)]);
  return key(a) === key(b);
}
