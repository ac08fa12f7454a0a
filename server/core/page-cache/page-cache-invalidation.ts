/**
 * What makes the anonymous page cache forget (ADR 045), on this instance and, through the
 * bus (`page-cache-bus.ts`), on the others:
 *
 * - **Record writes**, through the record lifecycle (ADR 042): a commit hook on every
 *   collection purges when the record was visible to guests before or after the write
 *   (`guest-visibility.ts`), before the write is acknowledged, so the next anonymous reader
 *   sees it at once. Writes no guest could ever see (private entries, drafts, items,
 *   revisions) keep the cache.
 * - **Scheduled posts**: the cache expires at the next publication time
 *   (`publish-schedule.ts`), read again after every write that may move it.
 * - **Settings**: the application name is on every page ({@link PageCacheInvalidation.settingsChanged});
 *   the instance where they changed tells the others, which also learn it from the settings'
 *   own message on the bus.
 * - **Restores** (`RecordEvents.onReset`, here or relayed by the realtime fan-out).
 * - **Lost messages**: when the bus's subscription comes back after an outage.
 *
 * An instance whose own cache is off still tells the others about its writes.
 */
import type { CacheGeneration } from "./cache-generation.ts";
import type { RecordEvent } from "../records/record-hooks.ts";
import type { RecordService } from "../records/record-service.ts";
import { GuestVisibility } from "./guest-visibility.ts";
import type { PurgeablePageCache } from "./page-cache.ts";
import type { PageCacheBus, PageCacheMessage } from "./page-cache-bus.ts";
import { changesSchedule, nextPublication } from "./publish-schedule.ts";

/** When the next publication could not be read: try again (and forget every page) this soon. */
export const SCHEDULE_RETRY_MS = 5000;
/** The longest delay `setTimeout` takes (about 24.8 days); later times are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Options of {@link PageCacheInvalidation}. */
export interface PageCacheInvalidationOptions {
  /** This instance's cache; null when it is off here. */
  cache: PurgeablePageCache | null;
  records: RecordService;
  bus: PageCacheBus;
  /** Reads the settings again (another instance changed them). */
  reloadSettings: () => Promise<void>;
  /** Reports a failure (the server log). */
  log: (error: unknown, message: string) => void;
  /** The generation shared by the instances (scaled out): moved on before a write is acknowledged. */
  generation?: CacheGeneration | null;
}

/** Keeps the page cache true to the data (see the module comment). */
export class PageCacheInvalidation {
  private readonly cache: PurgeablePageCache | null;
  private readonly records: RecordService;
  private readonly bus: PageCacheBus;
  private readonly reloadSettings: () => Promise<void>;
  private readonly log: (error: unknown, message: string) => void;
  private readonly generation: CacheGeneration | null;
  private readonly visibility: GuestVisibility;
  private readonly unregister: (() => void)[] = [];
  private scheduleRun: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: PageCacheMessage | null = null;
  private lastMeta: string | null = null;
  private remoteSettings = false;
  private started = false;
  private closed = false;

  constructor(options: PageCacheInvalidationOptions) {
    this.cache = options.cache;
    this.records = options.records;
    this.bus = options.bus;
    this.reloadSettings = options.reloadSettings;
    this.log = options.log;
    this.generation = options.generation ?? null;
    this.visibility = new GuestVisibility(this.records, () => this.records.db);
    this.unregister.push(
      this.records.hooks.on(
        ["afterCreateCommit", "afterUpdateCommit", "afterDeleteCommit"],
        (event) => this.written(event),
      ),
      this.records.events.onReset(() => {
        this.purgeHere();
        void this.refreshSchedule();
      }),
    );
    this.bus.onMessage((message) => {
      void this.received(message);
    });
    this.bus.onResync(() => {
      this.purgeHere();
      void this.refreshSchedule();
    });
    if (this.cache) {
      this.cache.onExpired = () => {
        void this.refreshSchedule();
      };
    }
  }

  /** Reads the first publication time; call once at start, after the settings were read. */
  async start(): Promise<void> {
    this.started = true;
    await this.refreshSchedule();
  }

