/**
 * The privacy-first statistics (issue 29, ADR 070). No PocketBase counterpart; guests get
 * 401, bad ranges 400 (`from`, `to`: `YYYY-MM-DD`, both included, at most 366 days; left out,
 * the last 30 days):
 *
 * - `GET /api/stats/views?record=<id>&from=&to=`: one post's or entry's
 *   `{days: [{day, views, readers}], referrers: [{host, views}]}`, for its author and
 *   superusers (403 for anyone else, 404 for an unknown record);
 * - `GET /api/stats/works?from=&to=`: the signed-in writer's own posts and entries: `days`,
 *   `referrers`, `works: [{record, collection, title, views, readers}]` and their feeds'
 *   `feeds: [{feed, subscribers, readers: [{reader, subscribers, day}]}]`;
 * - `GET /api/stats/site?from=&to=`: the whole site, for superusers (403 for anyone else):
 *   `days` (unique readers over the site), `referrers`, `pages: [{path, views, readers}]`,
 *   `works` and `feeds`.
 */
import type { FastifyInstance } from "fastify";
import { parseRange } from "../../core/stats/stats-days.ts";
import type { StatsReports } from "../../core/stats/stats-reports.ts";
import { unauthorized } from "../../core/errors.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf } from "../request-context.ts";

/** Registers the statistics routes. */
export function registerStatsRoutes(
  app: FastifyInstance,
  reports: StatsReports,
  now: () => number,
): void {
  app.get("/api/stats/views", rateLimited("view"), async (request) => {
    if (!request.auth) throw unauthorized();
    const query = queryOf(request);
    const range = parseRange(query, now());
    return reports.record(request.auth, query.record ?? "", range);
  });
  app.get("/api/stats/works", rateLimited("list"), async (request) => {
    if (!request.auth) throw unauthorized();
    return reports.works(request.auth, parseRange(queryOf(request), now()));
  });
  app.get("/api/stats/site", rateLimited("list"), async (request) => {
    if (!request.auth) throw unauthorized();
    return reports.site(request.auth, parseRange(queryOf(request), now()));
  });
}
