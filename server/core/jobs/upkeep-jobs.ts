/**
 * The queue's own upkeep (ADR 060): finished jobs are kept a week (so an idempotency key
 * holds that long after its job ran), failed ones a month unless a superuser retries or
 * discards them first.
 */
import type { Database } from "../../data/db.ts";
import { pruneJobs } from "../../data/repositories/job-repository.ts";
import { formatDate } from "../records/values.ts";
import type { JobQueue } from "./job-queue.ts";

export const JOBS_PRUNE = "jobs.prune";
const DAY_MS = 86_400_000;
/** How long finished and failed jobs are kept. */
export const KEEP_DONE_MS = 7 * DAY_MS;
export const KEEP_FAILED_MS = 30 * DAY_MS;

/** Declares the daily pruning of old jobs on `queue`. */
export function defineUpkeepJobs(queue: JobQueue, db: Database, now: () => number): void {
  queue.define({
    kind: JOBS_PRUNE,
    maxAttempts: 3,
    run: async () => {
      const at = now();
      await pruneJobs(db.kysely, "done", formatDate(new Date(at - KEEP_DONE_MS)));
      await pruneJobs(db.kysely, "failed", formatDate(new Date(at - KEEP_FAILED_MS)));
    },
  });
  queue.recurring.every(JOBS_PRUNE, DAY_MS);
}
