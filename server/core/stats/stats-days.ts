/**
 * Days of the statistics (ADR 070): UTC calendar days written `YYYY-MM-DD`, the bucket every
 * view falls in by the time the server answered it, and the ranges the API reads.
 */
import { badRequest, fieldError } from "../errors.ts";

const DAY_MS = 86_400_000;
/** Longest range the API reads, in days (a year, a leap one included). */
export const MAX_RANGE_DAYS = 366;
/** Days read when the request names none: the last 30, today included. */
export const DEFAULT_RANGE_DAYS = 30;

/** The UTC day of a time. */
export function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD`. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && dayOf(time) === value;
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to && out.length <= MAX_RANGE_DAYS; day = addDays(day, 1))
    out.push(day);
  return out;
}

/** A range of days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The range a request asks for: `from` and `to` as given (either may be left out: `to` is
 * today, `from` the 30th day back from `to`); a 400 naming the field when a day is not a
 * real `YYYY-MM-DD`, when `from` comes after `to`, or when the range passes
 * {@link MAX_RANGE_DAYS} days.
 */
export function parseRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: number,
): DayRange {
  const errors: Record<string, ReturnType<typeof fieldError>> = {};
  for (const field of ["from", "to"] as const) {
    const value = query[field];
    if (value !== undefined && !isDay(value))
      errors[field] = fieldError("validation_invalid_date", "Must be a day written YYYY-MM-DD.");
  }
  if (Object.keys(errors).length) throw badRequest("Invalid date range.", errors);
  const to = query.to ?? dayOf(now);
  const from = query.from ?? addDays(to, 1 - DEFAULT_RANGE_DAYS);
  if (from > to)
    throw badRequest("Invalid date range.", {
      from: fieldError("validation_range_order", "Must not come after to."),
    });
  if (daysBetween(from, to).length > MAX_RANGE_DAYS)
    throw badRequest("Invalid date range.", {
      from: fieldError("validation_range_too_long", "The range may cover {max} days at most.", {
        max: MAX_RANGE_DAYS,
      }),
    });
  return { from, to };
}

/** Every day of a range with its totals, zeros where nothing was counted. */
export function continuousDays<T extends { day: string }>(
  range: DayRange,
  rows: readonly T[],
  zero: (day: string) => T,
): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysBetween(range.from, range.to).map((day) => byDay.get(day) ?? zero(day));
}
