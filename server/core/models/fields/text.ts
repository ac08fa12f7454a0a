/** Plain text, also Markdown bodies and the `id` primary key (PocketBase's `field_text.go`). */
import { randomInt } from "node:crypto";
import { fieldError } from "../../errors.ts";
import { runeLength, type FieldBase, type FieldType } from "./field-type.ts";
import { scalarValues, withBlank } from "./scalar-values.ts";

/** Plain text; also used for Markdown bodies. */
export interface TextField extends FieldBase {
  type: "text";
  min?: number;
  max?: number;
  /** Anchored regular expression the value must match when not empty. */
  pattern?: string;
  /** Pattern used to generate a value when none is given (only `[a-z0-9]{n}`-style classes). */
  autogeneratePattern?: string;
  primaryKey?: boolean;
  /** Value set on create when the body leaves the field out. */
  default?: string;
}

/** Generates a value from a simple pattern such as `[a-z0-9]{15}` or `user[0-9]{6}`. */
export function generateFromPattern(pattern: string): string {
  return pattern.replace(/\[([^\]]+)\]\{(\d+)\}/g, (_, cls: string, count: string) => {
    const chars: string[] = [];
    for (const m of cls.matchAll(/(.)-(.)|(.)/g)) {
      if (m[3] !== undefined) chars.push(m[3]);
      else
        for (let c = (m[1] as string).charCodeAt(0); c <= (m[2] as string).charCodeAt(0); c++)
          chars.push(String.fromCharCode(c));
    }
    let out = "";
    for (let i = 0; i < Number(count); i++) out += chars[randomInt(chars.length)] ?? "";
    return out;
  });
}

/** The text type. */
export const textType: FieldType<TextField> = {
  ...scalarValues,
  type: "text",
  // `name:autogenerate` sets the sent prefix followed by a value of the field's pattern.
  modify(field, value, modifiers) {
    if (!("autogenerate" in modifiers)) return { value };
    const prefix = modifiers.autogenerate;
    return {
      value: `${typeof prefix === "string" ? prefix : ""}${field.autogeneratePattern ? generateFromPattern(field.autogeneratePattern) : ""}`,
    };
  },
  validate(field, value) {
    const s = value as string;
    const len = runeLength(s);
    if (field.min !== undefined && len < field.min) {
      return fieldError("validation_min_text_constraint", "Must be at least {min} character(s).", {
        min: field.min,
      });
    }
    if (field.max !== undefined && len > field.max) {
      return fieldError(
        "validation_max_text_constraint",
        "Must be no more than {max} character(s).",
        { max: field.max },
      );
    }
    if (field.pattern && !new RegExp(field.pattern).test(s)) {
      return fieldError("validation_invalid_format", "Invalid value format.");
    }
    return undefined;
  },
  column: (field) => (field.primaryKey ? "primaryKey" : "text"),
  // A value of its pattern, or as short as its minimum allows.
  samples: (field) =>
    withBlank(field, "", [
      field.autogeneratePattern
        ? generateFromPattern(field.autogeneratePattern)
        : "a".repeat(Math.max(1, field.min ?? 1)),
    ]),
};
