/**
 * The request log as a module: the service (its buffer flushed when the app closes), its
 * hourly pruning on the job queue and the superusers' `/api/logs`. Requests are recorded by
 * the HTTP layer's own hook (`registerRequestLogger`), which needs the service.
 */
import { defineLogJobs } from "../core/logs/log-jobs.ts";
import { LogService } from "../core/logs/log-service.ts";
import { registerLogRoutes } from "../http/logs/logs.ts";
import type { Kernel } from "../kernel/module.ts";

/** Makes the request log. */
export function logsModule(kernel: Kernel): LogService {
  const { db, records, settings, log } = kernel;
  const logs = kernel.lifecycle.add(
    new LogService(
      db,
      records,
      () => settings.logs,
      (error, message) => {
        log.warn({ err: error }, message);
      },
    ),
    { name: "request log", close: (service) => service.close() },
  );
  defineLogJobs(kernel.jobs, logs);
  kernel.routes.push((app) => {
    registerLogRoutes(app, logs);
  });
  return logs;
}
