/**
 * The statistics pages' address (`?days=30&record=<id>`): how many days back (one of
 * {@link STATS_PERIODS}, 30 when missing or unknown) and, on the writer's page, one work.
 */
import type { StatsRange } from "../../api/stats/stats.ts";

/** The periods offered, in days. */
export const STATS_PERIODS = [7, 30, 90, 365] as const;

/** What a statistics page shows. */
export interface StatsQuery {
  days: number;
  record: string | null;
}

/** Reads the query of a statistics page's URL. */
export function statsQuery(url: URL): StatsQuery {
  const days = Number(url.searchParams.get("days"));
  const record = url.searchParams.get("record");
  return {
    days: (STATS_PERIODS as readonly number[]).includes(days) ? days : 30,
    record: record && /^[\w-]{1,64}$/.test(record) ? record : null,
  };
}

/** The UTC days of the last `days` days up to `now`, today included. */
export function statsRange(days: number, now = Date.now()): StatsRange {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: day(now - (days - 1) * 86_400_000), to: day(now) };
}
