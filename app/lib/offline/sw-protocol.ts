/**
 * What the pages and the service worker (`app/service-worker/`) agree on (issue 28, ADR 072):
 * the worker's address, the names of the caches and databases (each keyed by the account),
 * and the messages they exchange. Framework-free: the worker bundles it too.
 */

/** The worker's script, at the site's root so that its scope is the whole site. */
export const SERVICE_WORKER_PATH = "/sw.js";

/** Every cache and database of the offline mode starts with this: sign-out deletes them all. */
export const OFFLINE_PREFIX = "cahier-";

/** The cache of the account's pages (network first; what is shown offline). */
export function pagesCacheName(account: string): string {
  return `${OFFLINE_PREFIX}pages-${account}`;
}

/** The IndexedDB database of the account (the outbox, recent pages, settings). */
export function offlineDatabaseName(account: string): string {
  return `${OFFLINE_PREFIX}offline-${account}`;
}

/** The worker's address for an account (the worker serves that account's cache only). */
export function serviceWorkerUrl(account: string): string {
  return `${SERVICE_WORKER_PATH}?account=${encodeURIComponent(account)}`;
}

/** The account a worker's own address names, or null. */
export function workerAccount(scriptUrl: string): string | null {
  const account = new URL(scriptUrl).searchParams.get("account");
  return account && /^[\w-]{1,64}$/.test(account) ? account : null;
}

/** Pages kept for offline use when the account's setting says nothing. */
export const DEFAULT_KEPT_PAGES = 50;

/** Bounds of the setting. */
export const MIN_KEPT_PAGES = 5;
export const MAX_KEPT_PAGES = 500;

/** Messages a page sends its worker. */
export type ToWorker =
  /** A new build's worker waits: take over now (the page navigates right after). */
  | { type: "skip-waiting" }
  /**
   * Keep `urls` and drop every other page; fetch the pages of `fetch` when missing and those
   * of `refresh` in any case (a page opened without a document load).
   */
  | { type: "keep"; urls: string[]; fetch: string[]; refresh: string[] }
  /** Was this page served from the cache? Answered with a {@link FromWorker} `served`. */
  | { type: "served?" };

/** Messages a worker sends a page. */
export type FromWorker =
  /** When the page's copy was saved (ms), or null when it came from the network. */
  { type: "served"; savedAt: number | null };

/** Whether a message is one of the worker's. */
export function isFromWorker(value: unknown): value is FromWorker {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "served" &&
    (typeof (value as { savedAt?: unknown }).savedAt === "number" ||
      (value as { savedAt?: unknown }).savedAt === null)
  );
}

/** Paths the worker never stores nor answers from a cache: the API, builds, files. */
export function isUncachedPath(pathname: string): boolean {
  const first = pathname.split("/")[1];
  return first === "api" || first === "_app" || pathname.endsWith(".data");
}

/** Header the worker adds to the copies it stores: when the copy was saved (ms). */
export const SAVED_AT_HEADER = "x-cahier-saved-at";

/** Pages always kept for offline use: the desk and the editor of a new entry. */
export const SHELL_PAGES = ["/writing", "/entry/create"] as const;

/** Pages never kept: sign-in and account links, and the administration. */
export function isKeptPath(pathname: string): boolean {
  return (
    !/^\/(admin|i|login|signUp|passwordReset|subscriptions)(\/|$)/.test(pathname) &&
    !isUncachedPath(pathname)
  );
}
