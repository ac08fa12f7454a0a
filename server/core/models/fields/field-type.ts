/**
 * The contract every field type implements (ADR 058), as PocketBase's `core/field_*.go` do:
 * one module per type says how a submitted value is read, checked, stored, filtered and
 * returned. The records core, the filter resolver and both SQL dialects ask the type's module
 * (through the registry, `index.ts`) instead of switching on `field.type`.
 *
 * The modules are pure: no database, no HTTP, no file storage. The data layer reads them for
 * column classes, so they import only `core/errors.ts` and types from `tools/`.
 */
import type { StaticValue, ValueType } from "../../../tools/search/index.ts";
import type { FieldError } from "../../errors.ts";

/** Options every field shares. */
export interface FieldBase {
  /** Column and JSON key. */
  name: string;
  /** A missing or empty value fails validation with `validation_required`. */
  required?: boolean;
  /** Never returned to non-superusers and not filterable by them. */
  hidden?: boolean;
  /**
   * A rule (filter language): non-superusers are shown the value only on records where it
   * matches for their request, elsewhere the field's empty value; and they may not filter or
   * sort by it (a filter would tell the value it blanks). A guest's address on a comment.
   */
  shownTo?: string;
  /** Part of the collection's built-in structure (id, auth fields, autodates). */
  system?: boolean;
}

/** A field of some type: its options and its type name. */
export type AnyField = FieldBase & { type: string };

/**
 * How a column is typed on every engine. Each dialect maps a class to its SQL once
 * (`server/data/dialects/`); a type that reuses a class touches no dialect.
 */
export type StorageClass = "text" | "number" | "bool" | "json" | "list";

/** A column's class: a storage class, or the text primary key (the `id` field). */
export type ColumnClass = StorageClass | "primaryKey";

/** A submitted value read into a field's in-memory form, or why it could not be. */
export type Normalised = { value: unknown } | { error: FieldError };

/**
 * The modifier keys a body sent for one field, present only when sent: `+name` (prepend),
 * `name+` (append), `name-` (remove) and `name:autogenerate`.
 */
export interface BodyModifiers {
  prepend?: unknown;
  append?: unknown;
  remove?: unknown;
  autogenerate?: unknown;
}

/** The value after a body's modifiers, and the first error one of them raised. */
export interface Modified {
  value: unknown;
  error?: FieldError;
}

/** How a single-value field's column reads in a filter (`ScalarOperand` of tools/search). */
export interface FilterOperand {
  /** Whether it compares as text, a number or raw JSON. */
  type: ValueType;
  /** The column may hold NULL. */
  nullable: boolean;
  /** The column is never empty (required fields): `= ""` folds to false. */
  nonEmpty: boolean;
}

/**
 * One field type. `F` is the type's field options (`TextField`, `NumberField`…). Values come
 * in three forms: submitted (the body, unchecked), in memory (normalised: strings, numbers,
 * booleans, string lists, JSON) and stored (what a column binds and returns).
 */
export interface FieldType<F extends AnyField> {
  /** The type name, as fields and PocketBase's schema spell it. */
  readonly type: F["type"];
  /**
   * Set by the server only (passwords through their own flow, autodates): a body never
   * writes it and record validation skips it.
   */
  readonly serverManaged: boolean;
  /** Whether the value is a list (a JSON array) rather than one value. */
  multiValue(field: F): boolean;

  /** Submitted value → in-memory value, or a type error (`validation_invalid_value`…). */
  normalise(field: F, raw: unknown): Normalised;
  /** Applies the body's modifier keys to the value; absent: the type takes none. */
  modify?(field: F, value: unknown, modifiers: BodyModifiers): Modified;
  /** The value of a field nothing set. */
  empty(field: F): unknown;
  /** Whether an in-memory value counts as blank (`required` refuses it). */
  isEmpty(field: F, value: unknown): boolean;
  /** The type's constraints on a non-blank in-memory value (min, max, pattern…). */
  validate(field: F, value: unknown): FieldError | undefined;

  /** The column's class; each dialect maps it to SQL. */
  column(field: F): ColumnClass;
  /** In-memory value → the value bound for its column. */
  toStored(field: F, value: unknown): string | number | null;
  /** Stored column value → wire value (`""`, numbers, booleans, arrays, JSON). */
  toWire(field: F, stored: unknown): unknown;

  /** How the column of a single-value field reads in a filter. */
  filterOperand(field: F): FilterOperand;
  /** A value known in JavaScript (`@request.body.*`) as a filter's static operand. */
  filterStatic(field: F, value: unknown): StaticValue;
  /** The text of an in-memory value as its column stores it (for `:changed`). */
  storedText(field: F, value: unknown): string;

  /**
   * Representative in-memory values (blank and not), for checks that evaluate rules over
   * the records a collection can hold (search's access keys at start).
   */
  samples(field: F): unknown[];
}

/** The options type a field type module implements. */
export type FieldOf<T> = T extends FieldType<infer F> ? F : never;

/** Counts characters as code points (PocketBase counts runes). */
export function runeLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Text of a scalar value; anything else (null, objects) is empty. */
export function scalarText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  return "";
}

/** A JavaScript value as a static operand (booleans 1/0, objects as JSON). */
export function toStatic(value: unknown): StaticValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return JSON.stringify(value);
}
