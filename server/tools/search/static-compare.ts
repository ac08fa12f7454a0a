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

/** Matches a value against a LIKE pattern with `\` as escape, ASCII case-insensitively. */
export function likeMatch(value: string, pattern: string): boolean {
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

/** Orders two non-null values the way the database does (numbers before text). */
function order(a: string | number, b: string | number): number {
  if (typeof a === "number" && typeof b === "number") return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return a === b ? 0 : a < b ? -1 : 1;
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