  /**
   * The settings' `meta` as they are now (the settings service calls it whenever they were
   * read again and changed): forgets every page when they differ from the last ones seen, and
   * tells the other instances unless they told this one (`remote`: the change was made on
   * another instance, which tells the others itself).
   */
  settingsChanged(meta: unknown, remote = false): void {
    const text = JSON.stringify(meta);
    if (text === this.lastMeta) return;
    this.lastMeta = text;
    // The settings read as the server starts: nothing is cached yet, nobody needs telling.
    if (!this.started) return;
    this.purgeHere();
    if (!this.remoteSettings && !remote) {
      void this.bumpGeneration();
      this.tell({ purge: true, settings: true, schedule: false });
    }
  }

  private async bumpGeneration(): Promise<void> {
    try {
      await this.generation?.bump();
    } catch (error) {
      // Redis is down: the others hear through the bus when it is back, or the pages' TTL.
      this.log(error, "page cache: the shared generation could not be moved on");
    }
  }

  /** Stops listening (the server closes). */
  close(): void {
    this.closed = true;
    for (const off of this.unregister) off();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async written(event: RecordEvent): Promise<void> {
    const schedule = changesSchedule(event);
    let purge: boolean;
    try {
      purge = await this.visibility.touchesGuests(event);
    } catch (error) {
      // Unsure is stale: forget rather than serve a page the write may have changed.
      this.log(error, "page cache: could not tell whether a write reaches guests");
      purge = true;
    }
    // The new publication time first: pages rendered after the purge may then be kept until it.
    if (schedule) await this.refreshSchedule();
    if (purge) {
      this.purgeHere();
      // Before the write is acknowledged (commit hooks run before the answer): every other
      // instance then reads a new generation before it serves a kept page (issue 23 finding 7).
      await this.bumpGeneration();
    }
    if (purge || schedule) this.tell({ purge, settings: false, schedule });
  }

  private async received(message: PageCacheMessage): Promise<void> {
    if (message.settings) {
      this.remoteSettings = true;
      try {
        await this.reloadSettings();
      } catch (error) {
        this.log(error, "page cache: the settings could not be read again");
      } finally {
        this.remoteSettings = false;
      }
    }
    if (message.schedule) await this.refreshSchedule();
    if (message.purge || message.settings) this.purgeHere();
  }

  private purgeHere(): void {
    this.cache?.purge();
  }

  /** Publishes once per turn of the event loop, merging what the turn's writes asked. */
  private tell(message: PageCacheMessage): void {
    if (this.pending) {
      this.pending.purge ||= message.purge;
      this.pending.settings ||= message.settings;
      this.pending.schedule ||= message.schedule;
      return;
    }
    this.pending = { ...message };
    setImmediate(() => {
      const next = this.pending;
      this.pending = null;
      if (next && !this.closed) this.bus.publish(next);
    });
  }

  /** Reads the next publication time again (one read at a time, in order). */
  private refreshSchedule(): Promise<void> {
    if (!this.cache) return Promise.resolve();
    const run = this.scheduleRun.then(() => this.loadSchedule());
    this.scheduleRun = run;
    return run;
  }

  private async loadSchedule(): Promise<void> {
    const cache = this.cache;
    if (!cache || this.closed) return;
    let next: number | null;
    try {
      next = await nextPublication(this.records);
    } catch (error) {
      this.log(error, "page cache: the next scheduled publication could not be read");
      next = Date.now() + SCHEDULE_RETRY_MS;
    }
    cache.expireAt(next);
    this.arm(next);
  }

  /** A timer at the expiry, so the memory is freed and the next time read even without visits. */
  private arm(time: number | null): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (time === null || this.closed) return;
    const delay = Math.min(Math.max(0, time - Date.now()), MAX_TIMER_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      // Reading the store applies the expiry (and calls onExpired) when it is due.
      if (this.cache?.nextExpiry === time && Date.now() < time) this.arm(time);
      else this.cache?.ticket();
    }, delay);
    this.timer.unref();
  }
}
