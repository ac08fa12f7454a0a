/** True or false, stored as 0/1 on both engines (PocketBase's `field_bool.go`). */
import { fieldError } from "../../errors.ts";
import type { FieldBase, FieldType } from "./field-type.ts";
import { scalarValues } from "./scalar-values.ts";

/** True or false, stored as 0/1. */
export interface BoolField extends FieldBase {
  type: "bool";
}

const TRUE_STRINGS = new Set(["true", "1", "t", "yes", "on"]);

const isTrue = (value: unknown) => value === true || value === 1 || value === "true";

/** The bool type. */
export const boolType: FieldType<BoolField> = {
  ...scalarValues,
  type: "bool",
  normalise(_field, raw) {
    if (typeof raw === "boolean") return { value: raw };
    if (typeof raw === "number") return { value: raw !== 0 };
    if (typeof raw === "string") return { value: TRUE_STRINGS.has(raw.trim().toLowerCase()) };
    if (raw === null || raw === undefined) return { value: false };
    return { error: fieldError("validation_invalid_value", "Invalid value.") };
  },
  empty: () => false,
  // False is blank: a required bool must be true.
  isEmpty: (_field, value) => value !== true,
  column: () => "bool",
  toStored: (_field, value) => (value === true ? 1 : 0),
  toWire: (_field, stored) => stored === true || stored === 1 || stored === "1",
  filterOperand: () => ({ type: "number", nullable: false, nonEmpty: false }),
  filterStatic: (_field, value) => (isTrue(value) ? 1 : 0),
  storedText: (_field, value) => (isTrue(value) ? "1" : "0"),
  samples: () => [false, true],
};
