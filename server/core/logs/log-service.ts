/**
 * The request log: entries are buffered in memory and written in batches (one transaction
 * per second at most, so logging never adds an fsync to each request), read back by
 * superusers with the filter language, counted per hour, and pruned after `maxDays`.
 */
import type { Database } from "../../data/db.ts";
import {
  countLogsByHour,
  deleteLogsBefore,
  insertLogs,
} from "../../data/repositories/log-repository.ts";
import { logsCollection } from "../../data/registry/logs.ts";
import { generateFromPattern } from "../records/record-input.ts";
import type { ListQuery, ListResult, RecordService } from "../records/record-service.ts";
import type { RecordData, RequestInfo } from "../records/request-info.ts";
import { formatDate, nowString } from "../records/values.ts";

/** PocketBase's log levels (slog). */
export const LOG_LEVELS = { debug: -4, info: 0, warn: 4, error: 8 } as const;

/** Log settings (PocketBase's `settings.logs`). */
export interface LogSettings {
  /** Days a log entry is kept; 0 turns request logging off. */
  maxDays: number;
  /** Entries below this level are not stored. */
  minLevel: number;
  /** Whether client IPs are stored. */
  logIP: boolean;
  /** Whether the auth record id is stored. */
  logAuthId: boolean;
}

/** PocketBase's defaults. */
export const DEFAULT_LOG_SETTINGS: LogSettings = {
  maxDays: 5,
  minLevel: LOG_LEVELS.info,
  logIP: true,
  logAuthId: false,
};

/** One entry to store. */
export interface LogEntry {
  level: number;
  message: string;
  data: Record<string, unknown>;
}

/** Most entries kept in memory waiting for a write; older ones are dropped beyond it. */
const MAX_BUFFERED = 10_000;
/** Entries written per batch (one transaction: its commit, an fsync on SQLite, is per batch). */
const FLUSH_SIZE = 1000;
/** Longest wait before buffered entries are written. */
const FLUSH_DELAY_MS = 1000;

/** The request log. */
export class LogService {
  private readonly db: Database;
  private readonly records: RecordService;
  private readonly settings: () => LogSettings;
  private readonly report: (error: unknown, message: string) => void;
  private buffer: RecordData[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** Entries dropped because the buffer was full (reported with the next write). */
  private dropped = 0;

  constructor(
    db: Database,
    records: RecordService,
    settings: () => LogSettings = () => DEFAULT_LOG_SETTINGS,
    report: (error: unknown, message: string) => void = () => {},
  ) {
    this.db = db;
    this.records = records;
    this.settings = settings;
    this.report = report;
  }

  /** The current settings. */
  get current(): LogSettings {
    return this.settings();
  }

  /** Queues an entry (ignored when logging is off or the level is below the minimum). */
  add(entry: LogEntry): void {
    const settings = this.settings();
    if (settings.maxDays <= 0 || entry.level < settings.minLevel) return;
    if (this.buffer.length >= MAX_BUFFERED) {
      this.buffer.shift();
      this.dropped += 1;
    }
    this.buffer.push({
      id: generateFromPattern("[a-z0-9]{15}"),
      created: nowString(),
      level: entry.level,
      message: entry.message,
      data: JSON.stringify(entry.data),
    });
    if (this.buffer.length >= FLUSH_SIZE) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS).unref();
  }

  /** Writes every buffered entry; resolves once they are stored (failures are reported). */
  async flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const rows = this.buffer;
    this.buffer = [];
    const dropped = this.dropped;
    this.dropped = 0;
    const previous = this.writing;
    this.writing = (async () => {
      await previous;
      if (dropped > 0)
        this.report(null, `${String(dropped)} request log entries were dropped (buffer full)`);
      try {
        for (let i = 0; i < rows.length; i += FLUSH_SIZE)
          await insertLogs(this.db.kysely, rows.slice(i, i + FLUSH_SIZE));
      } catch (error) {
        this.report(error, `Failed to write ${String(rows.length)} request log entries`);
      }
    })();
    await this.writing;
  }

  /** Deletes entries older than `maxDays` (all of them when logging is off). */
  async prune(now = new Date()): Promise<number> {
    const days = Math.max(0, this.settings().maxDays);
    return deleteLogsBefore(
      this.db.kysely,
      formatDate(new Date(now.getTime() - days * 86_400_000)),
    );
  }

  /** Writes what is buffered. */
  async close(): Promise<void> {
    await this.flush();
  }

  /** A page of entries (filter, sort, paging as records lists); newest first by default. */
  async list(request: RequestInfo, query: ListQuery): Promise<ListResult> {
    await this.flush();
    const result = await this.records.list(logsCollection, request, {
      ...query,
      sort: query.sort || "-created,-id",
    });
    return { ...result, items: result.items.map(withoutCollection) };
  }

  /** One entry; 404 when it does not exist. */
  async view(request: RequestInfo, id: string): Promise<RecordData> {
    await this.flush();
    return withoutCollection(await this.records.view(logsCollection, request, id));
  }

  /** Entries per hour matching `filter`. */
  async stats(
    request: RequestInfo,
    filter: string | undefined,
  ): Promise<{ date: string; total: number }[]> {
    await this.flush();
    const where = filter ? this.records.clientFilterSql(logsCollection, filter, request) : null;
    return this.records.guardClientQuery(() => countLogsByHour(this.db.kysely, where));
  }
}

/** Log entries are not records: no collection keys. */
function withoutCollection(record: RecordData): RecordData {
  const { collectionId: _id, collectionName: _name, ...rest } = record;
  return rest;
}
