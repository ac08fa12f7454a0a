/**
 * The service worker of signed-in accounts (issue 28, ADR 072). Registered by
 * `app/features/offline/` only for a signed-in person, at `/sw.js?account=<id>`: the account
 * it serves is in its own address, so its page cache can never be another account's.
 *
 * - The build's scripts and styles are precached (Workbox), so the app shell, the editor and
 *   the desk hydrate without a network.
 * - Page navigations go to the network first; a 200 page is copied into the account's cache
 *   (`cahier-pages-<account>`, stamped with when it was saved) and answered from there when
 *   the network fails, else a static offline page. The page prunes that cache to the last N
 *   pages it keeps in IndexedDB (the `keep` message).
 * - `/api`, the build descriptions and React Router's `.data` requests are never cached.
 * - A new build's worker installs, then waits: the page tells it to take over at the next
 *   navigation (`skip-waiting`), never in the middle of an edit.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import {
  isUncachedPath,
  pagesCacheName,
  SAVED_AT_HEADER,
  workerAccount,
  type FromWorker,
  type ToWorker,
} from "../lib/offline/sw-protocol.ts";
import { offlinePageHtml } from "./offline-page.ts";

declare const self: ServiceWorkerGlobalScope;
/** The build's assets, written in by `scripts/build-service-worker.ts`. */
declare const __PRECACHE_MANIFEST__: { url: string; revision: string | null }[];

const account = workerAccount(self.location.href);
const pagesCache = account ? pagesCacheName(account) : null;
/** Pages answered from the cache, by the client they made: when their copy was saved. */
const servedFromCache = new Map<string, number>();

precacheAndRoute(__PRECACHE_MANIFEST__);
cleanupOutdatedCaches();

/** Whether a page answer may be kept: a plain 200 HTML page of this site. */
function keepable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.type === "basic" &&
    !response.redirected &&
    (response.headers.get("content-type") ?? "").startsWith("text/html")
  );
}

/** Stores a copy of a page answer, stamped with now. */
async function store(cacheName: string, url: string, response: Response): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, String(Date.now()));
  const body = await response.blob();
  const cache = await caches.open(cacheName);
  await cache.put(url, new Response(body, { status: 200, statusText: "OK", headers }));
}

function offlinePage(): Response {
  return new Response(offlinePageHtml(navigator.languages), {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      if (!pagesCache) return fetch(request);
      try {
        const response = await fetch(request);
        if (keepable(response)) {
          const copy = response.clone();
          (event as FetchEvent).waitUntil(
            store(pagesCache, request.url, copy).catch(() => undefined),
          );
        }
        return response;
      } catch {
        const cached = await (await caches.open(pagesCache)).match(request.url);
        if (!cached) return offlinePage();
        const savedAt = Number(cached.headers.get(SAVED_AT_HEADER) ?? Date.now());
        const client = (event as FetchEvent).resultingClientId;
        if (client) servedFromCache.set(client, savedAt);
        return cached;
      }
    },
    { denylist: [/^\/api(\/|$)/, /^\/_app\//] },
  ),
);

/** Keeps the pages the account's list names, fetching the missing ones; drops the others. */
async function keep(
  urls: readonly string[],
  fetchMissing: readonly string[],
  refresh: readonly string[],
): Promise<void> {
  if (!pagesCache) return;
  const cache = await caches.open(pagesCache);
  const wanted = new Set(urls.map((url) => new URL(url, self.location.origin).href));
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
  const always = new Set(refresh);
  for (const url of [...fetchMissing, ...refresh]) {
    const href = new URL(url, self.location.origin);
    if (href.origin !== self.location.origin || isUncachedPath(href.pathname)) continue;
    if (!always.has(url) && (await cache.match(href.href))) continue;
    try {
      const response = await fetch(href.href, { credentials: "same-origin" });
      if (keepable(response)) await store(pagesCache, href.href, response);
    } catch {
      // Offline: kept at the next visit.
    }
  }
}

function isToWorker(value: unknown): value is ToWorker {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { type?: unknown }).type === "string"
  );
}

self.addEventListener("message", (event) => {
  const message: unknown = event.data;
  if (!isToWorker(message)) return;
  if (message.type === "skip-waiting") {
    void self.skipWaiting();
  } else if (message.type === "keep") {
    event.waitUntil(keep(message.urls, message.fetch, message.refresh));
  } else {
    const source = event.source as Client | null;
    if (!source) return;
    const answer: FromWorker = { type: "served", savedAt: servedFromCache.get(source.id) ?? null };
    servedFromCache.delete(source.id);
    source.postMessage(answer);
  }
});

self.addEventListener("activate", (event) => {
  // The first worker of a page controls it at once, so it works offline without a reload.
  event.waitUntil(self.clients.claim());
});
