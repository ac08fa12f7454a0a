/**
 * The `stats` part of the instance settings (`/api/settings`, ADR 070): how long the daily
 * totals are kept. The readers' salts and hashes are never kept past the next day, whatever
 * this says.
 */
import { z } from "zod";

/** Statistics settings. */
export interface StatsSettings {
  /** Days the daily totals (views, readers, referrers, feed subscribers) are kept; 0 = forever. */
  retentionDays: number;
}

/** A year and a day: last year's same day stays comparable. */
export const DEFAULT_STATS_SETTINGS: StatsSettings = { retentionDays: 366 };

/** What `PATCH /api/settings` accepts under `stats` (unknown keys refused). */
export const StatsSettingsPatchSchema = z.strictObject({
  retentionDays: z.number().int().min(0).max(36_500).optional(),
});
