/**
 * Turns a parsed filter (see `tools/filter`) into a SQL condition, asking the field resolver
 * for every identifier. Dialect-neutral: engine differences go through `SearchDialect`.
 *
 * SECURITY: every value from the filter text is a bound parameter, never spliced into SQL.
 */
import { sql } from "kysely";
import type { FilterNode, Operand, Operator } from "../filter/index.ts";
import {
  compareStatic,
  endsWithLoneEscape,
  isNumericText,
  likePattern,
  type BaseOperator,
} from "./static-compare.ts";
import {
  SearchError,
  type FieldResolver,
  type JsonParts,
  type ResolvedOperand,
  type SearchDialect,
  type Sql,
  type StaticValue,
  type ValueType,
} from "./types.ts";

/** A condition, or a constant when it could be decided before the query runs. */
export type Condition = Sql | boolean;

/** Builds the SQL condition for a filter tree. */
export function buildFilter(
  node: FilterNode,
  resolver: FieldResolver,
  dialect: SearchDialect,
): Sql {
  const condition = buildCondition(node, resolver, dialect);
  return typeof condition === "boolean" ? dialect.bool(condition) : condition;
}

/**
 * Builds a condition, folding constant parts (`@request.auth.id != ""`, comparisons of a
 * required column with `""`) so the database sees the simplest query and can use indexes.
 */
export function buildCondition(
  node: FilterNode,
  resolver: FieldResolver,
  dialect: SearchDialect,
): Condition {
  switch (node.type) {
    case "and":
    case "or": {
      const isAnd = node.type === "and";
      const parts: Sql[] = [];
      for (const child of node.children) {
        const c = buildCondition(child, resolver, dialect);
        if (c === true) {
          if (!isAnd) return true;
        } else if (c === false) {
          if (isAnd) return false;
        } else {
          parts.push(c);
        }
      }
      if (parts.length === 0) return isAnd;
      if (parts.length === 1) return parts[0] as Sql;
      return sql`(${sql.join(parts, isAnd ? sql` AND ` : sql` OR `)})`;
    }
    case "compare":
      return buildComparison(node.op, node.left, node.right, resolver, dialect);
  }
}

function resolveOperand(operand: Operand, resolver: FieldResolver): ResolvedOperand {
  switch (operand.kind) {
    case "text":
      return { kind: "static", value: operand.value };
    case "number":
      return { kind: "static", value: operand.value };
    case "identifier":
      return resolver.resolve(operand.name);
    case "function":
      throw new SearchError(`Unsupported filter function "${operand.name}".`);
  }
}

/** One side of a comparison once multi-value sets have been given a row alias. */
interface Term {
  sql: Sql;
  type: ValueType | "static";
  nullable: boolean;
  nonEmpty?: boolean;
  value?: StaticValue;
  /** Typed parts of a JSON path read as text (PostgreSQL). */
  parts?: JsonParts;
}

