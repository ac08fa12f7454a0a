/**
 * Privacy-first statistics (issue 29, ADR 070) as a module: the view counter (in memory,
 * written every few seconds and once more as the app closes: it closes after the HTTP server
 * and before the database), its upkeep jobs (salts forgotten hourly, totals pruned daily by
 * `stats.retentionDays`), the `/api/stats/*` routes, and the counting in front of the HTTP
 * server (attached after the page cache's fast path, so cached pages are counted too).
 */
import type { FastifyInstance } from "fastify";
import { defineStatsJobs } from "../core/stats/stats-jobs.ts";
import { StatsReports } from "../core/stats/stats-reports.ts";
import { ViewCounter } from "../core/stats/view-counter.ts";
import { registerStatsRoutes } from "../http/stats/stats.ts";
import { registerViewCounting } from "../http/stats/view-counting.ts";
import type { Kernel } from "../kernel/module.ts";

/** What the statistics module makes. */
export interface StatsParts {
  counter: ViewCounter;
  /** The clock of views and jobs (tests move it). */
  clock: { now: () => number };
  /** Puts the counting in front of the HTTP server (after the page cache's fast path). */
  attach: (http: FastifyInstance) => void;
}

function hostOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).hostname.toLowerCase()];
  } catch {
    return [];
  }
}

/** Makes the counter and registers its jobs, routes and lifecycle part. */
export function statsModule(kernel: Kernel): StatsParts {
  const { config, db, log, settings } = kernel;
  const clock = { now: () => Date.now() };
  const now = () => clock.now();
  const counter = kernel.lifecycle.add(
    new ViewCounter({
      db,
      now,
      log: (error, message) => {
        log.warn({ err: error }, message);
      },
    }),
    {
      name: "view counter",
      start: (part) => {
        part.start();
      },
      close: (part) => part.close(),
    },
  );
  defineStatsJobs(kernel.jobs, db, () => settings.stats, now);
  const reports = new StatsReports(db);
  kernel.routes.push((app) => {
    registerStatsRoutes(app, reports, now);
  });
  return {
    counter,
    clock,
    attach(http) {
      registerViewCounting(http, {
        counter,
        trustedProxies: config.trustedProxies,
        ownHosts: [...hostOf(config.appUrl), ...hostOf(config.siteUrl)],
        now,
      });
    },
  };
}
