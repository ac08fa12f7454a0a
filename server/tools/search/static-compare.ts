/**
 * Compares two values known before the query runs, with the same semantics the SQL builder
 * gives the database (empty string and NULL are equal for `=`/`!=`; LIKE is ASCII
 * case-insensitive). Used to fold constant conditions and by the reference evaluator.
 */
import type { StaticValue } from "./types.ts";

/** Base comparison operators (without the `?` any-of prefix). */
export type BaseOperator = "=" | "!=" | ">" | ">=" | "<" | "<=" | "~" | "!~";

/** Whether a string is canonical numeric text that converts to a number (SQLite affinity). */
export function isNumericText(value: string): boolean {
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value);
}

function isEmpty(value: StaticValue): boolean {
  return value === null || value === "";
}

/** Builds the `%…%` LIKE pattern PocketBase uses for a `~` literal. */
export function likePattern(value: string): string {
  if (/(^|[^\\])%/.test(value)) return value;
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether a LIKE pattern ends in an escape character that escapes nothing. */
export function endsWithLoneEscape(pattern: string): boolean {
  return /(^|[^\\])(\\\\)*\\$/.test(pattern);
}

/**
 * Matches a value against a LIKE pattern with `\` as escape, ASCII case-insensitively.
 * A pattern ending in a lone escape matches nothing, as in SQLite.
 */
export function likeMatch(value: string, pattern: string): boolean {
  if (endsWithLoneEscape(pattern)) return false;
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "\\" && i + 1 < pattern.length) {
      re += escapeRegExp(asciiLower(pattern[++i] as string));
    } else if (c === "%") {
      re += "[\\s\\S]*";
    } else if (c === "_") {
      re += "[\\s\\S]";
    } else {
      re += escapeRegExp(asciiLower(c));
    }
  }
  return new RegExp(`^${re}$`, "u").test(asciiLower(value));
}

function escapeRegExp(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** Lower-cases ASCII letters only, as SQLite's LOWER() does. */
export function asciiLower(value: string): string {
  return value.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/**
 * Orders text by code point, as SQLite's BINARY and PostgreSQL's "C" collations do (UTF-8
 * byte order). JavaScript's `<` compares UTF-16 units and puts `😀` before `\uE000`.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(i) as number;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length < b.length ? -1 : 1;
}

/** Orders two non-null values the way the database does (numbers before text). */
function order(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return compareText(a, b);
}

/** Coerces the pair like SQLite affinity would when one side is a number. */
function coerce(a: StaticValue, b: StaticValue): [StaticValue, StaticValue] {
  if (typeof a === "number" && typeof b === "string" && isNumericText(b)) return [a, Number(b)];
  if (typeof b === "number" && typeof a === "string" && isNumericText(a)) return [Number(a), b];
  return [a, b];
}

/** Evaluates `a op b` for static values; returns false where SQL would yield NULL. */
export function compareStatic(op: BaseOperator, left: StaticValue, right: StaticValue): boolean {
  if (op === "=" || op === "!=") {
    let equal: boolean;
    if (isEmpty(left) || isEmpty(right)) {
      equal = isEmpty(left) && isEmpty(right);
    } else {
      const [a, b] = coerce(left, right);
      equal = a === b;
    }
    return op === "=" ? equal : !equal;
  }
  if (op === "~" || op === "!~") {
    if (left === null || right === null) return false;
    const pattern = typeof right === "string" ? likePattern(right) : `%${String(right)}%`;
    const matched = likeMatch(String(left), pattern);
    return op === "~" ? matched : !matched;
  }
  if (left === null || right === null) return false;
  const [a, b] = coerce(left, right);
  const cmp = order(a as string | number, b as string | number);
  switch (op) {
    case ">":
      return cmp > 0;
    case ">=":
      return cmp >= 0;
    case "<":
      return cmp < 0;
    case "<=":
      return cmp <= 0;
  }
}
