/**
 * The job queue (ADR 060) as a module. The queue itself is part of the kernel (made before
 * every module, which may define kinds on it); this adds its upkeep, the superusers'
 * `/api/jobs` and, registered last by `createApp`, its workers.
 */
import { JobAdmin } from "../core/jobs/job-admin.ts";
import { defineUpkeepJobs } from "../core/jobs/upkeep-jobs.ts";
import { registerJobRoutes } from "../http/jobs/jobs.ts";
import type { Kernel } from "../kernel/module.ts";

/** Registers the queue's upkeep and API. */
export function jobsModule(kernel: Kernel): void {
  defineUpkeepJobs(kernel.jobs, kernel.db, Date.now);
  const admin = new JobAdmin(kernel.db);
  kernel.routes.push((app) => {
    registerJobRoutes(app, admin);
  });
}

/**
 * Starts the workers once every module has defined its kinds and the logger is in place, and
 * stops them first when the app closes: running jobs finish (or are handed back) while the
 * parts they use (the mailer, the modules' services) are still open.
 */
export function startJobWorkers(kernel: Kernel): void {
  kernel.lifecycle.add(kernel.jobs, {
    name: "job workers",
    start: (queue) => {
      queue.start();
    },
    close: (queue) => queue.close(),
  });
}
