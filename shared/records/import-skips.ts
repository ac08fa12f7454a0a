/**
 * Why `POST /api/import` left an item out or changed it on the way in (ADR 044): a stable
 * code per reason, on each `skipped` item of the report next to its English `reason`. The
 * server writes them; the web app words them in the reader's language from the code and the
 * item's `params`.
 */

/** Every reason code, and the `params` each one carries. */
export const IMPORT_SKIP_CODES = [
  /** The item is already in the account (its import key, or its own id). */
  "already_imported",
  /** A file the item names is not in the upload. */
  "not_in_archive",
  /** A Ghost image (`__GHOST_URL__/content/images/…`) is not in the upload. */
  "ghost_image_missing",
  /** More files than the field holds; `params.max`. */
  "too_many_files",
  /** A file larger than the field takes; `params.size` (`10 MB`). */
  "file_too_large",
  /** A file of a type the field refuses; `params.types`. */
  "file_type_refused",
  /** A text longer than its field: the item is left out; `params.max`. */
  "text_too_long",
  /** A collection's description was cut; `params.max`. */
  "description_shortened",
  /** A tag past the most a record holds; `params.max`. */
  "too_many_tags",
  /** A post imported as a private entry: the account may not write posts. */
  "post_as_entry",
  /** A Ghost page, not a post. */
  "ghost_page",
  /** A Ghost post for members only, imported as a draft; `params.visibility`. */
  "members_only_draft",
  /** Posts have no collection: the collection's posts carry a tag instead; `params.tag`. */
  "collection_as_tag",
  /** An image with more pixels than may be shown; `params.size` (`20000×20000`). */
  "image_too_large",
  /** A file of a post's text that a post cannot hold (a post keeps images only). */
  "post_file_not_kept",
  /** The records service refused the item; `params.fields`, the fields it named, if any. */
  "refused",
] as const;

/** A reason code. */
export type ImportSkipCode = (typeof IMPORT_SKIP_CODES)[number];

/** Values a reason's wording takes (`{ max: 10 }`). */
export type ImportSkipParams = Record<string, string | number>;

/** Whether `value` is a reason code this version knows. */
export function isImportSkipCode(value: unknown): value is ImportSkipCode {
  return typeof value === "string" && (IMPORT_SKIP_CODES as readonly string[]).includes(value);
}
