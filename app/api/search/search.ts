/**
 * Full-text search (`GET /api/search`, README "Search"): the wire shape of a result and of a
 * page of results, and the request. Results follow the caller's access rules exactly.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { CollectionRecord, EntryRecord, PostRecord } from "../records/records.ts";

/** The kinds of records search finds, as `kind=` names them. */
export const SEARCH_KINDS = ["entries", "posts", "collections"] as const;

/** One kind of record search finds. */
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Longest query the API accepts, in characters. */
export const MAX_SEARCH_LENGTH = 500;

/**
 * The relations every search asks to expand: an entry's or post's author and a collection's
 * owner, whose usernames make the records' URLs (a record lacking the field ignores it).
 */
export const SEARCH_EXPAND = "author,owner";

/** One result of `GET /api/search`. */
export type SearchItem =
  | { collectionName: "entries"; id: string; score: number; snippet: string; record: EntryRecord }
  | { collectionName: "posts"; id: string; score: number; snippet: string; record: PostRecord }
  | {
      collectionName: "collections";
      id: string;
      score: number;
      snippet: string;
      record: CollectionRecord;
    };

/** A page of results. */
export interface SearchAnswer {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: SearchItem[];
}

/** Whether `value` is one of {@link SEARCH_KINDS}. */
export function isSearchKind(value: string): value is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(value);
}

/**
 * Searches (`query`: `q` and the API's other parameters: `kind`, `collection`, `tag`,
 * `author`, `from`, `to`, `page`, `perPage`, `skipTotal`, `expand`). `signal` cancels it.
 */
export function search(
  api: ApiClient,
  query: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<SearchAnswer> {
  return sdk(api).send<SearchAnswer>("/api/search", {
    query,
    ...(signal ? { signal } : {}),
    requestKey: null,
  });
}
