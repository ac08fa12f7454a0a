/** Arbitrary JSON (PocketBase's `field_json.go`). */
import { fieldError } from "../../errors.ts";
import type { FieldBase, FieldType } from "./field-type.ts";
import { scalarValues, withBlank } from "./scalar-values.ts";

/** Arbitrary JSON. */
export interface JsonField extends FieldBase {
  type: "json";
  /** Bytes of the serialised value. */
  maxSize: number;
}

function readJson(value: unknown): unknown {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** The JSON type. */
export const jsonType: FieldType<JsonField> = {
  ...scalarValues,
  type: "json",
  // A string is JSON text when it parses, else the string itself.
  normalise(_field, raw) {
    if (typeof raw === "string") {
      try {
        return { value: JSON.parse(raw) };
      } catch {
        return { value: raw };
      }
    }
    return { value: raw === undefined ? null : raw };
  },
  empty: () => null,
  isEmpty: (_field, value) =>
    value === null ||
    value === undefined ||
    value === "" ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === "object" && Object.keys(value).length === 0),
  validate(field, value) {
    const size = Buffer.byteLength(JSON.stringify(value));
    return size > field.maxSize
      ? fieldError(
          "validation_json_size_limit",
          "The maximum allowed JSON size is {maxSize} bytes.",
          { maxSize: field.maxSize },
        )
      : undefined;
  },
  column: () => "json",
  toStored: (_field, value) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  toWire: (_field, stored) => readJson(stored),
  filterOperand: (field) => ({ type: "json", nullable: true, nonEmpty: field.required === true }),
  storedText: (_field, value) => JSON.stringify(value ?? null),
  samples: (field) => withBlank(field, null, [{ a: 1 }]),
};
