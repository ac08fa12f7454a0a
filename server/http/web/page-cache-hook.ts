/**
 * The anonymous page cache's fast path (ADR 045): a guest's `GET`/`HEAD` of a page the cache
 * holds is answered by the first hook of the server, before routing's other hooks run, with
 * the kept page's own headers (its security headers and CSP were captured when it was
 * rendered). A hit then costs about what a bare `node:http` answer of the same bytes costs.
 *
 * SECURITY: when the rate-limit rules in force could count page requests (a rule labelled
 * with a page path, such as `/` or `GET /blog`), the fast path steps aside and hits are
 * served by the page route, after the limiter has counted them. Misses always go the normal
 * way (rate limits, route rules, rendering).
 */
import type { FastifyInstance } from "fastify";
import type { PageCache } from "../../core/page-cache/page-cache.ts";
import { pageCacheKey } from "./page-cache-keys.ts";
import { policyAdjustment, type PageEntry } from "./page-entry.ts";
import { sendEntry } from "./page-send.ts";

/** Options of {@link registerPageCacheFastPath}. */
export interface PageCacheFastPathOptions {
  cache: PageCache<PageEntry>;
  /** Seconds shared caches may keep a page. */
  cdnSeconds: number;
  /** Whether the rate limits in force could apply to page requests (then: no fast path). */
  pagesRateLimited: () => boolean;
}

/** Installs the fast path; call it before any other `onRequest` hook. */
export function registerPageCacheFastPath(
  app: FastifyInstance,
  options: PageCacheFastPathOptions,
): void {
  const { cache } = options;
  app.addHook("onRequest", async (request, reply) => {
    if (cache.size === 0) return;
    const key = pageCacheKey(request);
    if (key === null) return;
    const hit = cache.get(key);
    if (!hit || options.pagesRateLimited()) return;
    reply.hijack();
    sendEntry(request.raw, reply.raw, hit, policyAdjustment(cache.nextExpiry, options.cdnSeconds));
    return reply;
  });
}
