/**
 * The statistics' upkeep on the job queue (ADR 060, ADR 070):
 *
 * - `stats.forget`, hourly: deletes the readers' salts and hashes of every day before the
 *   current one once ten minutes of it have passed (late writes of the day before are done by
 *   then). A salt is made on its day, so it is gone at most about 25 hours later, well within
 *   the 48 hours promised; without it a reader's hash can never be made again.
 * - `stats.prune`, daily: deletes the daily totals older than `stats.retentionDays` (0 keeps
 *   them).
 */
import type { Database } from "../../data/db.ts";
import { forgetBefore, pruneTotalsBefore } from "../../data/repositories/stats-repository.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { addDays, dayOf } from "./stats-days.ts";
import type { StatsSettings } from "./stats-settings.ts";

export const STATS_FORGET = "stats.forget";
export const STATS_PRUNE = "stats.prune";
const HOUR_MS = 3_600_000;
/** How long into a day the day before's salt is kept for late writes. */
export const SALT_GRACE_MS = 10 * 60_000;

/** Deletes the salts and reader hashes no longer needed at `now`; answers the salts deleted. */
export function forgetReaders(db: Database, now: number): Promise<number> {
  return forgetBefore(db.kysely, dayOf(now - SALT_GRACE_MS));
}

/** Deletes the totals past the retention at `now`. */
export async function pruneTotals(
  db: Database,
  settings: StatsSettings,
  now: number,
): Promise<void> {
  if (settings.retentionDays <= 0) return;
  await pruneTotalsBefore(db.kysely, addDays(dayOf(now), -settings.retentionDays));
}

/** Declares both jobs and their periods on `queue`. */
export function defineStatsJobs(
  queue: JobQueue,
  db: Database,
  settings: () => StatsSettings,
  now: () => number,
): void {
  queue.define({
    kind: STATS_FORGET,
    maxAttempts: 3,
    run: async () => {
      await forgetReaders(db, now());
    },
  });
  queue.define({
    kind: STATS_PRUNE,
    maxAttempts: 3,
    run: () => pruneTotals(db, settings(), now()),
  });
  queue.recurring.every(STATS_FORGET, HOUR_MS);
  queue.recurring.every(STATS_PRUNE, 24 * HOUR_MS);
}
