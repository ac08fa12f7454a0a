/**
 * Building blocks of the record field resolver: identifier parts, the static operands of
 * request data, and the joins that reach related rows (single-row or many-row).
 */
import { sql } from "kysely";
import type { ResolvedOperand, Sql, ValueType } from "../../tools/search/index.ts";
import type { Field } from "../models/collection.ts";
import { fieldType } from "../models/fields/index.ts";

export { toStatic } from "../models/fields/field-type.ts";

/** The value type a field compares as. */
export function valueType(field: Field): ValueType {
  return fieldType(field).filterOperand(field).type;
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

/** The text form of a value as stored in its column (for `:changed`). */
export function storedText(field: Field, value: unknown): string {
  return fieldType(field).storedText(field, value);
}
