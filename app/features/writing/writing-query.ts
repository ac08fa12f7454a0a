/**
 * The query parameters of "My writing" (`/writing?show=drafts&collection=travel&page=2`), read
 * leniently like the other listings: a missing or unknown value means "everything" or the
 * first page, never an error, so any link a person types or shares still opens a page.
 */
import { paths } from "../../lib/paths.ts";
import { pageParam } from "../../lib/routes/query-params.ts";

/** What the page can show: everything, the entries (by visibility) or the posts (by state). */
export const WRITING_SHOWS = [
  "all",
  "entries",
  "private",
  "unlisted",
  "public",
  "posts",
  "drafts",
  "scheduled",
  "published",
] as const;

/** One of {@link WRITING_SHOWS}. */
export type WritingShow = (typeof WRITING_SHOWS)[number];

/** The choices that show entries only, `entries` first. */
export const ENTRY_SHOWS = ["entries", "private", "unlisted", "public"] as const;

/** The choices that show posts only, `posts` first. */
export const POST_SHOWS = ["posts", "drafts", "scheduled", "published"] as const;

/** An entry visibility, as a {@link WritingShow}. */
export type EntryShow = (typeof ENTRY_SHOWS)[number];

/** A post state, as a {@link WritingShow}. */
export type PostShow = (typeof POST_SHOWS)[number];

/** Longest collection name the API stores (its slug field). */
export const MAX_COLLECTION_NAME_LENGTH = 200;

/** The parameters of the page. */
export interface WritingQuery {
  show: WritingShow;
  /** A collection's name (entries only), `""` for any. */
  collection: string;
  /** Page number, from 1. */
  page: number;
}

/** Whether `show` includes entries. */
export function showsEntries(show: WritingShow): boolean {
  return show === "all" || (ENTRY_SHOWS as readonly string[]).includes(show);
}

/** Whether `show` includes posts (posts belong to no collection, so never with one). */
export function showsPosts(show: WritingShow, collection = ""): boolean {
  return collection === "" && (show === "all" || (POST_SHOWS as readonly string[]).includes(show));
}

/**
 * Reads `?show=`, `?collection=` and `?page=`. A collection with a post choice is dropped:
 * posts belong to no collection, so the choice of posts wins.
 */
export function writingQuery(url: URL): WritingQuery {
  const raw = url.searchParams.get("show") ?? "all";
  const show = (WRITING_SHOWS as readonly string[]).includes(raw) ? (raw as WritingShow) : "all";
  const name = (url.searchParams.get("collection") ?? "").trim();
  const collection = showsEntries(show) && name.length <= MAX_COLLECTION_NAME_LENGTH ? name : "";
  return { show, collection, page: pageParam(url) };
}

/**
 * The page's URL for a query: `show` left out for everything, the collection kept only where
 * entries are shown, the first page left out.
 */
export function writingHref(query: Partial<WritingQuery>): string {
  const show = query.show ?? "all";
  return paths.writing({
    show: show === "all" ? undefined : show,
    collection: showsEntries(show) ? query.collection : undefined,
    page: query.page !== undefined && query.page > 1 ? query.page : undefined,
  });
}
