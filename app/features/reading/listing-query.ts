/**
 * The query parameters of the listings (`?page=`, `?tag=`, `?kind=`), read leniently: a
 * missing or malformed value means "no filter" or the first page, never an error, so any
 * link a person types or shares still opens a page.
 */
import { pageParam } from "../../lib/routes/query-params.ts";

/** Longest tag the API stores (the `tags` fields' `maxLength`). */
export const MAX_TAG_LENGTH = 40;

/** What the archive shows. */
export const ARCHIVE_KINDS = ["all", "entries", "posts"] as const;

/** One of {@link ARCHIVE_KINDS}. */
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];

/** The parameters of a listing page. */
export interface ListingQuery {
  /** Page number, from 1. */
  page: number;
  /** Tag to filter on, `""` for none. */
  tag: string;
  /** Archive only: entries, posts or both. */
  kind: ArchiveKind;
}

/** Reads `?page=`, `?tag=` and `?kind=` from a page's URL. */
export function listingQuery(url: URL): ListingQuery {
  const tag = (url.searchParams.get("tag") ?? "").trim();
  const kind = url.searchParams.get("kind") ?? "all";
  return {
    page: pageParam(url),
    tag: Array.from(tag).length <= MAX_TAG_LENGTH ? tag : "",
    kind: (ARCHIVE_KINDS as readonly string[]).includes(kind) ? (kind as ArchiveKind) : "all",
  };
}
