/**
 * Tokenizer for the filter language. Single linear pass; whitespace and
 * `//` comments are dropped. Every failure is a FilterError.
 */
import { FilterError, type Operator } from "./ast.ts";

/** Token kinds; `call` is an identifier immediately followed by `(` (which it consumes). */
export type TokenKind =
  | "identifier"
  | "call"
  | "text"
  | "number"
  | "operator"
  | "and"
  | "or"
  | "open"
  | "close"
  | "comma";

/**
 * A lexical token. `value` holds the identifier or function name, the decoded
 * text, the raw number or the operator; `pos` is the 0-based source offset.
 */
export interface Token {
  readonly kind: TokenKind;
  readonly value: string;
  readonly pos: number;
}

const OPERATORS: ReadonlySet<string> = new Set<Operator>([
  "=",
  "!=",
  ">",
  ">=",
  "<",
  "<=",
  "~",
  "!~",
  "?=",
  "?!=",
  "?>",
  "?>=",
  "?<",
  "?<=",
  "?~",
  "?!~",
]);

/** Type guard for operator spellings, so the parser needs no casts. */
export function isOperator(value: string): value is Operator {
  return OPERATORS.has(value);
}

const SIMPLE_ESCAPES: ReadonlyMap<string, string> = new Map([
  ["\\", "\\"],
  ["n", "\n"],
  ["t", "\t"],
  ["r", "\r"],
  ["b", "\b"],
  ["f", "\f"],
]);

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= "0" && ch <= "9";
const isLetter = (ch: string | undefined): boolean =>
  ch !== undefined && ((ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z"));
const isIdentStart = (ch: string | undefined): boolean =>
  isLetter(ch) || ch === "_" || ch === "@" || ch === "#";
const isIdentPart = (ch: string | undefined): boolean =>
  isLetter(ch) || isDigit(ch) || ch === "_" || ch === "." || ch === ":";
const isSpace = (ch: string): boolean => ch === " " || ch === "\t" || ch === "\n" || ch === "\r";
const isSignChar = (ch: string | undefined): boolean => ch !== undefined && "=!<>~?".includes(ch);
const isJoinChar = (ch: string | undefined): boolean => ch === "&" || ch === "|";

function fail(what: string, pos: number): never {
  throw new FilterError(`Invalid filter: ${what} at position ${pos}.`);
}

/** Splits filter text into tokens, decoding text literals and validating each token's shape. */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input.charAt(i);
    if (isSpace(ch)) {
      i++;
    } else if (ch === "/") {
      if (input[i + 1] !== "/") fail("unexpected character", i);
      const eol = input.indexOf("\n", i);
      i = eol === -1 ? input.length : eol + 1;
    } else if (ch === "'" || ch === '"') {
      const [value, end] = scanText(input, i);
      tokens.push({ kind: "text", value, pos: i });
      i = end;
    } else if (isIdentStart(ch)) {
      i = scanIdentifier(input, i, tokens);
    } else if (isDigit(ch) || ch === "-") {
      const end = scanNumber(input, i);
      tokens.push({ kind: "number", value: input.slice(i, end), pos: i });
      i = end;
    } else if (isSignChar(ch)) {
      const end = scanRun(input, i, isSignChar);
      const value = input.slice(i, end);
      if (!isOperator(value)) fail("invalid operator", i);
      tokens.push({ kind: "operator", value, pos: i });
      i = end;
    } else if (isJoinChar(ch)) {
      const end = scanRun(input, i, isJoinChar);
      const value = input.slice(i, end);
      if (value !== "&&" && value !== "||") fail("invalid join operator", i);
      tokens.push({ kind: value === "&&" ? "and" : "or", value, pos: i });
      i = end;
    } else if (ch === "(" || ch === ")" || ch === ",") {
      const kind = ch === "(" ? "open" : ch === ")" ? "close" : "comma";
      tokens.push({ kind, value: ch, pos: i });
      i++;
    } else {
      fail("unexpected character", i);
    }
  }
  return tokens;
}

function scanRun(input: string, start: number, accept: (ch: string | undefined) => boolean) {
  let end = start;
  while (end < input.length && accept(input[end])) end++;
  return end;
}

/** Scans an identifier (or a `name(` call opener) and returns the index after it. */
function scanIdentifier(input: string, start: number, tokens: Token[]): number {
  const end = scanRun(input, start + 1, isIdentPart);
  const name = input.slice(start, end);
  const last = name.charAt(name.length - 1);
  const loneSpecial = name.length === 1 && "@_#".includes(name);
  if (last === "." || last === ":" || loneSpecial) fail("invalid identifier", start);
  if (input[end] === "(") {
    tokens.push({ kind: "call", value: name, pos: start });
    return end + 1;
  }
  tokens.push({ kind: "identifier", value: name, pos: start });
  return end;
}

/** Scans `-?digits(.digits)?`, rejecting trailing identifier characters such as `12abc`. */
function scanNumber(input: string, start: number): number {
  let i = input[start] === "-" ? start + 1 : start;
  const intStart = i;
  i = scanRun(input, i, isDigit);
  if (i === intStart) fail("invalid number", start);
  if (input[i] === ".") {
    const fracStart = i + 1;
    i = scanRun(input, fracStart, isDigit);
    if (i === fracStart) fail("invalid number", start);
  }
  const next = input[i];
  if (isIdentPart(next) || next === "@" || next === "#") fail("invalid number", start);
  if (!Number.isFinite(Number(input.slice(start, i)))) fail("number out of range", start);
  return i;
}

/** Scans a quoted literal starting at `start`; returns the decoded value and the index after it. */
function scanText(input: string, start: number): [string, number] {
  const quote = input.charAt(start);
  let out = "";
  let chunk = start + 1;
  let i = chunk;
  while (i < input.length) {
    const ch = input[i];
    if (ch === quote) return [out + input.slice(chunk, i), i + 1];
    if (ch !== "\\") {
      i++;
      continue;
    }
    if (i + 1 >= input.length) break;
    const [decoded, length] = decodeEscape(input, i, quote);
    out += input.slice(chunk, i) + decoded;
    i += length;
    chunk = i;
  }
  return fail("unterminated text", start);
}

const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * Decodes the escape whose backslash is at `at`, returning the text and the
 * number of source characters consumed; unknown escapes stay literal.
 */
function decodeEscape(input: string, at: number, quote: string): [string, number] {
  const next = input.charAt(at + 1);
  if (next === quote) return [quote, 2];
  const simple = SIMPLE_ESCAPES.get(next);
  if (simple !== undefined) return [simple, 2];
  const hex = input.slice(at + 2, at + 6);
  if (next === "u" && HEX4.test(hex)) return [String.fromCharCode(parseInt(hex, 16)), 6];
  return ["\\" + next, 2];
}
