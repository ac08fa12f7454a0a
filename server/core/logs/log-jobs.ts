/** The request log's background work on the job queue (ADR 060): hourly pruning. */
import type { JobQueue } from "../jobs/job-queue.ts";
import type { LogService } from "./log-service.ts";

export const LOGS_PRUNE = "logs.prune";
const HOUR_MS = 60 * 60 * 1000;

/** Declares the hourly pruning of entries older than the settings keep. */
export function defineLogJobs(queue: JobQueue, logs: LogService): void {
  queue.define({
    kind: LOGS_PRUNE,
    maxAttempts: 3,
    run: async () => {
      await logs.prune();
    },
  });
  queue.recurring.every(LOGS_PRUNE, HOUR_MS);
}
