/** A floating-point number (PocketBase's `field_number.go`). */
import { fieldError } from "../../errors.ts";
import type { FieldBase, FieldType, Normalised } from "./field-type.ts";
import { scalarValues } from "./scalar-values.ts";

/** A floating-point number. */
export interface NumberField extends FieldBase {
  type: "number";
  min?: number;
  max?: number;
  onlyInt?: boolean;
}

function normaliseNumber(raw: unknown): Normalised {
  if (raw === null || raw === undefined || raw === "") return { value: 0 };
  const n =
    typeof raw === "number"
      ? raw
      : typeof raw === "string" && raw.trim() !== ""
        ? Number(raw)
        : NaN;
  if (!Number.isFinite(n))
    return { error: fieldError("validation_not_a_number", "The value must be a number.") };
  return { value: n };
}

/** The number type. */
export const numberType: FieldType<NumberField> = {
  ...scalarValues,
  type: "number",
  normalise: (_field, raw) => normaliseNumber(raw),
  // `name+` adds and `name-` subtracts; a bad operand reports an error and changes nothing.
  modify(_field, value, modifiers) {
    let out = value as number;
    let error;
    for (const [key, sign] of [
      ["append", 1],
      ["remove", -1],
    ] as const) {
      if (!(key in modifiers)) continue;
      const r = normaliseNumber(modifiers[key]);
      if ("error" in r) error = r.error;
      else out = out + sign * (r.value as number);
    }
    return error ? { value: out, error } : { value: out };
  },
  empty: () => 0,
  isEmpty: (_field, value) => value === 0 || value === undefined || value === null,
  validate(field, value) {
    const n = value as number;
    if (field.onlyInt && !Number.isInteger(n))
      return fieldError("validation_only_int_constraint", "Decimal numbers are not allowed.");
    if (field.min !== undefined && n < field.min) {
      return fieldError("validation_min_number_constraint", "Must be larger than {min}.", {
        min: field.min,
      });
    }
    if (field.max !== undefined && n > field.max) {
      return fieldError("validation_max_number_constraint", "Must be less than {max}.", {
        max: field.max,
      });
    }
    return undefined;
  },
  column: () => "number",
  toStored: (_field, value) => (typeof value === "number" ? value : 0),
  toWire: (_field, stored) => (stored === null || stored === undefined ? 0 : Number(stored)),
  filterOperand: () => ({ type: "number", nullable: false, nonEmpty: false }),
  samples: () => [0, 1],
};
