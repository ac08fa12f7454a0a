/**
 * The behaviour of list values (a JSON array of strings in a `list` column): tags always,
 * selects, relations and files when their `maxSelect` is over 1. Lists keep the first of
 * duplicate values and drop blank ones; PocketBase's `+field`, `field+`, `field-` modifiers
 * prepend, append and remove.
 */
import { fieldError } from "../../errors.ts";
import { normaliseText, scalarValues, withBlank } from "./scalar-values.ts";
import type { AnyField, BodyModifiers, FieldType, Modified, Normalised } from "./field-type.ts";

/** Reads a stored list column (JSON text on both engines; arrays are accepted too). */
export function readList(value: unknown): string[] {
  let v = value;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch {
      return [];
    }
  }
  return Array.isArray(v) ? v.map((x) => String(x)) : [];
}

/** Reads a submitted list (one value or several); `trim` trims each value (tags). */
export function normaliseList(raw: unknown, trim = false): Normalised {
  const list =
    raw === null || raw === undefined || raw === "" ? [] : Array.isArray(raw) ? raw : [raw];
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== "string" && typeof item !== "number") {
      return { error: fieldError("validation_invalid_value", "Invalid value.") };
    }
    const s = trim ? String(item).trim() : String(item);
    if (s !== "" && !out.includes(s)) out.push(s);
  }
  return { value: out };
}

/** Reads a modifier operand (`tags+`, `+tags`, `tags-`): one value or a list of them. */
function toStringList(raw: unknown): string[] {
  const list =
    raw === null || raw === undefined || raw === "" ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .filter((v): v is string | number => typeof v === "string" || typeof v === "number")
    .map(String);
}

/**
 * Applies the list modifiers to a list (`multi`) or to a single value read as a list of at
 * most one, which keeps the last value left.
 */
export function modifyList(multi: boolean, value: unknown, modifiers: BodyModifiers): Modified {
  let list: string[] = multi ? [...(value as string[])] : value === "" ? [] : [String(value)];
  if ("prepend" in modifiers)
    list = [...toStringList(modifiers.prepend).filter((v) => !list.includes(v)), ...list];
  if ("append" in modifiers)
    list = [...list, ...toStringList(modifiers.append).filter((v) => !list.includes(v))];
  if ("remove" in modifiers) {
    const remove = new Set(toStringList(modifiers.remove));
    list = list.filter((v) => !remove.has(v));
  }
  return { value: multi ? list : (list[list.length - 1] ?? "") };
}

/** The list behaviour (everything but the type name and the validation). */
export const listValues = {
  serverManaged: false,
  multiValue: () => true,
  normalise: (_field: AnyField, raw: unknown) => normaliseList(raw),
  modify: (_field: AnyField, value: unknown, modifiers: BodyModifiers) =>
    modifyList(true, value, modifiers),
  empty: () => [],
  isEmpty: (_field: AnyField, value: unknown) => !Array.isArray(value) || value.length === 0,
  validate: () => undefined,
  column: () => "list",
  toStored: (_field: AnyField, value: unknown) => JSON.stringify(Array.isArray(value) ? value : []),
  toWire: (_field: AnyField, stored: unknown) => readList(stored),
  // Lists reach filters through `:each` and `:length`, never as one scalar column.
  filterOperand: scalarValues.filterOperand,
  filterStatic: scalarValues.filterStatic,
  storedText: (_field: AnyField, value: unknown) => JSON.stringify(value ?? null),
  samples: (field: AnyField) => withBlank(field, [], [["a"]]),
} as const satisfies Omit<FieldType<AnyField>, "type">;

/** Fields holding one value, or a list when `maxSelect` is over 1 (selects, relations, files). */
type Selecting = AnyField & { maxSelect: number };

const many = (field: Selecting) => field.maxSelect > 1;

/**
 * The behaviour of a type holding one value or a list by its `maxSelect`: the list behaviour
 * for lists, the scalar one (the last of a submitted list kept) for one value.
 */
export const oneOrListValues = {
  serverManaged: false,
  multiValue: many,
  normalise: (field: Selecting, raw: unknown) =>
    many(field) ? normaliseList(raw) : normaliseText(raw, true),
  modify: (field: Selecting, value: unknown, modifiers: BodyModifiers) =>
    modifyList(many(field), value, modifiers),
  empty: (field: Selecting) => (many(field) ? [] : ""),
  isEmpty: (field: Selecting, value: unknown) =>
    many(field) ? listValues.isEmpty(field, value) : scalarValues.isEmpty(field, value),
  validate: () => undefined,
  column: (field: Selecting) => (many(field) ? "list" : "text"),
  toStored: (field: Selecting, value: unknown) =>
    many(field) ? listValues.toStored(field, value) : scalarValues.toStored(field, value),
  toWire: (field: Selecting, stored: unknown) =>
    many(field) ? listValues.toWire(field, stored) : scalarValues.toWire(field, stored),
  filterOperand: scalarValues.filterOperand,
  filterStatic: scalarValues.filterStatic,
  storedText: (field: Selecting, value: unknown) =>
    many(field) ? listValues.storedText(field, value) : scalarValues.storedText(field, value),
  samples: (field: Selecting) =>
    many(field) ? listValues.samples(field) : scalarValues.samples(field),
} as const satisfies Omit<FieldType<Selecting>, "type">;
