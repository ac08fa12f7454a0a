/**
 * Days of the journal, computed in UTC (the server's dates; the app keeps no time zone per
 * person): today, month grids (weeks start on Monday, in both languages), the writing streak
 * and the heatmap's weeks and levels. Pure functions; `YYYY-MM-DD` strings throughout.
 */
import type { DayCount } from "../../api/journal/journal-days.ts";

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a time, in UTC. */
export function dayOf(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** UTC midnight of a `YYYY-MM-DD` day, in milliseconds. */
export function dayTime(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** The day `offset` days after `day` (before, when negative). */
export function addDays(day: string, offset: number): string {
  return dayOf(dayTime(day) + offset * DAY_MS);
}

/** The stored date of the start of a day (`2026-05-01 00:00:00.000Z`), for record filters. */
export function dayStart(day: string): string {
  return `${day} 00:00:00.000Z`;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real `YYYY-MM-DD` day (years 1000 to 9999). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match || Number(match[1]) < 1000) return false;
  return !Number.isNaN(dayTime(value)) && dayOf(dayTime(value)) === value;
}

/** A `YYYY-MM` month, or null when `value` is not one (years 1000 to 9999). */
export function parseMonth(value: string | null): string | null {
  const match = MONTH.exec(value ?? "");
  return match && Number(match[1]) >= 1000 ? value : null;
}

/** The years the calendar shows (as `isDay` and `parseMonth` accept them). */
export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;

/** A `YYYY` year from {@link MIN_YEAR} to {@link MAX_YEAR}, or null. */
export function parseYear(value: string | null): number | null {
  if (!/^\d{4}$/.test(value ?? "")) return null;
  const year = Number(value);
  return year >= MIN_YEAR && year <= MAX_YEAR ? year : null;
}

/** The month `offset` months after `month`. */
export function addMonths(month: string, offset: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + offset, 1));
  return date.toISOString().slice(0, 7);
}

/** The first and last days of a month. */
export function monthBounds(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  return { first, last: addDays(`${addMonths(month, 1)}-01`, -1) };
}

/** Monday-first weekday index (Monday 0 … Sunday 6) of a day. */
export function weekdayIndex(day: string): number {
  return (new Date(dayTime(day)).getUTCDay() + 6) % 7;
}

/** A month as weeks of seven cells, Monday first; `null` outside the month. */
export function monthWeeks(month: string): (string | null)[][] {
  const { first, last } = monthBounds(month);
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let day = first; day <= last; day = addDays(day, 1)) {
    week.push(day);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/**
 * The writing streak: consecutive days with an entry up to `today`, or up to yesterday when
 * nothing is written today yet (the streak is still alive until the day ends).
 */
export function writingStreak(days: readonly DayCount[], today: string): number {
  const written = new Set(days.filter((d) => d.count > 0).map((d) => d.date));
  let day = written.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (written.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/** Days the heatmap shows: the last 365, today included. */
export const HEATMAP_DAYS = 365;

/** The heatmap's intensity of a day's count: 0 (none) to 3 (three entries or more). */
export function heatLevel(count: number): 0 | 1 | 2 | 3 {
  return count <= 0 ? 0 : count === 1 ? 1 : count === 2 ? 2 : 3;
}

/**
 * The heatmap's columns: weeks (Monday first) from the week of the first of the last 365 days
 * to the week of `today`, at most 53; days outside the range are `null`.
 */
export function heatmapWeeks(today: string): (string | null)[][] {
  const first = addDays(today, -(HEATMAP_DAYS - 1));
  const weeks: (string | null)[][] = [];
  let day = addDays(first, -weekdayIndex(first));
  while (day <= today) {
    const week: (string | null)[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day >= first && day <= today ? day : null);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** Whole years between a past day and today (`2024-11-25` → `2026-11-25`: 2). */
export function yearsBetween(day: string, today: string): number {
  return Number(today.slice(0, 4)) - Number(day.slice(0, 4));
}
