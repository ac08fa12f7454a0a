/**
 * The conditions a searched collection's records must meet for one request: the records API's
 * own list and view rules, exactly as a list and a GET apply them (superusers skip them), and
 * the search filters. SECURITY: the rules are read with an empty `@request.query`, so the
 * "unlisted by link" clauses (`name = @request.query.name && …`) never match: an unlisted
 * record is found by its author only, whatever the search URL carries.
 */
import { sql } from "kysely";
import type { SearchSpec } from "../../data/registry/search.ts";
import { MAIN_ALIAS } from "../../data/repositories/record-repository.ts";
import { recencyOf, type SearchPart } from "../../data/repositories/search-repository.ts";
import type { Sql } from "../../tools/search/index.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { RecordService } from "../records/record-service.ts";
import type { RequestInfo } from "../records/request-info.ts";
import type { SearchParams } from "./search-params.ts";

/** The filters of a search, `author` resolved to a user id. */
export type SearchFilters = Pick<SearchParams, "collection" | "tag" | "from" | "to"> & {
  authorId?: string;
};

const column = (name: string) => sql.ref(`${MAIN_ALIAS}.${name}`);

/**
 * The part of the search over `spec`'s collection, or null when nothing there can match: the
 * rules exclude every record, or a filter does not apply (a tag on collections, a collection
 * filter on posts).
 */
export function searchPart(
  records: RecordService,
  spec: SearchSpec,
  request: RequestInfo,
  filters: SearchFilters,
): SearchPart | null {
  if (filters.tag !== undefined && !spec.tags) return null;
  if (filters.collection !== undefined && !spec.group) return null;
  const collection = requireCollection(spec.collection);
  const conditions: Sql[] = [];
  if (request.auth?.isSuperuser !== true) {
    // Only what a list shows and a GET returns: both rules, as the records API reads them.
    const ruleRequest: RequestInfo = { ...request, query: {}, body: undefined };
    for (const rule of [collection.listRule, collection.viewRule]) {
      if (rule === null) return null;
      if (rule === "") continue;
      const condition = records.ruleCondition(collection, rule, ruleRequest);
      if (condition === false) return null;
      if (condition !== true) conditions.push(sql`(${condition})`);
    }
  }
  if (filters.authorId !== undefined)
    conditions.push(sql`${column(spec.owner)} = ${filters.authorId}`);
  if (filters.tag !== undefined && spec.tags) {
    const each = records.db.dialect.jsonEach(column(spec.tags), "_tag");
    conditions.push(sql`EXISTS (SELECT 1 FROM ${each.from} WHERE ${each.value} = ${filters.tag})`);
  }
  if (filters.collection !== undefined && spec.group)
    conditions.push(sql`${column(spec.group)} = ${filters.collection}`);
  if (filters.from !== undefined) conditions.push(sql`${recencyOf(spec)} >= ${filters.from}`);
  if (filters.to !== undefined) conditions.push(sql`${recencyOf(spec)} <= ${filters.to}`);
  return {
    collectionName: spec.collection,
    where: conditions.length ? sql.join(conditions, sql` AND `) : null,
  };
}
