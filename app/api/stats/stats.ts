/**
 * The privacy-first statistics (ADR 070): one post's or entry's views
 * (`GET /api/stats/views`), the caller's own works (`GET /api/stats/works`) and the whole
 * site's (`GET /api/stats/site`, superusers), each over a range of days (`YYYY-MM-DD`, both
 * included) with every day present.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import { failedWith } from "../client/api-errors.ts";
export type {
  RecordStats,
  SiteStats,
  StatsDay,
  StatsFeed,
  StatsReferrer,
  WorkTotals,
  WorksStats,
} from "#shared/stats/stats-reports.ts";
import type { RecordStats, SiteStats, WorksStats } from "#shared/stats/stats-reports.ts";

/** A range of days, both included. */
export interface StatsRange {
  from: string;
  to: string;
}

/** One post's or entry's views per day and top referrers (its author and superusers). */
export function recordStats(
  api: ApiClient,
  record: string,
  range: StatsRange,
): Promise<RecordStats> {
  return sdk(api).send<RecordStats>("/api/stats/views", {
    query: { record, from: range.from, to: range.to },
    requestKey: null,
  });
}

/** The caller's own posts and entries: per day, per work, referrers and feed subscribers. */
export function worksStats(api: ApiClient, range: StatsRange): Promise<WorksStats> {
  return sdk(api).send<WorksStats>("/api/stats/works", {
    query: { from: range.from, to: range.to },
    requestKey: null,
  });
}

/** The whole site's figures (superusers). */
export function siteStats(api: ApiClient, range: StatsRange): Promise<SiteStats> {
  return sdk(api).send<SiteStats>("/api/stats/site", {
    query: { from: range.from, to: range.to },
    requestKey: null,
  });
}

/** The title of the caller's post or entry `id` (as its statistics page names it), or null. */
export async function statsRecordTitle(api: ApiClient, id: string): Promise<string | null> {
  const pb = sdk(api);
  for (const collection of ["posts", "entries"]) {
    try {
      const record = await pb
        .collection(collection)
        .getOne<{ title: string }>(id, { fields: "title", requestKey: null });
      return record.title;
    } catch (error) {
      if (!failedWith(error, 404, 403)) throw error;
    }
  }
  return null;
}

/** The `stats` part of the settings (superusers). */
export interface StatsSettings {
  /** Days the daily totals are kept; 0 keeps them forever. */
  retentionDays: number;
}

/** The server's default, shown until the settings say otherwise. */
export const DEFAULT_STATS_SETTINGS: StatsSettings = { retentionDays: 366 };

/** The statistics settings (`GET /api/settings`, superusers). */
export async function readStatsSettings(api: ApiClient): Promise<StatsSettings> {
  const settings = await sdk(api).send<{ stats?: StatsSettings }>("/api/settings", {
    requestKey: null,
  });
  return settings.stats ?? DEFAULT_STATS_SETTINGS;
}

/**
 * Saves the statistics settings (`PATCH /api/settings`, this part only); answers them as
 * stored. The value is sent as typed: the API refuses what is not a whole number from 0 to
 * 36,500, keyed `stats.retentionDays`.
 */
export async function saveStatsSettings(
  api: ApiClient,
  values: Record<keyof StatsSettings, number | string>,
): Promise<StatsSettings> {
  const saved = await sdk(api).send<{ stats?: StatsSettings }>("/api/settings", {
    method: "PATCH",
    body: { stats: values },
  });
  return saved.stats ?? DEFAULT_STATS_SETTINGS;
}
