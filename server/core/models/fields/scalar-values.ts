/**
 * The behaviour most field types share: one scalar value kept as text (`""` when blank). Text,
 * email, password and date fields build on it, and so do single-value selects, relations and
 * files; a module spreads it and overrides what its type does differently.
 */
import { fieldError } from "../../errors.ts";
import {
  scalarText,
  toStatic,
  type AnyField,
  type FieldType,
  type Normalised,
} from "./field-type.ts";

/**
 * Reads a submitted scalar as text. SECURITY: a list where one value is expected is a type
 * mismatch, not a choice between values (parameter pollution, checklist B22), unless
 * `lastOfList`: single-value selects, relations and files keep the last submitted value
 * (PocketBase's "last selected").
 */
export function normaliseText(raw: unknown, lastOfList = false): Normalised {
  if (raw === null || raw === undefined) return { value: "" };
  if (Array.isArray(raw)) {
    if (!lastOfList) return { error: fieldError("validation_invalid_value", "Invalid value.") };
    return raw.length === 0 ? { value: "" } : normaliseText(raw[raw.length - 1], true);
  }
  if (typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean")
    return { value: String(raw) };
  return { error: fieldError("validation_invalid_value", "Invalid value.") };
}

/** The text a value has in its column, for `:changed` (lists and JSON as JSON). */
export function plainStoredText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return value === null || value === undefined ? "" : JSON.stringify(value);
}

/** A blank sample unless the field is required, then `values`. */
export function withBlank(field: AnyField, blank: unknown, values: unknown[]): unknown[] {
  return field.required ? values : [blank, ...values];
}

/** The scalar text behaviour (everything but the type name). */
export const scalarValues = {
  serverManaged: false,
  multiValue: () => false,
  normalise: (_field: AnyField, raw: unknown) => normaliseText(raw),
  empty: () => "",
  isEmpty: (_field: AnyField, value: unknown) =>
    value === "" || value === undefined || value === null,
  validate: () => undefined,
  column: () => "text",
  toStored: (_field: AnyField, value: unknown) => scalarText(value),
  toWire: (_field: AnyField, stored: unknown) => scalarText(stored),
  filterOperand: (field: AnyField) => ({
    type: "text",
    nullable: false,
    nonEmpty: field.required === true,
  }),
  filterStatic: (_field: AnyField, value: unknown) => toStatic(value),
  storedText: (_field: AnyField, value: unknown) => plainStoredText(value),
  samples: (field: AnyField) => withBlank(field, "", ["a"]),
} as const satisfies Omit<FieldType<AnyField>, "type">;
