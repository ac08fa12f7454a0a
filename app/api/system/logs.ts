/**
 * The request log (`/api/logs`, superusers only): a page of entries, one entry, and the
 * hourly counts, for a filter of the PocketBase filter language.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { LogEntry, LogStat } from "./system-types.ts";

/** A page of log entries. */
export interface LogPage {
  items: LogEntry[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/** A page of the entries `filter` selects. */
export function listLogs(
  api: ApiClient,
  query: { page: number; perPage: number; sort: string; filter: string },
): Promise<LogPage> {
  return sdk(api).send<LogPage>("/api/logs", { method: "GET", query });
}

/** Requests per hour among the entries `filter` selects. */
export function logStats(api: ApiClient, filter: string): Promise<LogStat[]> {
  return sdk(api).send<LogStat[]>("/api/logs/stats", { method: "GET", query: { filter } });
}

/** One log entry (the API's 404 for an unknown id). */
export function readLog(api: ApiClient, id: string): Promise<LogEntry> {
  return sdk(api).send<LogEntry>(`/api/logs/${encodeURIComponent(id)}`, { method: "GET" });
}
