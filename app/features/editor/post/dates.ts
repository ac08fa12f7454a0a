/**
 * Dates between the API (`2025-03-05 08:30:00.000Z`, UTC) and the form's
 * `datetime-local` input (wall-clock time in the writer's time zone, `2025-03-05T09:30`).
 */

/** Parses an API date; `null` when empty or invalid. */
export function parseApiDate(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A `Date` in the API's format. */
export function toApiDate(date: Date): string {
  return date.toISOString().replace("T", " ");
}

/**
 * The `datetime-local` value of an API date, in the time zone `offsetMinutes` from UTC as
 * `Date#getTimezoneOffset` gives it (the browser's by default; `0` renders UTC, which the
 * server does before it knows the writer's zone).
 */
export function toLocalInput(value: string, offsetMinutes?: number): string {
  const date = parseApiDate(value);
  if (!date) return "";
  const offset = offsetMinutes ?? date.getTimezoneOffset();
  return new Date(date.getTime() - offset * 60_000).toISOString().slice(0, 16);
}

/** The API date of a `datetime-local` value read in the browser's time zone; `""` if empty. */
export function fromLocalInput(local: string): string {
  if (!local) return "";
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? "" : toApiDate(date);
}

/** Whether an API date lies in the future (a scheduled post). */
export function isFuture(value: string, now = Date.now()): boolean {
  const date = parseApiDate(value);
  return date !== null && date.getTime() > now;
}
