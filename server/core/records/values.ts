/**
 * Conversions between wire values, stored values and dates. Each field type's own conversions
 * are its module's (`models/fields/`, ADR 058); these are the records core's entry points.
 */
import type { Field } from "../models/collection.ts";
import { fieldType } from "../models/fields/index.ts";
import { formatDate } from "../models/fields/date.ts";

export { formatDate, parseDateInput } from "../models/fields/date.ts";
export { readList } from "../models/fields/list-values.ts";

/** The current time in PocketBase's format. */
export function nowString(): string {
  return formatDate(new Date());
}

/** Turns a stored column value into its wire value (`""`, numbers, booleans, arrays, JSON). */
export function toWireValue(field: Field, stored: unknown): unknown {
  return fieldType(field).toWire(field, stored);
}

/** Turns a normalised in-memory value into the value bound for its column. */
export function toStoredValue(field: Field, value: unknown): string | number | null {
  return fieldType(field).toStored(field, value);
}

/** The empty value of a field (`""`, 0, false, [] or null). */
export function emptyValue(field: Field): unknown {
  return fieldType(field).empty(field);
}
