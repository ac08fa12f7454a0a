/**
 * "Remember" data, read through the request's SDK client: the journal's days
 * (`GET /api/journal/days`), a month's or a day's own entries for the calendar, "On this day"
 * (own entries of this month and day in earlier years) and the writing streak. Everything is
 * the signed-in person's own: the days endpoint counts the caller's entries only, and the
 * entry lists filter on `author`.
 */
import type PocketBase from "pocketbase";
import type { EntryRecord } from "../../api/records/records.ts";
import { addDays, dayStart, writingStreak, yearsBetween, type DayCount } from "./journal-days.ts";

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
export async function loadJournalDays(
  pb: PocketBase,
  from: string,
  to: string,
): Promise<DayCount[]> {
  const answer = await pb.send<{ days: DayCount[] }>("/api/journal/days", {
    query: { from, to },
    requestKey: null,
  });
  return answer.days;
}

/** The current writing streak, in days, up to `today`. */
export async function loadStreak(pb: PocketBase, today: string): Promise<number> {
  const days = await loadJournalDays(pb, addDays(today, -(STREAK_WINDOW - 1)), today);
  return writingStreak(days, today);
}

function dayEntry(entry: Pick<EntryRecord, "id" | "name" | "title" | "date">): DayEntry {
  return { id: entry.id, name: entry.name, title: entry.title, day: entry.date.slice(0, 10) };
}

/** The person's own entries dated from `from` to `to` (days, inclusive), oldest first. */
export async function loadOwnEntries(
  pb: PocketBase,
  authorId: string,
  from: string,
  to: string,
): Promise<DayEntry[]> {
  const list = await pb.collection("entries").getList<EntryRecord>(1, CALENDAR_LIMIT, {
    filter: pb.filter("author = {:author} && date >= {:from} && date < {:to}", {
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
  pb: PocketBase,
  authorId: string,
  today: string,
): Promise<PastEntry[]> {
  const list = await pb.collection("entries").getList<EntryRecord>(1, ON_THIS_DAY_LIMIT, {
    filter: pb.filter("author = {:author} && date ~ {:monthDay} && date < {:today}", {
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
