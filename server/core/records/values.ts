/** Conversions between wire values, stored values and dates, per field type. */
import { isMultiValue, type Field } from "../models/collection.ts";

/** Formats a date as PocketBase does: `YYYY-MM-DD HH:MM:SS.sssZ` (UTC). */
export function formatDate(date: Date): string {
  return date.toISOString().replace("T", " ");
}

/** The current time in PocketBase's format. */
export function nowString(): string {
  return formatDate(new Date());
}

/**
 * Parses a submitted date (PocketBase format, ISO 8601, or a date alone) into PocketBase's
 * format; `""` stays empty; undefined for anything unparseable.
 */
export function parseDateInput(value: unknown): string | undefined {
  if (value === null || value === undefined || value === "") return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : formatDate(value);
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      text,
    );
  if (!m) return undefined;
  const [, year = "", month = "", day = ""] = m;
  const iso = `${year}-${month}-${day}T${m[4] ?? "00"}:${m[5] ?? "00"}:${m[6] ?? "00"}.${(m[7] ?? "0").padEnd(3, "0").slice(0, 3)}${m[8] ?? "Z"}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return formatDate(date);
}

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

function readJson(value: unknown): unknown {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** Text of a scalar value; anything else (null, objects) is empty. */
function scalarText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  return "";
}

/** Turns a stored column value into its wire value (`""`, numbers, booleans, arrays, JSON). */
export function toWireValue(field: Field, stored: unknown): unknown {
  if (isMultiValue(field)) return readList(stored);
  switch (field.type) {
    case "number":
      return stored === null || stored === undefined ? 0 : Number(stored);
    case "bool":
      return stored === true || stored === 1 || stored === "1";
    case "json":
      return readJson(stored);
    default:
      return scalarText(stored);
  }
}

/** Turns a normalised in-memory value into the value bound for its column. */
export function toStoredValue(field: Field, value: unknown): string | number | null {
  if (isMultiValue(field)) return JSON.stringify(Array.isArray(value) ? value : []);
  switch (field.type) {
    case "number":
      return typeof value === "number" ? value : 0;
    case "bool":
      return value === true ? 1 : 0;
    case "json":
      return value === null || value === undefined ? null : JSON.stringify(value);
    default:
      return scalarText(value);
  }
}

/** The empty value of a field (`""`, 0, false, [] or null). */
export function emptyValue(field: Field): unknown {
  if (isMultiValue(field)) return [];
  switch (field.type) {
    case "number":
      return 0;
    case "bool":
      return false;
    case "json":
      return null;
    default:
      return "";
  }
}
