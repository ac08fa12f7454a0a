/**
 * The filters of `/admin/logs`, read from the page's query string and turned into a filter
 * of the PocketBase filter language for `GET /api/logs` and `/api/logs/stats`. Only known
 * values pass (status classes, HTTP methods, `YYYY-MM-DD` dates, listed sorts); the free
 * text (URL contains) is quoted and escaped so it can never change the expression, and its
 * `%`/`_` match themselves rather than acting as LIKE wildcards.
 */

/** Status classes the page filters on. */
export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
/** Methods the page filters on. */
export const LOG_METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "OPTIONS"] as const;
/**
 * Sorts the page offers (API `sort` values). Only real columns: a sort on a JSON path
 * (`data.execTime`) orders numbers as text on PostgreSQL.
 */
export const LOG_SORTS = ["-created", "created", "-level,-created"] as const;

/** One sort of the page. */
export type LogSort = (typeof LOG_SORTS)[number];

/** The filters of the logs page. */
export interface LogQuery {
  status: (typeof STATUS_CLASSES)[number] | "";
  method: (typeof LOG_METHODS)[number] | "";
  /** Text the URL contains (trimmed, at most 200 characters). */
  url: string;
  /** First day (UTC), `YYYY-MM-DD`, or `""`. */
  from: string;
  /** Last day (UTC, included), `YYYY-MM-DD`, or `""`. */
  to: string;
  sort: LogSort;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | "" {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : "";
}

function day(value: string | null): string {
  if (!value || !DAY.test(value)) return "";
  const date = new Date(`${value}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? "" : value;
}

/** Reads the filters from a query string; unknown or malformed values are ignored. */
export function parseLogQuery(params: URLSearchParams): LogQuery {
  const page = Number(params.get("page"));
  return {
    status: oneOf(STATUS_CLASSES, params.get("status")),
    method: oneOf(LOG_METHODS, params.get("method")),
    url: (params.get("url") ?? "").trim().slice(0, 200),
    from: day(params.get("from")),
    to: day(params.get("to")),
    sort: oneOf(LOG_SORTS, params.get("sort")) || "-created",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** A double-quoted literal of the filter language holding exactly `value`. */
export function quoteFilterText(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * The LIKE pattern of a `~` comparison matching `value` anywhere, literally: `\`, `%` and
 * `_` are escaped, and the surrounding `%` tell the API the pattern is already built.
 */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The API date of midnight (UTC) of a `YYYY-MM-DD` day, `days` later. */
function midnight(value: string, days = 0): string {
  const date = new Date(`${value}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().replace("T", " ");
}

/** The filter expression of the page's filters; `""` when none is set. */
export function buildLogFilter(query: LogQuery): string {
  const parts: string[] = [];
  if (query.status) {
    const low = Number(query.status.charAt(0)) * 100;
    parts.push(`data.status >= ${String(low)} && data.status < ${String(low + 100)}`);
  }
  if (query.method) parts.push(`data.method = ${quoteFilterText(query.method)}`);
  if (query.url) parts.push(`data.url ~ ${quoteFilterText(containsPattern(query.url))}`);
  if (query.from) parts.push(`created >= ${quoteFilterText(midnight(query.from))}`);
  if (query.to) parts.push(`created < ${quoteFilterText(midnight(query.to, 1))}`);
  return parts.map((part) => `(${part})`).join(" && ");
}
