/**
 * The search page's data, read through the request's SDK client (`pb.send("/api/search")`),
 * so results follow exactly the caller's access rules. A 400 from the API (a query too long,
 * a bad filter) becomes a form error naming the parameter; other failures throw to the error
 * page. Signed-in people also get their collections for the collection filter.
 */
import type PocketBase from "pocketbase";
import { ClientResponseError } from "pocketbase";
import { responseFieldData } from "../../lib/forms/api-errors.ts";
import type { CollectionRecord } from "../../api/records/records.ts";
import type { SearchAnswer, SearchItem } from "../../lib/records/search.ts";
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
function refusalOf(error: ClientResponseError): SearchRefusal {
  const data = responseFieldData(error);
  for (const name of ["q", "from", "to"] as const) if (name in data) return name;
  return "other";
}

/** Loads a page of results (when there is a query) and the person's collections. */
export async function loadSearch(
  pb: PocketBase,
  user: SessionUser | null,
  query: SearchPageQuery,
): Promise<SearchPageData> {
  const collections =
    user && user.collectionName === "users"
      ? pb
          .collection("collections")
          .getList<CollectionRecord>(1, MAX_COLLECTIONS, {
            filter: pb.filter("owner = {:id}", { id: user.id }),
            sort: "title",
            fields: "id,title",
            skipTotal: true,
          })
          .then((list) => list.items.map((c) => ({ id: c.id, title: c.title })))
      : Promise.resolve([]);
  let answer: SearchAnswer | null = null;
  let refusal: SearchRefusal | null = null;
  if (query.q.trim() !== "") {
    try {
      const found = await pb.send<SearchAnswer>("/api/search", {
        query: searchApiQuery(query),
        requestKey: null,
      });
      answer = { ...found, items: found.items.map(slimItem) };
    } catch (error) {
      if (!(error instanceof ClientResponseError) || error.status !== 400) throw error;
      refusal = refusalOf(error);
    }
  }
  return { answer, refusal, collections: await collections };
}
