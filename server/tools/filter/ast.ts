/**
 * AST and error type for PocketBase's filter language (fexpr).
 * Pure data: no dependencies, shared by the lexer, parser and formatter.
 */

/** Comparison operators; the `?`-prefixed forms mean "any of" for multi-valued operands. */
export type Operator =
  | "="
  | "!="
  | ">"
  | ">="
  | "<"
  | "<="
  | "~"
  | "!~"
  | "?="
  | "?!="
  | "?>"
  | "?>="
  | "?<"
  | "?<="
  | "?~"
  | "?!~";

/**
 * One side of a comparison (or a function argument).
 * - identifier: field paths and keywords, e.g. `author.username`, `@request.auth.id`, `null`.
 * - text: a quoted literal with escapes already decoded.
 * - number: a numeric literal; `raw` keeps the source spelling.
 * - function: a call such as `strftime('%Y', created)`.
 */
export type Operand =
  | { kind: "identifier"; name: string }
  | { kind: "text"; value: string }
  | { kind: "number"; value: number; raw: string }
  | { kind: "function"; name: string; args: Operand[] };

/**
 * A parsed filter. `and`/`or` nodes always have at least two children and are
 * flattened: an `and` never directly contains an `and`, nor an `or` an `or`.
 */
export type FilterNode =
  | { type: "compare"; op: Operator; left: Operand; right: Operand }
  | { type: "and"; children: FilterNode[] }
  | { type: "or"; children: FilterNode[] };

/**
 * The only error the filter module throws, for syntax errors and exceeded limits.
 * Messages are short, generic English safe to return to API clients.
 */
export class FilterError extends Error {
  override name = "FilterError";
}
