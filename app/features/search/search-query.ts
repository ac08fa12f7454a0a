/**
 * The search page's URL (`/search?q=&kind=&collection=&tag=&author=&from=&to=&page=`), read
 * leniently: an unknown kind or a malformed day means "no filter" and a bad page the first,
 * so a shared link always opens a page. `q` is passed on as typed: the API says when it is
 * too long (a form error, not a crash).
 */
import type { SearchPathQuery } from "../../lib/paths.ts";
import { pageParam } from "../../lib/routes/query-params.ts";
import { isSearchKind, SEARCH_EXPAND, type SearchKind } from "../../api/search/search.ts";

/** Results per page. */
export const SEARCH_PAGE_SIZE = 20;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The query and filters of a search page. */
export interface SearchPageQuery {
  q: string;
  kind: SearchKind | "all";
  /** A collection id, `""` for any. */
  collection: string;
  tag: string;
  /** A username, `""` for anyone. */
  author: string;
  /** `YYYY-MM-DD`, `""` for no bound. */
  from: string;
  to: string;
  page: number;
}

/** Reads the search page's query from its URL. */
export function searchPageQuery(url: URL): SearchPageQuery {
  const get = (name: string) => (url.searchParams.get(name) ?? "").trim();
  const kind = get("kind");
  const day = (name: string) => (DAY.test(get(name)) ? get(name) : "");
  return {
    q: url.searchParams.get("q") ?? "",
    kind: isSearchKind(kind) ? kind : "all",
    collection: get("collection"),
    tag: get("tag"),
    author: get("author"),
    from: day("from"),
    to: day("to"),
    page: pageParam(url),
  };
}

/** Whether any filter beyond the text is set. */
export function hasFilters(query: SearchPageQuery): boolean {
  return (
    query.kind !== "all" ||
    query.collection !== "" ||
    query.tag !== "" ||
    query.author !== "" ||
    query.from !== "" ||
    query.to !== ""
  );
}

/** The page's own URL query for these filters (page 1 and empty values left out). */
export function searchPathQuery(query: SearchPageQuery): SearchPathQuery {
  return {
    q: query.q,
    kind: query.kind === "all" ? undefined : query.kind,
    collection: query.collection,
    tag: query.tag,
    author: query.author,
    from: query.from,
    to: query.to,
    page: query.page > 1 ? query.page : undefined,
  };
}

/** The query of `GET /api/search` for a page of results. */
export function searchApiQuery(query: SearchPageQuery): Record<string, string | number> {
  const api: Record<string, string | number> = {
    q: query.q,
    page: query.page,
    perPage: SEARCH_PAGE_SIZE,
    expand: SEARCH_EXPAND,
  };
  if (query.kind !== "all") api.kind = query.kind;
  for (const name of ["collection", "tag", "author", "from", "to"] as const) {
    if (query[name] !== "") api[name] = query[name];
  }
  return api;
}
