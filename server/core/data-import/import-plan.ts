/**
 * What an import will write, read from the upload before anything is written (ADR 044): the
 * collections, entries and posts (their field values, within the registry's limits), the
 * files they take from the archive, and the items left out with the reason. Each format
 * reader builds one; the writer carries it out, or, for a dry run, only reports it.
 */
import { randomBytes } from "node:crypto";
import type { ImportSkipCode, ImportSkipParams } from "#shared/records/import-skips.ts";
import type { PlannedComment } from "./import-comments.ts";
import type { PlannedHistory } from "./import-revisions.ts";

export type { ImportSkipCode, ImportSkipParams } from "#shared/records/import-skips.ts";

/** An item left out (or changed on the way in), for the report. */
export interface SkippedItem {
  /** What it is, as the source names it (`entry "Paris"`, `photos/ab12.jpeg`). */
  item: string;
  /** Why, in English, for API users. */
  reason: string;
  /** Why, as a stable code (the web app words it from this). */
  code: ImportSkipCode;
  /** The values of the reason (`{ max: 10 }`), when it has any. */
  params?: ImportSkipParams;
}

/** A value of a reason's params, as text. */
const v = (params: ImportSkipParams, name: string): string => String(params[name] ?? "");

/** The English reason of each code. */
const REASONS: { [C in ImportSkipCode]: (p: ImportSkipParams) => string } = {
  already_imported: () => "already imported",
  not_in_archive: () => "not in the archive",
  ghost_image_missing: () =>
    "the image is not in the archive (export Ghost's content/images with the JSON, in one zip)",
  too_many_files: (p) => `more than ${v(p, "max")} files`,
  file_too_large: (p) => `larger than ${v(p, "size")}`,
  file_type_refused: (p) => `not one of ${v(p, "types")}`,
  text_too_long: (p) => `its text is longer than ${v(p, "max")} characters`,
  description_shortened: (p) => `shortened to ${v(p, "max")} characters`,
  too_many_tags: (p) => `more than ${v(p, "max")} tags`,
  post_as_entry: () => "imported as a private entry: only writers publish posts",
  ghost_page: () => "a Ghost page, not a post",
  members_only_draft: (p) => `imported as a draft: for ${v(p, "visibility")} only on Ghost`,
  collection_as_tag: (p) => `posts have no collection: its posts are tagged "${v(p, "tag")}"`,
  image_too_large: (p) => `an image of ${v(p, "size")} pixels, more than may be shown`,
  post_file_not_kept: () => "not kept: a post keeps images only",
  refused: (p) => (p.fields ? `refused (${v(p, "fields")})` : "refused"),
};

/**
 * A report line: `item`, left out or changed for the reason `code` (worded with `params`;
 * `reason` replaces the English wording, for a refusal the records service explained).
 */
export function skipped(
  item: string,
  code: ImportSkipCode,
  params?: ImportSkipParams,
  reason?: string,
): SkippedItem {
  return {
    item,
    reason: reason ?? REASONS[code](params ?? {}),
    code,
    ...(params && Object.keys(params).length > 0 ? { params } : {}),
  };
}

/** A file of the archive that becomes a stored file of a record. */
export interface PlannedFile {
  /** Its name in the archive. */
  path: string;
  /** The name it is uploaded with (the stored name is made from it). */
  name: string;
  /**
   * The placeholder standing for its address in the record's text (replaced by the stored
   * file's address, or by `fallback` when the file is not stored).
   */
  placeholder?: string;
  /** What the placeholder becomes when the file is not stored (the source's own reference). */
  fallback?: string;
}

/** Visibility of entries and collections. */
export type Visibility = "private" | "unlisted" | "public";

/** A collection to create (or to find again, by key or by name). */
export interface PlannedCollection {
  /** The import key (ADR 044): the format and the collection's id in its source. */
  key: string;
  /** How entries of this plan refer to it. */
  ref: string;
  /** For the report. */
  label: string;
  title: string;
  /** Its slug in the source, when it has a usable one (else made from the title). */
  name: string;
  description: string;
  visibility: Visibility;
  /** Created even when no entry of the import joins it (else only on first use). */
  always: boolean;
  /** The collection's own id in a Cahier export (reused when the account still has it). */
  sourceId?: string;
}

/** Values shared by entries and posts. */
interface PlannedText {
  /** The import key (ADR 044). */
  key: string;
  /** For the report. */
  label: string;
  title: string;
  content: string;
  tags: string[];
  /**
   * Another key the same item may already be known by in this account: a Cahier record's
   * own id (importing an account's export back into it creates nothing).
   */
  sourceId?: string;
}

/** An entry to create. */
export interface PlannedEntry extends PlannedText {
  kind: "entry";
  /** Its slug in the source, when usable. */
  name: string;
  visibility: Visibility;
  /** PocketBase date (`2024-05-06 07:08:09.000Z`), or `""` for today. */
  date: string;
  /** The `ref` of its planned collection. */
  collectionRef: string;
  attachments: PlannedFile[];
}

/** A post to create (an entry instead, when the importer may not write posts). */
export interface PlannedPost extends PlannedText {
  kind: "post";
  slug: string;
  excerpt: string;
  /** Its search and social title and description (Cahier exports), when it has them. */
  seo?: { title: string; description: string };
  status: "draft" | "published";
  /** PocketBase date, or `""`. */
  publishedAt: string;
  /** PocketBase date of its creation in the source (an entry's date if it becomes one). */
  created: string;
  lang: string;
  cover: PlannedFile | null;
  /**
   * Files its text links to. A post holds one stored file, its cover image: without a cover,
   * the first image that fits becomes it, the others stay out (all go with it if it becomes
   * an entry, as attachments).
   */
  inline: PlannedFile[];
  /**
   * The `ref` of the planned collection it belongs to (`""`: none): it joins it if it
   * becomes an entry; a post, which has no collection, gets the collection's name as a tag.
   */
  collectionRef: string;
}

/**
 * A `[[wikilink]]` from one note of the import to another (formats/wikilinks.ts): its
 * placeholder in the text of `from` becomes a Markdown link to the page of `to`.
 */
export interface PlannedNoteLink {
  /** The import key of the note that links. */
  from: string;
  /** The import key of the note linked to. */
  to: string;
  placeholder: string;
  /** The link's text. */
  label: string;
  /** The link as written (what the text keeps when `to` is not imported). */
  written: string;
}

/** What an import will write. */
export interface ImportPlan {
  collections: PlannedCollection[];
  records: (PlannedEntry | PlannedPost)[];
  skipped: SkippedItem[];
  /** Comments of a Cahier export, written after the records (ADR 065). */
  comments?: PlannedComment[];
  /** A Cahier export's version histories (`import-revisions.ts`). */
  revisions?: PlannedHistory[];
  /** Wikilinks between the notes of a Markdown import. */
  noteLinks?: PlannedNoteLink[];
}

/** An empty plan. */
export function emptyPlan(): ImportPlan {
  return { collections: [], records: [], skipped: [] };
}

/**
 * Placeholders for file addresses in a plan's texts: unique to the import, so no text
 * already contains one.
 */
export class Placeholders {
  private readonly nonce = randomBytes(6).toString("hex");
  private count = 0;

  /** A new placeholder. */
  next(): string {
    this.count += 1;
    return `cahier-import-${this.nonce}-${this.count}.file`;
  }
}
