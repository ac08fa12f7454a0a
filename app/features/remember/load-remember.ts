/**
 * "Remember" data, read through the request's API client: the journal's days
 * (`api/journal/journal-days.ts`), a month's or a day's own entries for the calendar, "On this day"
 * (own entries of this month and day in earlier years) and the writing streak. Everything is
 * the signed-in person's own: the days endpoint counts the caller's entries only, and the
 * entry lists filter on `author`.
 */
import type { ApiClient } from "../../api/client/api-client.ts";
import { journalDays, type DayCount } from "../../api/journal/journal-days.ts";
import type { EntryRecord } from "../../api/records/records.ts";
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";
import { addDays, dayStart, writingStreak, yearsBetween } from "./journal-days.ts";

/** Days the streak looks back over (the endpoint's longest range). */
const STREAK_WINDOW = 400;
/** Most entries "On this day" shows. */
const ON_THIS_DAY_LIMIT = 10;
/** Most entries a calendar month or day lists. */
const CALENDAR_LIMIT = 500;

/** An own entry as the calendar and "On this day" link it. */
export interface DayEntry {
  id: string;
  name: string;
  title: string;
  /** `YYYY-MM-DD`. */
  day: string;
}

/** An entry of "On this day", with how many years ago it was written. */
export interface PastEntry extends DayEntry {
  yearsAgo: number;
}

/** The caller's entries per day from `from` to `to` (`YYYY-MM-DD`, at most 400 days). */
export function loadJournalDays(api: ApiClient, from: string, to: string): Promise<DayCount[]> {
  return journalDays(api, from, to);
}

/** The current writing streak, in days, up to `today`. */
export async function loadStreak(api: ApiClient, today: string): Promise<number> {
  const days = await loadJournalDays(api, addDays(today, -(STREAK_WINDOW - 1)), today);
  return writingStreak(days, today);
}

function dayEntry(entry: Pick<EntryRecord, "id" | "name" | "title" | "date">): DayEntry {
  return { id: entry.id, name: entry.name, title: entry.title, day: entry.date.slice(0, 10) };
}

/** The person's own entries dated from `from` to `to` (days, inclusive), oldest first. */
export async function loadOwnEntries(
  api: ApiClient,
  authorId: string,
  from: string,
  to: string,
): Promise<DayEntry[]> {
  const list = await listRecords<EntryRecord>(api, "entries", 1, CALENDAR_LIMIT, {
    filter: filterExpression(api, "author = {:author} && date >= {:from} && date < {:to}", {
      author: authorId,
      from: dayStart(from),
      to: dayStart(addDays(to, 1)),
    }),
    sort: "date,created,id",
    fields: "id,name,title,date",
    skipTotal: true,
    requestKey: null,
  });
  return list.items.map(dayEntry);
}

/**
 * "On this day": the person's own entries dated this month and day in earlier years, the
 * newest year first. The filter matches the stored date's `-MM-DD` (dates are text on both
 * engines, `2024-11-25 00:00:00.000Z`, so the pattern can only meet the day part) before today.
 */
export async function loadOnThisDay(
  api: ApiClient,
  authorId: string,
  today: string,
): Promise<PastEntry[]> {
  const list = await listRecords<EntryRecord>(api, "entries", 1, ON_THIS_DAY_LIMIT, {
    filter: filterExpression(api, "author = {:author} && date ~ {:monthDay} && date < {:today}", {
      author: authorId,
      monthDay: today.slice(4, 10),
      today: dayStart(today),
    }),
    sort: "-date,-created",
    fields: "id,name,title,date",
    skipTotal: true,
    requestKey: null,
  });
  return list.items
    .map(dayEntry)
    .map((entry) => ({ ...entry, yearsAgo: yearsBetween(entry.day, today) }))
    .filter((entry) => entry.yearsAgo > 0);
}