function buildComparison(
  op: Operator,
  leftOperand: Operand,
  rightOperand: Operand,
  resolver: FieldResolver,
  dialect: SearchDialect,
): Condition {
  const anyOf = op.startsWith("?");
  const baseOp = (anyOf ? op.slice(1) : op) as BaseOperator;
  const left = resolveOperand(leftOperand, resolver);
  const right = resolveOperand(rightOperand, resolver);

  if (left.kind === "static" && right.kind === "static") {
    return compareStatic(baseOp, left.value, right.value);
  }

  const sets: { from: Sql; where: Sql | null }[] = [];
  const toTerm = (operand: ResolvedOperand): Term => {
    switch (operand.kind) {
      case "static":
        return {
          sql: sql`${operand.value}`,
          type: "static",
          nullable: operand.value === null,
          value: operand.value,
        };
      case "scalar":
        return {
          sql: operand.sql,
          type: operand.type,
          nullable: operand.nullable,
          nonEmpty: operand.nonEmpty ?? false,
          ...(operand.parts ? { parts: operand.parts } : {}),
        };
      case "multi":
        sets.push({ from: operand.from, where: operand.where });
        return {
          sql: operand.value,
          type: operand.type,
          nullable: true,
          ...(operand.parts ? { parts: operand.parts } : {}),
        };
      case "staticList": {
        const alias = resolver.nextAlias();
        const rows = operand.values.length
          ? sql.join(
              operand.values.map((v) => sql`SELECT ${textOrNull(v)} AS v`),
              sql` UNION ALL `,
            )
          : sql`SELECT NULL AS v WHERE 1 = 0`;
        sets.push({ from: sql`(${rows}) AS ${sql.id(alias)}`, where: null });
        return { sql: sql.ref(`${alias}.v`), type: "text", nullable: true };
      }
    }
  };
  const l = toTerm(left);
  const r = toTerm(right);
  const condition = (a: Term, b: Term): Sql => {
    const c = compareTerms(baseOp, a, b, dialect);
    return typeof c === "boolean" ? dialect.bool(c) : c;
  };

  if (sets.length === 0) return compareTerms(baseOp, l, r, dialect);

  const from = sql.join(
    sets.map((s) => s.from),
    sql`, `,
  );
  const wheres = sets.flatMap((s) => (s.where ? [s.where] : []));
  const where = (extra: Sql) => sql.join([...wheres, extra], sql` AND `);
  // The NULL standing for an empty set is typed when it meets a parameter: PostgreSQL cannot
  // infer the type of `NULL = $1` (JSON paths read as text on both engines).
  const nullTerm = (t: Term, multi: boolean, other: Term): Term =>
    multi
      ? {
          sql: other.type === "static" && t.type === "json" ? sql`CAST(NULL AS TEXT)` : sql`NULL`,
          type: t.type,
          nullable: true,
          value: null,
        }
      : t;
  const leftMulti = left.kind === "multi" || left.kind === "staticList";
  const rightMulti = right.kind === "multi" || right.kind === "staticList";
  const exists = sql`EXISTS (SELECT 1 FROM ${from}${wheres.length ? sql` WHERE ${sql.join(wheres, sql` AND `)}` : sql``})`;
  // An empty set behaves like one NULL value, as PocketBase's LEFT JOIN over json_each does.
  const emptyCase =
    sets.length === 1
      ? condition(nullTerm(l, leftMulti, r), nullTerm(r, rightMulti, l))
      : dialect.bool(false);

  if (anyOf) {
    return sql`(EXISTS (SELECT 1 FROM ${from} WHERE ${where(condition(l, r))}) OR (NOT ${exists} AND ${emptyCase}))`;
  }
  return sql`(NOT EXISTS (SELECT 1 FROM ${from} WHERE ${where(dialect.isNotTrue(condition(l, r)))}) AND (${exists} OR ${emptyCase}))`;
}

function textOrNull(value: StaticValue): StaticValue {
  return value === null ? null : String(value);
}

function isEmptyStatic(t: Term): boolean {
  return t.type === "static" && (t.value === null || t.value === "");
}

/**
 * A number bound for comparison with a numeric expression. The cast keeps PostgreSQL from
 * typing the parameter after the other side (an integer column would reject `2.5`).
 */
function numberParam(value: number): Sql {
  return sql`CAST(${value} AS NUMERIC)`;
}

/**
 * Aligns a static value with the type of the other side, as SQLite's column affinity does,
 * so both dialects compare the same way.
 */
function align(a: Term, b: Term, dialect: SearchDialect): [Sql, Sql] {
  const fix = (self: Term, other: Term): Sql => {
    if (self.type === "static" && other.type !== "static") {
      const v = self.value ?? null;
      if (other.type === "text" && typeof v === "number") return sql`${String(v)}`;
      if (other.type === "number" && typeof v === "string" && isNumericText(v))
        return numberParam(Number(v));
      if (other.type === "number" && typeof v === "number") return numberParam(v);
    }
    if (
      self.type === "number" &&
      other.type === "static" &&
      typeof other.value === "string" &&
      !isNumericText(other.value)
    ) {
      return dialect.toText(self.sql);
    }
    // Number and JSON values meet text fields as text, whatever SQLite's affinity of the field.
    if ((self.type === "number" || self.type === "json") && other.type === "text")
      return dialect.toText(self.sql);
    return self.sql;
  };
  return [fix(a, b), fix(b, a)];
}

function coalesced(t: Term, expr: Sql): Sql {
  return t.nullable && t.type === "text" ? sql`COALESCE(${expr}, '')` : expr;
}

