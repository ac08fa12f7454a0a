/**
 * Recently deleted (issue 25, ADR 067) as a module: its record hooks keep a deleted entry or
 * post (values, history, comments, files) in the delete's transaction and drop an account's
 * kept records with it; its jobs purge what expired (hourly) and delete removed items' files;
 * its routes are `/api/deleted`. The records core knows nothing of it but two event flags
 * (`keepFiles`, `restored`).
 */
import { RecentlyDeleted } from "../core/recently-deleted/recently-deleted.ts";
import { registerRecentlyDeletedRoutes } from "../http/recently-deleted/recently-deleted.ts";
import type { Kernel } from "../kernel/module.ts";

/** What the module answers. */
export interface RecentlyDeletedParts {
  deleted: RecentlyDeleted;
  /** The clock of deletions, expiry and the purge (tests move it). */
  clock: { now: () => number };
}

/** Makes Recently deleted and registers its hooks, jobs and routes. */
export function recentlyDeletedModule(kernel: Kernel): RecentlyDeletedParts {
  const clock = { now: () => Date.now() };
  const deleted = new RecentlyDeleted({
    records: kernel.records,
    jobs: kernel.jobs,
    now: () => clock.now(),
  });
  deleted.register();
  kernel.routes.push((app) => {
    registerRecentlyDeletedRoutes(app, deleted);
  });
  return { deleted, clock };
}
