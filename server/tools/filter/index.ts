/**
 * Public entry of the filter module: a pure lexer + parser for PocketBase's
 * filter language (fexpr), producing a FilterNode AST. Import from here only.
 */
export { FilterError } from "./ast.ts";
export type { FilterNode, Operand, Operator } from "./ast.ts";
export {
  MAX_FILTER_DEPTH,
  MAX_FILTER_EXPRESSIONS,
  MAX_FILTER_LENGTH,
  MAX_FUNCTION_DEPTH,
  parseFilter,
} from "./parser.ts";
export type { FilterLimits } from "./parser.ts";
export { formatFilter, formatOperand } from "./format.ts";
export { tokenize } from "./lexer.ts";
export type { Token, TokenKind } from "./lexer.ts";
export { parseFilterCached, PARSED_FILTER_CACHE_SIZE } from "./parse-cache.ts";
