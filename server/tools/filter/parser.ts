/**
 * Parser for PocketBase filter expressions. Boolean structure is parsed
 * iteratively with an explicit stack, so no input can overflow the call stack;
 * only function-call nesting recurses, and that is capped at MAX_FUNCTION_DEPTH.
 */
import { FilterError, type FilterNode, type Operand } from "./ast.ts";
import { isOperator, tokenize, type Token } from "./lexer.ts";

/** Longest accepted filter, in UTF-16 code units; checked before tokenizing. */
export const MAX_FILTER_LENGTH = 3500;
/** Default cap on comparison expressions per filter, bounding the generated SQL. */
export const MAX_FILTER_EXPRESSIONS = 200;
/** Deepest accepted parenthesis nesting. */
export const MAX_FILTER_DEPTH = 32;
/** Deepest accepted nesting of function calls, matching fexpr. */
export const MAX_FUNCTION_DEPTH = 3;

/** Optional per-call limits for parseFilter. */
export interface FilterLimits {
  /** Maximum number of comparison expressions (default MAX_FILTER_EXPRESSIONS). */
  maxExpressions?: number;
}

/**
 * Parses filter text into an AST. Returns null when the filter holds no
 * expression (empty, whitespace or comments only). Throws FilterError otherwise.
 */
export function parseFilter(input: string, limits?: FilterLimits): FilterNode | null {
  if (typeof input !== "string") throw new FilterError("Invalid filter: expected a string.");
  if (input.length > MAX_FILTER_LENGTH) {
    throw new FilterError(`Invalid filter: too long (max ${MAX_FILTER_LENGTH} characters).`);
  }
  const tokens = tokenize(input);
  if (tokens.length === 0) return null;
  return parseTokens(tokens, limits?.maxExpressions ?? MAX_FILTER_EXPRESSIONS);
}

/** One parenthesised level: finished `||` branches plus the `&&` run in progress. */
interface Frame {
  readonly ors: FilterNode[];
  ands: FilterNode[];
}

/** Read position in the token list plus the running expression count. */
interface Cursor {
  readonly tokens: readonly Token[];
  index: number;
  expressions: number;
  readonly maxExpressions: number;
}

/** Shunting over `(`, `)`, `&&`, `||` with an explicit frame stack (no recursion). */
function parseTokens(tokens: readonly Token[], maxExpressions: number): FilterNode {
  const cursor: Cursor = { tokens, index: 0, expressions: 0, maxExpressions };
  const parents: Frame[] = [];
  let frame: Frame = { ors: [], ands: [] };
  let expectTerm = true;
  for (;;) {
    const tok = tokens[cursor.index];
    if (expectTerm) {
      if (tok?.kind === "open") {
        if (parents.length >= MAX_FILTER_DEPTH) {
          throw new FilterError(`Invalid filter: too deeply nested (max ${MAX_FILTER_DEPTH}).`);
        }
        cursor.index++;
        parents.push(frame);
        frame = { ors: [], ands: [] };
        continue;
      }
      addAnd(frame, parseComparison(cursor));
      expectTerm = false;
      continue;
    }
    if (tok === undefined) {
      if (parents.length > 0) throw new FilterError("Invalid filter: missing closing parenthesis.");
      return closeFrame(frame);
    }
    cursor.index++;
    if (tok.kind === "and") {
      expectTerm = true;
    } else if (tok.kind === "or") {
      flushAnds(frame);
      expectTerm = true;
    } else if (tok.kind === "close" && parents.length > 0) {
      const inner = closeFrame(frame);
      frame = parents.pop() ?? frame;
      addAnd(frame, inner);
    } else {
      unexpected(tok);
    }
  }
}

function unexpected(tok: Token | undefined): never {
  if (tok === undefined) throw new FilterError("Invalid filter: unexpected end of input.");
  throw new FilterError(`Invalid filter: unexpected token at position ${tok.pos}.`);
}

function parseComparison(cursor: Cursor): FilterNode {
  const left = parseOperand(cursor, 0);
  const opTok = cursor.tokens[cursor.index++];
  if (opTok?.kind !== "operator" || !isOperator(opTok.value)) return unexpected(opTok);
  const right = parseOperand(cursor, 0);
  if (++cursor.expressions > cursor.maxExpressions) {
    throw new FilterError(`Invalid filter: too many expressions (max ${cursor.maxExpressions}).`);
  }
  return { type: "compare", op: opTok.value, left, right };
}

function parseOperand(cursor: Cursor, depth: number): Operand {
  const tok = cursor.tokens[cursor.index++];
  switch (tok?.kind) {
    case "identifier":
      return { kind: "identifier", name: tok.value };
    case "text":
      return { kind: "text", value: tok.value };
    case "number":
      return { kind: "number", value: Number(tok.value), raw: tok.value };
    case "call":
      if (depth >= MAX_FUNCTION_DEPTH) {
        throw new FilterError(
          `Invalid filter: function calls nested too deeply (max ${MAX_FUNCTION_DEPTH}).`,
        );
      }
      return { kind: "function", name: tok.value, args: parseArgs(cursor, depth + 1) };
    default:
      return unexpected(tok);
  }
}

/** Parses `arg, arg, ...)` after a call token; a trailing comma is allowed. */
function parseArgs(cursor: Cursor, depth: number): Operand[] {
  const args: Operand[] = [];
  for (;;) {
    if (cursor.tokens[cursor.index]?.kind === "close") {
      cursor.index++;
      return args;
    }
    args.push(parseOperand(cursor, depth));
    const sep = cursor.tokens[cursor.index];
    if (sep?.kind === "comma") cursor.index++;
    else if (sep?.kind !== "close") unexpected(sep);
  }
}

/** Adds a term to the current `&&` run, flattening nested `and` nodes. */
function addAnd(frame: Frame, node: FilterNode): void {
  if (node.type === "and") frame.ands.push(...node.children);
  else frame.ands.push(node);
}

/** Moves the current `&&` run into the `||` list, flattening nested `or` nodes. */
function flushAnds(frame: Frame): void {
  const [only, ...rest] = frame.ands;
  if (only === undefined) return;
  if (rest.length > 0) frame.ors.push({ type: "and", children: frame.ands });
  else if (only.type === "or") frame.ors.push(...only.children);
  else frame.ors.push(only);
  frame.ands = [];
}

function closeFrame(frame: Frame): FilterNode {
  flushAnds(frame);
  const [only, ...rest] = frame.ors;
  if (only === undefined) throw new FilterError("Invalid filter: empty expression.");
  return rest.length === 0 ? only : { type: "or", children: frame.ors };
}
