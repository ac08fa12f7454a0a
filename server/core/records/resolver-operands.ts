/**
 * Building blocks of the record field resolver: identifier parts, the static operands of
 * request data, and the joins that reach related rows (single-row or many-row).
 */
import { sql } from "kysely";
import type { ResolvedOperand, Sql, StaticValue, ValueType } from "../../tools/search/index.ts";
import { isMultiValue, type Field } from "../models/collection.ts";

/** The value type a field compares as. */
export function valueType(field: Field): ValueType {
  switch (field.type) {
    case "number":
    case "bool":
      return "number";
    case "json":
      return "json";
    default:
      return "text";
  }
}

/** Splits `name:modifier` into its name and modifier. */
export function splitModifier(segment: string): [string, string | undefined] {
  const i = segment.indexOf(":");
  return i < 0 ? [segment, undefined] : [segment.slice(0, i), segment.slice(i + 1)];
}

/** Puts a resolved operand behind a single-row join (`from … where …`). */
export function wrapSingle(inner: ResolvedOperand, from: Sql, where: Sql): ResolvedOperand {
  if (inner.kind === "scalar") {
    const one = (e: Sql): Sql => sql`(SELECT ${e} FROM ${from} WHERE ${where} LIMIT 1)`;
    return {
      kind: "scalar",
      sql: one(inner.sql),
      type: inner.type,
      nullable: true,
      ...(inner.parts
        ? {
            parts: {
              rank: one(inner.parts.rank),
              number: one(inner.parts.number),
              text: one(inner.parts.text),
            },
          }
        : {}),
    };
  }
  return wrapMulti(inner, from, where);
}

/** Puts a resolved operand behind a many-row join: the result is always a set. */
export function wrapMulti(inner: ResolvedOperand, from: Sql, where: Sql): ResolvedOperand {
  switch (inner.kind) {
    case "scalar":
      return {
        kind: "multi",
        from,
        where,
        value: inner.sql,
        type: inner.type,
        ...(inner.parts ? { parts: inner.parts } : {}),
      };
    case "multi":
      return {
        kind: "multi",
        from: sql`${from}, ${inner.from}`,
        where: inner.where ? sql`${where} AND ${inner.where}` : where,
        value: inner.value,
        type: inner.type,
        ...(inner.parts ? { parts: inner.parts } : {}),
      };
    default:
      return inner;
  }
}

/** A JavaScript value as a static operand (booleans 1/0, objects as JSON). */
export function toStatic(value: unknown): StaticValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return JSON.stringify(value);
}

/** The text form of a value as stored in its column (for `:changed`). */
export function storedText(field: Field, value: unknown): string {
  if (isMultiValue(field) || field.type === "json") return JSON.stringify(value ?? null);
  if (field.type === "bool") return value === true || value === 1 || value === "true" ? "1" : "0";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return value === null || value === undefined ? "" : JSON.stringify(value);
}
