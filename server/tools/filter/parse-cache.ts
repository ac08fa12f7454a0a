/**
 * The one cache of parsed filters: rules and client filters repeat (every list of a
 * collection parses the same rule, a polling client sends the same filter), so their ASTs
 * are kept in one bounded cache. Filters that fail to parse are not cached; the error is
 * thrown again on the next call.
 */
import { BoundedCache } from "../cache/bounded-cache.ts";
import type { FilterNode } from "./ast.ts";
import { parseFilter } from "./parser.ts";

/** Distinct filter strings whose parsed form is kept. */
export const PARSED_FILTER_CACHE_SIZE = 1000;

const parsed = new BoundedCache<string, FilterNode | null>({ max: PARSED_FILTER_CACHE_SIZE });

/**
 * `parseFilter(filter)` with the default limits, from the cache when the same text was parsed
 * before. The returned AST is shared: callers must not mutate it.
 */
export function parseFilterCached(filter: string): FilterNode | null {
  return parsed.getOrSet(filter, () => parseFilter(filter));
}
