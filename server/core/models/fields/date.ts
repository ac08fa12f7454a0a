/**
 * A date-time in PocketBase's `YYYY-MM-DD HH:MM:SS.sssZ` format, kept as text (PocketBase's
 * `field_date.go`), and the date helpers every other module uses.
 */
import { fieldError } from "../../errors.ts";
import type { FieldBase, FieldType, Normalised } from "./field-type.ts";
import { scalarValues, withBlank } from "./scalar-values.ts";

/** A date-time in PocketBase's `YYYY-MM-DD HH:MM:SS.sssZ` format. */
export interface DateField extends FieldBase {
  type: "date";
}

/** Formats a date as PocketBase does: `YYYY-MM-DD HH:MM:SS.sssZ` (UTC). */
export function formatDate(date: Date): string {
  return date.toISOString().replace("T", " ");
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

/** Reads a submitted date (dates and autodates alike). */
export function normaliseDate(raw: unknown): Normalised {
  const d = parseDateInput(raw);
  if (d === undefined)
    return { error: fieldError("validation_invalid_date", "Must be a valid date.") };
  return { value: d };
}

/** A date long past, as a sample. */
export const PAST_SAMPLE = "2000-01-01 00:00:00.000Z";
/** A date far ahead, as a sample (scheduled posts: a date still to come). */
export const FUTURE_SAMPLE = "2999-12-31 00:00:00.000Z";

/** The date type. */
export const dateType: FieldType<DateField> = {
  ...scalarValues,
  type: "date",
  normalise: (_field, raw) => normaliseDate(raw),
  samples: (field) => withBlank(field, "", [PAST_SAMPLE, FUTURE_SAMPLE]),
};
