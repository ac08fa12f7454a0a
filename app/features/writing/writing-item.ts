/**
 * What "My writing" shows of an entry or a post, made by the loader (on the server) from the
 * API's records: the fields a row and its actions need, the Markdown already turned into a
 * short plain-text excerpt, so the page's data never carries whole texts.
 */
import { excerpt } from "#shared/markdown/plain-text.ts";
import { postState } from "#shared/records/post-state.ts";
import { paths } from "../../lib/paths.ts";
import type { EntryRecord, PostRecord, Visibility } from "../../api/records/records.ts";

/** Length of a row's excerpt, in characters. */
export const ROW_EXCERPT_LENGTH = 160;

/** Where a post stands, as the page names it (a live post is "published"). */
export type PostRowState = "draft" | "scheduled" | "published";

/** A collection as the page names it: its URL name and its title. */
export interface CollectionChoice {
  id: string;
  name: string;
  title: string;
}

/** The fields every row has. */
interface RowBase {
  id: string;
  title: string;
  /** Plain-text start of the text, `""` when there is none. */
  excerpt: string;
  /** Last edit (API date). */
  updated: string;
  /** The editor. */
  editHref: string;
  /** The record's page (a preview for the author while it is not public). */
  viewHref: string;
}

/** An entry's row. */
export interface EntryRow extends RowBase {
  kind: "entry";
  state: Visibility;
  collection: CollectionChoice | null;
}

/** A post's row. */
export interface PostRow extends RowBase {
  kind: "post";
  state: PostRowState;
  /** The post's language, when set, for its title and excerpt. */
  lang: string | undefined;
  /** Publication date (API date), `""` when none. */
  publishedAt: string;
}

/** One row of "My writing". */
export type WritingItem = EntryRow | PostRow;

/** An entry's row (`collections` by id, to name its collection). */
export function entryRow(
  entry: EntryRecord,
  username: string,
  collections: ReadonlyMap<string, CollectionChoice>,
): EntryRow {
  return {
    kind: "entry",
    id: entry.id,
    title: entry.title,
    excerpt: excerpt(entry.content, ROW_EXCERPT_LENGTH),
    updated: entry.updated,
    editHref: paths.entryUpdate(username, entry.name),
    viewHref: paths.entry(username, entry.name),
    state: entry.visibility,
    collection: (entry.collection && collections.get(entry.collection)) || null,
  };
}

/** A post's row, its state as of `now`. */
export function postRow(post: PostRecord, username: string, now = Date.now()): PostRow {
  const state = postState(post, now);
  return {
    kind: "post",
    id: post.id,
    title: post.title,
    excerpt: excerpt(post.excerpt || post.content, ROW_EXCERPT_LENGTH),
    updated: post.updated,
    editHref: paths.postUpdate(username, post.slug),
    viewHref: paths.post(username, post.slug),
    state: state === "live" ? "published" : state,
    lang: post.lang || undefined,
    publishedAt: post.publishedAt,
  };
}
