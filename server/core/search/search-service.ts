/**
 * Full-text search over entries, posts and collections (issue 14, ADR 043), under exactly the
 * records API's access rules: one statement ranks the matching documents of every searched
 * collection, joined to the live records and their list and view rules (scheduled posts are
 * left out until their time, by the rule's `@now`); each result's `record` is then presented
 * as a GET of it presents it, and its snippet is built from that record's own text.
 */
import type { Row } from "../../data/db.ts";
import { callerAccessKeys, findSearchSpec, SEARCH_SPECS } from "../../data/registry/search.ts";
import {
  countSearchHits,
  documentText,
  findRowsWhere,
  findSearchHits,
  type SearchHit,
  withSearchSettings,
  type SearchPart,
} from "../../data/repositories/search-repository.ts";
import {
  canMatch,
  documentSnippet,
  parseQuery,
  type FulltextQuery,
} from "../../tools/fulltext/index.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { RecordService } from "../records/record-service.ts";
import type { RecordData, RequestInfo } from "../records/request-info.ts";
import { searchPart, type SearchFilters } from "./search-conditions.ts";
import { SearchIndex } from "./search-index.ts";
import type { SearchParams } from "./search-params.ts";

/**
 * Characters of each text a snippet is looked for in: a match further into a very long post
 * gives the snippet of its start (reading 200,000 characters per result would cost more than
 * the search).
 */
export const SNIPPET_SOURCE_LIMIT = 20_000;

/** One result. */
export interface SearchItem {
  collectionName: string;
  id: string;
  /** Relevance, 0 to 1 (higher first); only comparable within one answer. */
  score: number;
  /** HTML-escaped text in which only `<mark>` elements are markup. */
  snippet: string;
  /** The record exactly as a GET of it answers the same caller. */
  record: RecordData;
}

/** A page of results, in PocketBase's list shape plus the items' search data. */
export interface SearchResult {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: SearchItem[];
}

/** Searches records and keeps the index up to date. */
export class SearchService {
  /** The index's upkeep: register its hooks at start-up; `rebuild` for `cahier reindex`. */
  readonly index: SearchIndex;
  private readonly records: RecordService;

  constructor(records: RecordService) {
    this.records = records;
    this.index = new SearchIndex(records.db);
  }

  /** Resolves the `author` filter (a user id, or a username in any case) to a user id. */
  private async authorId(author: string): Promise<string | null> {
    const users = requireCollection("users");
    const byId = await this.records.findById(users, author);
    if (byId) return String(byId.id);
    const byName = await this.records.findAuthRecord(users, "username", author);
    return byName ? String(byName.id) : null;
  }

  private async filters(params: SearchParams): Promise<SearchFilters | null> {
    const values = [params.collection, params.tag, params.author];
    // No stored id, tag or username holds a NUL (and PostgreSQL text cannot): nothing matches.
    if (values.some((v) => v?.includes("\u0000"))) return null;
    const filters: SearchFilters = {};
    if (params.collection !== undefined) filters.collection = params.collection;
    if (params.tag !== undefined) filters.tag = params.tag;
    if (params.from !== undefined) filters.from = params.from;
    if (params.to !== undefined) filters.to = params.to;
    if (params.author !== undefined) {
      const id = await this.authorId(params.author);
      if (id === null) return null;
      filters.authorId = id;
    }
    return filters;
  }

  /** One page of the records the request may GET that match `params.q`, most relevant first. */
  async search(request: RequestInfo, params: SearchParams): Promise<SearchResult> {
    const { page, perPage, skipTotal } = params;
    const none = skipTotal ? -1 : 0;
    const empty: SearchResult = { page, perPage, totalItems: none, totalPages: none, items: [] };
    const query = parseQuery(params.q);
    const filters = canMatch(query) ? await this.filters(params) : null;
    if (!filters) return empty;
    const parts: SearchPart[] = [];
    for (const spec of SEARCH_SPECS) {
      if (!params.kinds.includes(spec.collection)) continue;
      const part = searchPart(this.records, spec, request, filters);
      if (part) parts.push(part);
    }
    if (parts.length === 0) return empty;
    const fulltext = this.records.db.dialect.fulltext;
    const collections = parts.map((p) => p.collectionName);
    // Narrows the matches to open records and the caller's own in the index itself; the
    // rules below still decide (ADR 043).
    const auth = request.auth;
    const access = callerAccessKeys(
      auth
        ? {
            id: typeof auth.record.id === "string" ? auth.record.id : "",
            isSuperuser: auth.isSuperuser,
          }
        : null,
    );
    const { hits, total } = await this.records.guardClientQuery(() =>
      withSearchSettings(this.records.db, async (db) => {
        const found = await findSearchHits(
          db,
          fulltext.matches(query, collections, true, access),
          parts,
          {
            limit: perPage,
            offset: (page - 1) * perPage,
            withTotal: !skipTotal,
          },
        );
        // Past the last page the page query counts nothing: count on its own.
        if (!skipTotal && found.total === null)
          found.total = await countSearchHits(
            db,
            fulltext.matches(query, collections, false, access),
            parts,
          );
        return { hits: found.hits, total: found.total ?? -1 };
      }),
    );
    const items = await this.present(hits, parts, request, query, params.expand);
    return {
      page,
      perPage,
      totalItems: total,
      totalPages: total < 0 ? -1 : Math.ceil(total / perPage),
      items,
    };
  }

  /** The hits as results: each record presented as its GET presents it, with its snippet. */
  private async present(
    hits: readonly SearchHit[],
    parts: readonly SearchPart[],
    request: RequestInfo,
    query: FulltextQuery,
    expand: string | undefined,
  ): Promise<SearchItem[]> {
    const records = new Map<string, RecordData>();
    for (const part of parts) {
      const { collectionName } = part;
      const ids = hits.filter((h) => h.collectionName === collectionName).map((h) => h.id);
      if (ids.length === 0) continue;
      const collection = requireCollection(collectionName);
      // Read again under the same conditions: a record that changed since is left out.
      const rows: Row[] = await this.records.guardClientQuery(() =>
        findRowsWhere(this.records.db, collectionName, ids, part.where),
      );
      const presented = await this.records.present(collection, rows, request, expand);
      for (const record of presented) records.set(`${collectionName}/${String(record.id)}`, record);
    }
    const items: SearchItem[] = [];
    for (const hit of hits) {
      // A record deleted (or hidden) since the search statement ran is left out.
      const record = records.get(`${hit.collectionName}/${hit.id}`);
      if (!record) continue;
      const spec = findSearchSpec(hit.collectionName);
      items.push({
        collectionName: hit.collectionName,
        id: hit.id,
        score: hit.score,
        snippet: spec
          ? documentSnippet(documentText(spec, record, undefined, SNIPPET_SOURCE_LIMIT), query)
          : "",
        record,
      });
    }
    return items;
  }
}
