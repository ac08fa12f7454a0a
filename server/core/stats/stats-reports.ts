/**
 * The statistics as the API answers them (ADR 070), every day of the range present (zeros
 * where nothing was counted, so a chart is continuous):
 *
 * - one post's or entry's views: for its author and superusers (401 for a guest, 404 for an
 *   unknown record, 403 for anyone else);
 * - the signed-in writer's own works: their posts' and entries' views per day, each work's
 *   totals, their referrers and their feeds' subscribers;
 * - the whole site (superusers): views and unique readers per day, the site's pages, the
 *   referrers and every feed's subscribers.
 */
import type { Database } from "../../data/db.ts";
import {
  findCountedRecord,
  findCountedRecords,
  readDays,
  readFeeds,
  readReferrers,
  readTargets,
  type FeedRow,
} from "../../data/repositories/stats-repository.ts";
import { forbidden, notFound, unauthorized } from "../errors.ts";
import type { AuthInfo } from "../records/request-info.ts";
import { continuousDays, type DayRange } from "./stats-days.ts";
import { SITE_TARGET } from "./view-counter.ts";
import type {
  RecordStats,
  SiteStats,
  StatsDay,
  StatsFeed,
  WorkTotals,
  WorksStats,
} from "../../../shared/stats/stats-reports.ts";

/** Most referrers listed. */
const TOP_REFERRERS = 20;
/** Most works or pages listed. */
const TOP_TARGETS = 100;

function zero(day: string): StatsDay {
  return { day, views: 0, readers: 0 };
}

function groupFeeds(rows: FeedRow[]): StatsFeed[] {
  const byFeed = new Map<string, StatsFeed>();
  for (const row of rows) {
    const feed = byFeed.get(row.feed) ?? { feed: row.feed, subscribers: 0, readers: [] };
    feed.subscribers += row.subscribers;
    feed.readers.push({ reader: row.reader, subscribers: row.subscribers, day: row.day });
    byFeed.set(row.feed, feed);
  }
  return [...byFeed.values()].sort((a, b) => b.subscribers - a.subscribers);
}

function signedIn(auth: AuthInfo | null): AuthInfo {
  if (!auth) throw unauthorized();
  return auth;
}

/** Reads the statistics (see the module comment). */
export class StatsReports {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** One post's or entry's views per day and top referrers. */
  async record(auth: AuthInfo | null, id: string, range: DayRange): Promise<RecordStats> {
    const caller = signedIn(auth);
    const record = id ? await findCountedRecord(this.db.kysely, id) : null;
    if (!record) throw notFound();
    if (!caller.isSuperuser && caller.record.id !== record.author)
      throw forbidden("Only the author of this record and superusers may see its statistics.");
    const scope = { targets: [record.id] };
    const kysely = this.db.kysely;
    const [days, referrers] = await Promise.all([
      readDays(kysely, scope, range.from, range.to),
      readReferrers(kysely, scope, range.from, range.to, TOP_REFERRERS),
    ]);
    return { days: continuousDays(range, days, zero), referrers };
  }

  /** The signed-in person's own works. */
  async works(auth: AuthInfo | null, range: DayRange): Promise<WorksStats> {
    const caller = signedIn(auth);
    // A superuser writes nothing of their own: their works are empty (the site is theirs).
    if (caller.isSuperuser)
      return { days: continuousDays(range, [], zero), referrers: [], works: [], feeds: [] };
    const scope = { author: String(caller.record.id) };
    const kysely = this.db.kysely;
    const [days, referrers, targets, feeds] = await Promise.all([
      readDays(kysely, scope, range.from, range.to),
      readReferrers(kysely, scope, range.from, range.to, TOP_REFERRERS),
      readTargets(kysely, scope, range.from, range.to, TOP_TARGETS),
      readFeeds(kysely, scope.author, range.from, range.to),
    ]);
    return {
      days: continuousDays(range, days, zero),
      referrers,
      works: await this.worksOf(targets),
      feeds: groupFeeds(feeds),
    };
  }

  /** The whole site (superusers). */
  async site(auth: AuthInfo | null, range: DayRange): Promise<SiteStats> {
    const caller = signedIn(auth);
    if (!caller.isSuperuser) throw forbidden("Only superusers may see the site's statistics.");
    const kysely = this.db.kysely;
    const { from, to } = range;
    const [days, referrers, pages, feeds, works] = await Promise.all([
      readDays(kysely, { targets: [SITE_TARGET] }, from, to),
      readReferrers(kysely, { site: true }, from, to, TOP_REFERRERS),
      readTargets(kysely, { pages: true }, from, to, TOP_TARGETS),
      readFeeds(kysely, null, from, to),
      readTargets(kysely, { records: true }, from, to, TOP_TARGETS),
    ]);
    return {
      days: continuousDays(range, days, zero),
      referrers,
      pages: pages.map((p) => ({
        path: p.target.slice("page:".length),
        views: p.views,
        readers: p.readers,
      })),
      works: await this.worksOf(works),
      feeds: groupFeeds(feeds),
    };
  }

  private async worksOf(
    targets: { target: string; views: number; readers: number }[],
  ): Promise<WorkTotals[]> {
    const records = await findCountedRecords(
      this.db.kysely,
      targets.map((t) => t.target),
    );
    const byId = new Map(records.map((r) => [r.id, r]));
    const out: WorkTotals[] = [];
    for (const t of targets) {
      const record = byId.get(t.target);
      if (!record) continue;
      out.push({
        record: record.id,
        collection: record.collection,
        title: record.title,
        views: t.views,
        readers: t.readers,
      });
    }
    return out;
  }
}
