/**
 * `GET /api/search`: full-text search over entries, posts and collections (issue 14, ADR 043).
 *
 * `?q=` (required, at most 500 characters) `&kind=entries,posts,collections&collection=&tag=
 * &author=&from=&to=&page=&perPage=&skipTotal=&expand=&fields=` answers
 * `{page, perPage, totalItems, totalPages, items: [{collectionName, id, score, snippet, record}]}`;
 * `fields` picks inside the items, as on a list (`fields=id,snippet,record.title`).
 */
import type { FastifyInstance } from "fastify";
import { parseSearchParams } from "../../core/search/search-params.ts";
import type { SearchResult, SearchService } from "../../core/search/search-service.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf, requestInfo } from "../request-context.ts";

/** The answer, in PocketBase's list key order (paging keys after `items`, as lists have them). */
export function presentSearchResult(result: SearchResult): SearchResult {
  const { items, page, perPage, totalItems, totalPages } = result;
  return { items, page, perPage, totalItems, totalPages };
}

/** Registers `GET /api/search`. */
export function registerSearchRoutes(app: FastifyInstance, search: SearchService): void {
  app.get("/api/search", rateLimited("list"), async (request) => {
    const query = queryOf(request);
    const params = parseSearchParams(query);
    return presentSearchResult(await search.search(requestInfo(request), params));
  });
}