function compareTerms(op: BaseOperator, a: Term, b: Term, dialect: SearchDialect): Condition {
  if (a.type === "static" && b.type === "static") {
    return compareStatic(op, a.value ?? null, b.value ?? null);
  }
  if (op === "=" || op === "!=") {
    // PocketBase normalises "" and NULL: `a = ""` matches both.
    if (isEmptyStatic(a) || isEmptyStatic(b)) {
      const t = isEmptyStatic(a) ? b : a;
      if (isEmptyStatic(t)) return op === "=";
      if (t.nonEmpty) return op !== "=";
      const expr = t.type === "text" ? t.sql : dialect.toText(t.sql);
      return op === "="
        ? sql`(${expr} = '' OR ${expr} IS NULL)`
        : sql`(${expr} <> '' AND ${expr} IS NOT NULL)`;
    }
    const typed = compareTyped(op, a, b);
    if (typed) return typed;
    const [x, y] = align(a, b, dialect);
    const textual = a.type === "text" || b.type === "text";
    if (textual) {
      const cx = coalesced(a, x);
      const cy = coalesced(b, y);
      return op === "=" ? sql`(${cx} = ${cy})` : sql`(${cx} <> ${cy})`;
    }
    return op === "=" ? sql`(${x} = ${y})` : dialect.isDistinct(x, y);
  }
  if (op === "~" || op === "!~") {
    // A static value is stringified here: engines spell numbers differently (`1.0` vs `1`).
    const left =
      a.type === "static"
        ? dialect.toText(sql`${a.value === null || a.value === undefined ? null : String(a.value)}`)
        : a.type === "text"
          ? coalesced(a, a.sql)
          : dialect.toText(a.sql);
    let pattern: Sql;
    if (b.type === "static") {
      // `x ~ null` is `x LIKE NULL`: never true, negated or not (as in PocketBase).
      if (b.value === null || b.value === undefined) return false;
      const text = likePattern(String(b.value));
      // A pattern ending in a lone escape matches nothing (SQLite); PostgreSQL would reject it.
      if (endsWithLoneEscape(text))
        return op === "~" ? false : a.type === "text" || sql`(${left} IS NOT NULL)`;
      pattern = sql`${text}`;
    } else {
      const right = b.type === "text" ? coalesced(b, b.sql) : dialect.toText(b.sql);
      pattern = sql`('%' || ${right} || '%')`;
    }
    return dialect.like(left, pattern, op === "!~");
  }
  const typed = compareTyped(op, a, b);
  if (typed) return typed;
  const [x, y] = align(a, b, dialect);
  return sql`(${x} ${sql.raw(op)} ${y})`;
}

/** One side of a typed comparison: a JSON path's parts, or a literal of known rank. */
type TypedSide = JsonParts | { rank: 1 | 2; value: Sql };

function typedSide(t: Term): TypedSide | null {
  if (t.parts) return t.parts;
  if (t.type !== "static") return null;
  if (typeof t.value === "number") return { rank: 1, value: numberParam(t.value) };
  if (typeof t.value === "string") return { rank: 2, value: sql`${t.value}` };
  return null;
}

/** The value of a side within a rank it is known to have. */
function sideValue(side: TypedSide, rank: 1 | 2): Sql {
  if ("value" in side) return side.value;
  return rank === 1 ? side.number : side.text;
}

/**
 * Compares a JSON path read as text (PostgreSQL) with a literal or another JSON path as
 * SQLite compares `json_extract` values: NULL is unknown (`!=` stays null-safe), numbers
 * (booleans as 1 and 0) compare by value, text by code point, and every number ranks below
 * every text. `null` when no side has typed parts: the plain comparison is right.
 */
function compareTyped(op: Exclude<BaseOperator, "~" | "!~">, a: Term, b: Term): Sql | null {
  if (!a.parts && !b.parts) return null;
  const x = typedSide(a);
  const y = typedSide(b);
  if (!x || !y) return null;
  const sqlOp = sql.raw(op === "!=" ? "<>" : op);
  const same = (rank: 1 | 2) => sql`(${sideValue(x, rank)} ${sqlOp} ${sideValue(y, rank)})`;
  const ranks = (l: 1 | 2, r: 1 | 2) => sql.raw(compareStatic(op, l, r) ? "TRUE" : "FALSE");
  if ("value" in x || "value" in y) {
    // One side is a literal of known rank: the other's rank decides which comparison holds.
    const known = "value" in x ? x.rank : (y as { rank: 1 | 2 }).rank;
    const other: 1 | 2 = known === 1 ? 2 : 1;
    const dynamic = ("value" in x ? y : x) as JsonParts;
    const mixed = "value" in x ? ranks(known, other) : ranks(other, known);
    const unknown = op === "!=" ? sql`TRUE` : sql`NULL`;
    return sql`(CASE ${dynamic.rank} WHEN ${sql.lit(known)} THEN ${same(known)} WHEN ${sql.lit(other)} THEN ${mixed} ELSE ${unknown} END)`;
  }
  const unknown =
    op === "!=" ? sql`((${x.rank} IS NULL) <> (${y.rank} IS NULL))` : sql`CAST(NULL AS BOOLEAN)`;
  return sql`(CASE WHEN ${x.rank} IS NULL OR ${y.rank} IS NULL THEN ${unknown} WHEN ${x.rank} <> ${y.rank} THEN (${x.rank} ${sqlOp} ${y.rank}) WHEN ${x.rank} = 1 THEN ${same(1)} ELSE ${same(2)} END)`;
}
