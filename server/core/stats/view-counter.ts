/**
 * Counting views cheaply (ADR 070): each counted view is added to this instance's totals in
 * memory (per day, page and signed-in viewer: a few map operations, no I/O), and every few
 * seconds, and once more when the app closes, the totals are written in one transaction:
 *
 * - each page address is resolved to its record (and author) once, then remembered a minute;
 *   a signed-in author's views of their own work are dropped here;
 * - the day's salt is read (made by the first instance that needs it); each reader (client
 *   address and user agent, held in memory only until this write) becomes a salted SHA-256
 *   of the page and is inserted in the day's reader set: those new to it are the page's new
 *   unique readers (so several instances count a reader once);
 * - views and readers, referring hosts and feed readers' subscriber counts are added to the
 *   daily totals by upserts. The site's own total (`*`) counts every counted view, its
 *   readers unique over the whole site.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../../data/db.ts";
import {
  addReaders,
  addReferrers,
  addViews,
  daySalt,
  findRecordByAddress,
  findUserIdByUsername,
  putFeedReports,
  type FeedReport,
  type ReferrerTotals,
  type ViewTotals,
} from "../../data/repositories/stats-repository.ts";
import { formatDate } from "../records/values.ts";
import { pageIdentity, type CountedPage } from "./page-targets.ts";
import { dayOf } from "./stats-days.ts";

/** How often the totals are written. */
export const FLUSH_EVERY_MS = 5000;
/** Most pages (per day and viewer) held between two writes; views past it are dropped. */
const MAX_PENDING = 20_000;
/** Most readers held between two writes; past it views count, readers do not. */
const MAX_PENDING_READERS = 200_000;
/** How long a resolved address is remembered. */
const RESOLVED_FOR_MS = 60_000;
const MAX_RESOLVED = 10_000;
/** The site's own total. */
export const SITE_TARGET = "*";

/** One counted view, as the HTTP layer saw it. */
export interface View {
  time: number;
  page: Extract<CountedPage, { kind: "record" | "page" }>;
  /** `address\nuser agent`, or null when the reader asked not to be tracked (DNT, GPC). */
  reader: string | null;
  /** The referring host (never the site's own), or null. */
  referrer: string | null;
  /** The signed-in viewer's id, or null for a guest. */
  viewer: string | null;
}

/** A feed reader's report, as the HTTP layer saw it. */
export interface FeedView {
  time: number;
  page: Extract<CountedPage, { kind: "feed" }>;
  reader: string;
  subscribers: number;
}

interface Pending {
  day: string;
  page: View["page"];
  viewer: string | null;
  views: number;
  readers: Set<string>;
  referrers: Map<string, number>;
}

/** A page resolved: the target its totals are kept under and its author ('' for none). */
interface Resolved {
  target: string;
  author: string;
}

/** Options of {@link ViewCounter}. */
export interface ViewCounterOptions {
  db: Database;
  now?: () => number;
  log?: (error: unknown, message: string) => void;
}

/** The view counter of one instance (see the module comment). */
export class ViewCounter {
  private readonly db: Database;
  private readonly now: () => number;
  private readonly log: (error: unknown, message: string) => void;
  private pending = new Map<string, Pending>();
  private feeds = new Map<string, FeedView>();
  private readerCount = 0;
  private readonly resolved = new Map<string, { value: Resolved | null; until: number }>();
  private readonly salts = new Map<string, string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** Views dropped because too many pages were pending (for diagnostics). */
  dropped = 0;

  constructor(options: ViewCounterOptions) {
    this.db = options.db;
    this.now = options.now ?? (() => Date.now());
    this.log = options.log ?? (() => undefined);
  }

  /** Counts a view (in memory). */
  view(view: View): void {
    const day = dayOf(view.time);
    const key = `${day}\n${pageIdentity(view.page)}\n${view.viewer ?? ""}`;
    let entry = this.pending.get(key);
    if (!entry) {
      if (this.pending.size >= MAX_PENDING) {
        this.dropped += 1;
        return;
      }
      entry = {
        day,
        page: view.page,
        viewer: view.viewer,
        views: 0,
        readers: new Set(),
        referrers: new Map(),
      };
      this.pending.set(key, entry);
    }
    entry.views += 1;
    if (view.reader !== null && this.readerCount < MAX_PENDING_READERS) {
      const size = entry.readers.size;
      entry.readers.add(view.reader);
      if (entry.readers.size > size) this.readerCount += 1;
    }
    if (view.referrer)
      entry.referrers.set(view.referrer, (entry.referrers.get(view.referrer) ?? 0) + 1);
  }

  /** Keeps a feed reader's latest subscriber count (in memory). */
  feed(report: FeedView): void {
    const key = `${dayOf(report.time)}\n${report.page.feed}\n${report.reader}`;
    if (this.feeds.size >= MAX_PENDING && !this.feeds.has(key)) return;
    this.feeds.set(key, report);
  }

