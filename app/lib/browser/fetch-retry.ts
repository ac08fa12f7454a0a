/**
 * The app's own requests outside the SDK (build descriptions, route rules): one retry on a
 * transient status, and only for requests that are safe to repeat. Design §6 narrows spec §7
 * here: GET and HEAD are retried once on 408, 409, 425, 429, 500, 502, 503 or 504; a write
 * (POST, PUT, PATCH, DELETE) is never repeated automatically, since a repeated POST would
 * duplicate an entry.
 */

/** Statuses worth one more try (spec §7). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);

/** Methods that may be repeated without side effects. */
export const RETRY_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/** Wait before the retry when the server gives no `Retry-After`. */
export const DEFAULT_RETRY_DELAY_MS = 300;

/** Longest wait honoured from a `Retry-After` header. */
export const MAX_RETRY_DELAY_MS = 5000;

/** Whether a request with this method that got this status is retried. */
export function shouldRetry(method: string, status: number): boolean {
  return RETRY_METHODS.has(method.toUpperCase()) && RETRY_STATUSES.has(status);
}

/**
 * How long to wait before retrying: the `Retry-After` header (seconds or an HTTP date),
 * capped at {@link MAX_RETRY_DELAY_MS}, else {@link DEFAULT_RETRY_DELAY_MS}.
 */
export function retryDelay(retryAfter: string | null, now = Date.now()): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now;
    if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), MAX_RETRY_DELAY_MS);
  }
  return DEFAULT_RETRY_DELAY_MS;
}

/** Dependencies of {@link fetchWithRetry}, replaceable in tests. */
export interface FetchRetryOptions {
  fetch?: typeof fetch;
  /** Waits `ms` milliseconds (or until the request's signal aborts). */
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>;
}

function defaultSleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

function requestMethod(input: RequestInfo | URL, init?: RequestInit): string {
  return (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
}

/**
 * `fetch` with one retry of a safe request that got a transient status. Network errors and
 * every other answer are returned (or thrown) as `fetch` gives them. A request aborted
 * before its first answer is not retried; one aborted while waiting rejects with the abort
 * reason, as `fetch` does.
 */
export async function fetchWithRetry(
  input: RequestInfo | URL,
  init?: RequestInit,
  options: FetchRetryOptions = {},
): Promise<Response> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? defaultSleep;
  const method = requestMethod(input, init);
  const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
  // A Request can be read once: keep a copy for the retry.
  const spare = input instanceof Request && RETRY_METHODS.has(method) ? input.clone() : input;
  const first = await doFetch(input, init);
  if (!shouldRetry(method, first.status) || signal?.aborted) return first;
  await first.body?.cancel().catch(() => undefined);
  await sleep(retryDelay(first.headers.get("Retry-After")), signal);
  signal?.throwIfAborted();
  return doFetch(spare, init);
}
