/**
 * The answers of the statistics API (ADR 070), as the server makes them and the web app reads
 * them: `GET /api/stats/views` ({@link RecordStats}), `/works` ({@link WorksStats}) and
 * `/site` ({@link SiteStats}).
 */

/** A day's views and unique readers. */
export interface StatsDay {
  day: string;
  views: number;
  readers: number;
}

/** A referring host's views. */
export interface StatsReferrer {
  host: string;
  views: number;
}

/** A feed's subscribers, as its readers last reported them in the range. */
export interface StatsFeed {
  feed: string;
  subscribers: number;
  readers: { reader: string; subscribers: number; day: string }[];
}

/** A post's or entry's totals over the range. */
export interface WorkTotals {
  record: string;
  collection: "posts" | "entries";
  title: string;
  views: number;
  readers: number;
}

/** `GET /api/stats/views`: one record's figures. */
export interface RecordStats {
  days: StatsDay[];
  referrers: StatsReferrer[];
}

/** `GET /api/stats/works`: the caller's own works. */
export interface WorksStats extends RecordStats {
  works: WorkTotals[];
  feeds: StatsFeed[];
}

/** `GET /api/stats/site`: the whole site's figures. */
export interface SiteStats extends WorksStats {
  pages: { path: string; views: number; readers: number }[];
}
