/**
 * The search page's data, read through the request's API client (`api/search/search.ts`),
 * so results follow exactly the caller's access rules. A 400 from the API (a query too long,
 * a bad filter) becomes a form error naming the parameter; other failures throw to the error
 * page. Signed-in people also get their collections for the collection filter.
 */
import type { ApiClient } from "../../api/client/api-client.ts";
import { failedWith, responseFieldData } from "../../api/client/api-errors.ts";
import type { CollectionRecord } from "../../api/records/records.ts";
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";
import { search, type SearchAnswer, type SearchItem } from "../../api/search/search.ts";
import type { SessionUser } from "../../api/auth/session.ts";
import { searchApiQuery, type SearchPageQuery } from "./search-query.ts";

/** Most collections offered in the collection filter. */
const MAX_COLLECTIONS = 200;

/** Why the API refused a search: the parameter at fault, or `other`. */
export type SearchRefusal = "q" | "from" | "to" | "other";

/** A collection as the filter offers it. */
export interface CollectionOption {
  id: string;
  title: string;
}

/** What the search page shows. */
export interface SearchPageData {
  /** The results, or null when there is no query or the API refused it. */
  answer: SearchAnswer | null;
  refusal: SearchRefusal | null;
  collections: CollectionOption[];
}

/** The record fields a result shows (its text stays out of the page's data: the snippet says it). */
const SHOWN_FIELDS = [
  "id",
  "collectionId",
  "collectionName",
  "title",
  "name",
  "slug",
  "date",
  "publishedAt",
  "created",
  "lang",
] as const;

/** A result with only what the page shows of its record and of the author or owner. */
function slimItem(item: SearchItem): SearchItem {
  const source = item.record as Record<string, unknown>;
  const record: Record<string, unknown> = {};
  for (const key of SHOWN_FIELDS) if (key in source) record[key] = source[key];
  const expand: Record<string, unknown> = {};
  for (const [key, person] of Object.entries(item.record.expand ?? {})) {
    const { username, name } = person as { username?: string; name?: string };
    if (key === "author" || key === "owner") expand[key] = { username, name };
  }
  record.expand = expand;
  return { ...item, record } as SearchItem;
}

/** The parameter a 400 names first, among those the page can point at. */
function refusalOf(error: unknown): SearchRefusal {
  const data = responseFieldData(error);
  for (const name of ["q", "from", "to"] as const) if (name in data) return name;
  return "other";
}

/** Loads a page of results (when there is a query) and the person's collections. */
export async function loadSearch(
  api: ApiClient,
  user: SessionUser | null,
  query: SearchPageQuery,
): Promise<SearchPageData> {
  const collections =
    user && user.collectionName === "users"
      ? listRecords<CollectionRecord>(api, "collections", 1, MAX_COLLECTIONS, {
          filter: filterExpression(api, "owner = {:id}", { id: user.id }),
          sort: "title",
          fields: "id,title",
          skipTotal: true,
        }).then((list) => list.items.map((c) => ({ id: c.id, title: c.title })))
      : Promise.resolve([]);
  let answer: SearchAnswer | null = null;
  let refusal: SearchRefusal | null = null;
  if (query.q.trim() !== "") {
    try {
      const found = await search(api, searchApiQuery(query));
      answer = { ...found, items: found.items.map(slimItem) };
    } catch (error) {
      if (!failedWith(error, 400)) throw error;
      refusal = refusalOf(error);
    }
  }
  return { answer, refusal, collections: await collections };
}
