/**
 * What full-text search indexes (issue 14, ADR 043): for each searchable collection, the
 * fields of a record's document (head: titles, names and tags, ranked higher; body: Markdown
 * texts), the fields its filters read, and the related record whose title joins the document.
 * The index itself is derived data: its tables are left out of backups and rebuilt.
 */
import type { Row } from "../db.ts";

/** The documents table: one row per indexed record (and, on PostgreSQL, its `tsvector`). */
export const SEARCH_DOCS_TABLE = "_searchDocs";
/** SQLite's FTS5 table (and, by FTS5's naming, the prefix of its shadow tables). */
export const SEARCH_INDEX_TABLE = "_searchIndex";

/** Whether a table belongs to the search index (derived data: not backed up, rebuilt). */
export function isSearchIndexTable(name: string): boolean {
  // With the FTS5 shadow tables and a rebuild's staging tables (`_searchDocs_next`, …).
  return name.startsWith(SEARCH_DOCS_TABLE) || name.startsWith(SEARCH_INDEX_TABLE);
}

/** A related record whose title joins a record's document (an entry's collection). */
export interface RelatedText {
  /** The relation field of the indexed record. */
  field: string;
  /** The related collection's name. */
  collection: string;
  /** Its fields added to the head of the document. */
  head: readonly string[];
  /** Its fields whose change re-indexes the records pointing at it. */
  watched: readonly string[];
  /**
   * Whether the related text may join the document (stored rows). SECURITY: everyone who can
   * find the record must be able to view the related record, or searching its title would
   * reveal it.
   */
  included(record: Row, related: Row): boolean;
}

/** How one collection is searched. */
export interface SearchSpec {
  /** The collection's name (the `kind` of the API). */
  collection: string;
  /** Plain text fields of the head; a tags field counts each tag as its own value. */
  head: readonly string[];
  /** Markdown fields of the body, read as plain text. */
  body: readonly string[];
  /** The relation to `users` the `author` filter reads. */
  owner: string;
  /** The date field `from`/`to` and the recency order read (`created` when empty). */
  date: string;
  /** The tags field the `tag` filter reads, if any. */
  tags?: string;
  /**
   * The field naming the record's language (`en` | `fr`), if any: when set, its words are
   * stemmed in that language alone; otherwise the language is read from the words.
   */
  lang?: string;
  /** The relation to `collections` the `collection` filter reads, if any. */
  group?: string;
  /** A related record's text in the document, if any. */
  related?: RelatedText;
  /**
   * Whether a record may be listed by callers other than its owner, by the collection's rules
   * read with an empty `@request.query` (as search reads them). SECURITY and correctness: the
   * index keeps this as an access key (see {@link accessKeys}) that narrows the matches before
   * the rules apply; a record some other caller may list but this calls closed would be
   * missing from their results (never shown to anyone the rules refuse: the rules still
   * decide). The property tests compare search with the rules for every kind of caller, and
   * the server checks it against the rules when it starts (`core/search/search-open-check.ts`:
   * a mismatch stops the start).
   */
  open(record: Row): boolean;
  /**
   * The collection's index holding every column the search's join reads (`id` first, then the
   * rules', filters' and ordering's columns), if it has one: the join then never reads rows.
   */
  coveringIndex?: string;
}

/**
 * SECURITY: an entry's collection title joins the entry's document only when everyone who can
 * find the entry may view the collection: a public collection; or an entry only its author
 * finds (not public) in a collection of that same author.
 */
function collectionTitleIncluded(entry: Row, collection: Row): boolean {
  return (
    collection.visibility === "public" ||
    (entry.visibility !== "public" && collection.owner === entry.author)
  );
}

/** The searchable collections, in the order the API lists kinds. */
export const SEARCH_SPECS: readonly SearchSpec[] = [
  {
    collection: "entries",
    head: ["title", "tags"],
    body: ["content"],
    owner: "author",
    date: "date",
    tags: "tags",
    group: "collection",
    // The list rule: public, or the author's (unlisted ones only by their link).
    open: (record) => record.visibility === "public",
    related: {
      field: "collection",
      collection: "collections",
      head: ["title"],
      watched: ["title", "visibility", "owner"],
      included: collectionTitleIncluded,
    },
    coveringIndex: "idx_search_entries",
  },
  {
    collection: "posts",
    head: ["title", "tags"],
    body: ["excerpt", "content"],
    owner: "author",
    date: "publishedAt",
    tags: "tags",
    lang: "lang",
    // The list rule: published (and its time come, which the rules check), or the author's.
    open: (record) => record.status === "published",
    coveringIndex: "idx_search_posts",
  },
  {
    collection: "collections",
    head: ["title", "name"],
    body: ["description"],
    owner: "owner",
    date: "created",
    // The list rule: public, or the owner's (unlisted ones only by their link).
    open: (record) => record.visibility === "public",
  },
];

/**
 * Access keys (ADR 043, amendment of 2026-11-28): each document carries `xopen` when its
 * record is open ({@link SearchSpec.open}) and `xo<owner>` (the owner's id in hex), tokens of
 * letters and digits that no query clause produces (clauses are words and `e`/`f` stems).
 * A search keeps only the documents holding one of its caller's keys, inside the full-text
 * index, before joining the records and their rules: a guest's search never reads the
 * documents of private entries.
 */
export const OPEN_ACCESS_KEY = "xopen";

/** The keys a search asks for: one at least (a document holding any of them matches). */
export type AccessKeys = readonly [string, ...string[]];

/** The access key of records owned by `id` (hex: any id becomes letters and digits). */
export function ownerAccessKey(id: string): string {
  return `xo${Buffer.from(id, "utf8").toString("hex")}`;
}

/** The access keys of a stored record's document. */
export function accessKeys(spec: SearchSpec, record: Row): string[] {
  const owner = record[spec.owner];
  const keys = typeof owner === "string" && owner !== "" ? [ownerAccessKey(owner)] : [];
  if (spec.open(record)) keys.push(OPEN_ACCESS_KEY);
  return keys;
}

/**
 * The keys a caller's search may match: open records and their own; null (no narrowing) for
 * superusers, whom no rule limits.
 */
export function callerAccessKeys(
  auth: { id: string; isSuperuser: boolean } | null,
): AccessKeys | null {
  if (auth?.isSuperuser) return null;
  return auth && auth.id !== "" ? [OPEN_ACCESS_KEY, ownerAccessKey(auth.id)] : [OPEN_ACCESS_KEY];
}

/** The names of the searchable collections. */
export const SEARCH_KINDS: readonly string[] = SEARCH_SPECS.map((s) => s.collection);

/** The spec of a searchable collection, or undefined. */
export function findSearchSpec(collection: string): SearchSpec | undefined {
  return SEARCH_SPECS.find((s) => s.collection === collection);
}
