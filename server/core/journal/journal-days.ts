/**
 * The journal's days (`GET /api/journal/days`, ADR 049): how many of the caller's OWN entries
 * fall on each day of a range, for the calendar, the writing streak and the year heatmap.
 * Only signed-in accounts ask (401 for guests); the range is two `YYYY-MM-DD` days, at most
 * {@link MAX_DAYS_RANGE} days apart, else a PocketBase-shaped 400 naming the bad parameter.
 */
import type { Database } from "../../data/db.ts";
import { countEntriesByDay, type DayCount } from "../../data/repositories/journal-repository.ts";
import { badRequest, fieldError, unauthorized, type FieldErrors } from "../errors.ts";
import type { AuthInfo } from "../records/request-info.ts";

/** Longest range, in days (both ends included): a year heatmap with room to spare. */
export const MAX_DAYS_RANGE = 400;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The answer of `GET /api/journal/days`. */
export interface JournalDays {
  /** Days with at least one entry, oldest first. */
  days: DayCount[];
}

/** Milliseconds of a real `YYYY-MM-DD` day at UTC midnight, or null (`2026-02-30` is null). */
function parseDay(value: string | undefined): number | null {
  const match = DAY.exec(value ?? "");
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    return null;
  return time;
}

/**
 * Checks `from` and `to` (`YYYY-MM-DD`, `from` ≤ `to`, at most {@link MAX_DAYS_RANGE} days).
 *
 * @throws CoreError 400 with `data.from` / `data.to`
 */
export function parseDayRange(query: Record<string, string | undefined>): {
  from: string;
  to: string;
} {
  const errors: FieldErrors = {};
  const from = parseDay(query.from);
  const to = parseDay(query.to);
  const invalid = () => fieldError("validation_invalid_date", "Must be a valid date (YYYY-MM-DD).");
  if (from === null)
    errors.from = query.from ? invalid() : fieldError("validation_required", "Cannot be blank.");
  if (to === null)
    errors.to = query.to ? invalid() : fieldError("validation_required", "Cannot be blank.");
  if (from !== null && to !== null) {
    if (to < from) errors.to = fieldError("validation_min_date", "Must be on or after from.");
    else if ((to - from) / DAY_MS + 1 > MAX_DAYS_RANGE)
      errors.to = fieldError("validation_max_range", "The range must be no more than {max} days.", {
        max: MAX_DAYS_RANGE,
      });
  }
  if (Object.keys(errors).length) throw badRequest("Invalid date range.", errors);
  return { from: query.from as string, to: query.to as string };
}

/**
 * The entries of the signed-in account per day of the range. SECURITY: counts only rows whose
 * `author` is the caller, whatever their visibility; a superuser, who authors no entry, gets
 * no days.
 *
 * @throws CoreError 401 for a guest, 400 for a bad range
 */
export async function journalDays(
  db: Database,
  auth: AuthInfo | null,
  query: Record<string, string | undefined>,
): Promise<JournalDays> {
  if (!auth) throw unauthorized();
  const { from, to } = parseDayRange(query);
  if (auth.isSuperuser || auth.collection.name !== "users") return { days: [] };
  const days = await countEntriesByDay(
    db.kysely,
    String(auth.record.id),
    `${from} 00:00:00.000Z`,
    `${to} 23:59:59.999Z`,
  );
  return { days };
}