  /** Writes every few seconds until {@link close}. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.flush();
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the timer and writes what is pending. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes the pending totals (one write at a time); a failure is logged, the views kept. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0 && this.feeds.size === 0) return;
    const pending = this.pending;
    const feeds = this.feeds;
    this.pending = new Map();
    this.feeds = new Map();
    this.readerCount = 0;
    try {
      await this.store([...pending.values()], [...feeds.values()]);
    } catch (error) {
      this.log(error, "statistics: could not write the counted views; trying again");
      // Put them back for the next write (their readers too, still only in memory).
      for (const [key, entry] of pending) {
        const current = this.pending.get(key);
        if (!current) this.pending.set(key, entry);
        else {
          current.views += entry.views;
          for (const reader of entry.readers) current.readers.add(reader);
          for (const [host, n] of entry.referrers)
            current.referrers.set(host, (current.referrers.get(host) ?? 0) + n);
        }
      }
      for (const [key, report] of feeds) if (!this.feeds.has(key)) this.feeds.set(key, report);
    }
  }

  private async resolve(page: CountedPage): Promise<Resolved | null> {
    const identity = pageIdentity(page);
    const now = this.now();
    const known = this.resolved.get(identity);
    if (known && known.until > now) return known.value;
    const kysely = this.db.kysely;
    let value: Resolved | null;
    if (page.kind === "record") {
      const record = await findRecordByAddress(kysely, page.collection, page.username, page.key);
      value = record ? { target: record.id, author: record.author } : null;
    } else {
      const author = page.username ? await findUserIdByUsername(kysely, page.username) : "";
      const target = page.kind === "page" ? `page:${page.path}` : page.feed;
      value = author === null ? null : { target, author };
    }
    if (this.resolved.size >= MAX_RESOLVED) this.resolved.clear();
    this.resolved.set(identity, { value, until: now + RESOLVED_FOR_MS });
    return value;
  }

  private async salt(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    const salt = await daySalt(
      this.db.kysely,
      day,
      randomBytes(32).toString("base64url"),
      formatDate(new Date(this.now())),
    );
    this.salts.set(day, salt);
    return salt;
  }

  private async store(pending: Pending[], feeds: FeedView[]): Promise<void> {
    // Salts of days no longer written are forgotten here too (the database's by the job).
    const days = new Set([dayOf(this.now()), ...pending.map((p) => p.day)]);
    for (const day of this.salts.keys()) if (!days.has(day)) this.salts.delete(day);

    const views = new Map<string, ViewTotals>();
    const referrers: ReferrerTotals[] = [];
    const hashes = new Map<string, { day: string; hash: string; total: ViewTotals }[]>();
    const addTo = (day: string, target: string, author: string, count: number): ViewTotals => {
      const key = `${day}\n${target}`;
      let total = views.get(key);
      if (!total) {
        total = { day, target, author, views: 0, readers: 0 };
        views.set(key, total);
      }
      total.views += count;
      return total;
    };
    for (const entry of pending) {
      const resolved = await this.resolve(entry.page);
      if (!resolved) continue;
      // A writer reading their own work (or their own profile) is not a reader.
      if (entry.viewer !== null && entry.viewer === resolved.author) continue;
      const page = addTo(entry.day, resolved.target, resolved.author, entry.views);
      const site = addTo(entry.day, SITE_TARGET, "", entry.views);
      const salt = entry.readers.size ? await this.salt(entry.day) : "";
      const list = hashes.get(entry.day) ?? [];
      hashes.set(entry.day, list);
      for (const reader of entry.readers) {
        list.push({ day: entry.day, hash: readerHash(salt, resolved.target, reader), total: page });
        list.push({ day: entry.day, hash: readerHash(salt, SITE_TARGET, reader), total: site });
      }
      for (const [host, count] of entry.referrers)
        referrers.push({
          day: entry.day,
          target: resolved.target,
          author: resolved.author,
          host,
          views: count,
        });
    }
    const reports: FeedReport[] = [];
    for (const report of feeds) {
      const resolved = await this.resolve(report.page);
      if (!resolved) continue;
      reports.push({
        day: dayOf(report.time),
        feed: report.page.feed,
        author: resolved.author,
        reader: report.reader,
        subscribers: report.subscribers,
      });
    }
    await this.db.kysely.transaction().execute(async (trx) => {
      for (const [day, list] of hashes) {
        const added = await addReaders(
          trx,
          day,
          list.map((h) => h.hash),
        );
        for (const item of list) {
          if (!added.has(item.hash)) continue;
          item.total.readers += 1;
          added.delete(item.hash);
        }
      }
      if (views.size) await addViews(trx, [...views.values()]);
      if (referrers.length) await addReferrers(trx, mergeReferrers(referrers));
      if (reports.length) await putFeedReports(trx, reports);
    });
  }
}

/** A reader's salted hash for one page (or the site): nothing of it can be read back. */
export function readerHash(salt: string, target: string, reader: string): string {
  return createHash("sha256")
    .update(`${salt}\n${target}\n${reader}`)
    .digest("base64url")
    .slice(0, 32);
}

/** One row per day, page and host (the same page seen by several viewers' batches). */
function mergeReferrers(rows: ReferrerTotals[]): ReferrerTotals[] {
  const out = new Map<string, ReferrerTotals>();
  for (const row of rows) {
    const key = `${row.day}\n${row.target}\n${row.host}`;
    const known = out.get(key);
    if (known) known.views += row.views;
    else out.set(key, { ...row });
  }
  return [...out.values()];
}
