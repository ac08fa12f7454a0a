/** Filter AST → SQL, sort and paging for list queries. The module's only public entry. */
export { buildCondition, buildFilter, type Condition } from "./build-filter.ts";
export { buildSort, parseSort, MAX_SORT_FIELDS, type SortField } from "./sort.ts";
export { parseListParams, DEFAULT_PER_PAGE, MAX_PER_PAGE, type ListParams } from "./list-params.ts";
export {
  compareStatic,
  compareText,
  endsWithLoneEscape,
  likeMatch,
  likePattern,
  asciiLower,
  isNumericText,
  type BaseOperator,
} from "./static-compare.ts";
export * from "./types.ts";
