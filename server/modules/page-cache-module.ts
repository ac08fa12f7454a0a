/**
 * The anonymous page cache (ADR 045) as a module: kept true by the record lifecycle and,
 * across instances, by its bus; an instance with its cache off still tells the others. A
 * change of the site's settings (its name, its description) clears it everywhere.
 */
import type { FastifyInstance } from "fastify";
import { RedisCacheGeneration } from "../core/page-cache/cache-generation.ts";
import { PageCacheChannel } from "../core/page-cache/page-cache-bus.ts";
import { PageCacheInvalidation } from "../core/page-cache/page-cache-invalidation.ts";
import { PageCache } from "../core/page-cache/page-cache.ts";
import type { RateLimiter } from "../core/rate-limit/index.ts";
import { registerPageCacheFastPath } from "../http/web/page-cache-hook.ts";
import type { PageEntry } from "../http/web/page-entry.ts";
import type { Kernel } from "../kernel/module.ts";

/** Most pages the anonymous page cache holds (its byte budget usually binds first). */
const PAGE_CACHE_MAX_ENTRIES = 10_000;

/** What the page cache module makes. */
export interface PageCacheParts {
  /** The cache; null when `PAGE_CACHE_TTL_MS` is 0. */
  pageCache: PageCache<PageEntry> | null;
  /** Puts the cache in front of the HTTP application (first of all its hooks). */
  attach: (http: FastifyInstance, limiter: RateLimiter) => void;
}

/** Makes the cache, its bus and its invalidation. */
export function pageCacheModule(kernel: Kernel): PageCacheParts {
  const { config, records, settings, log, lifecycle, redis } = kernel;
  // Scaled out, the instances share a generation in Redis (issue 23 finding 7).
  const generation = redis
    ? new RedisCacheGeneration(() => redis.commands, config.redisPrefix)
    : null;
  const pageCache =
    config.pageCache.ttlMs > 0
      ? new PageCache<PageEntry>({
          ttlMs: config.pageCache.ttlMs,
          maxEntries: PAGE_CACHE_MAX_ENTRIES,
          maxBytes: config.pageCache.maxBytes,
          sizeOf: (entry) => entry.size,
          shared: generation,
        })
      : null;
  const bus = lifecycle.add(
    new PageCacheChannel({
      bus: kernel.bus,
      log: (level, message, error) => {
        log[level]({ err: error }, message);
      },
    }),
    { name: "page cache bus", close: (part) => part.close() },
  );
  const invalidation = lifecycle.add(
    new PageCacheInvalidation({
      cache: pageCache,
      records,
      bus,
      reloadSettings: () => settings.reload({ remote: true }),
      generation,
      log: (error, message) => {
        log.error({ err: error }, message);
      },
    }),
    {
      name: "page cache invalidation",
      start: (part) => part.start(),
      close: (part) => {
        part.close();
      },
    },
  );
  kernel.settingsTargets.meta = (meta, remote) => {
    invalidation.settingsChanged(meta, remote);
  };
  return {
    pageCache,
    attach(http, limiter) {
      if (!pageCache) return;
      // First of all: a guest's page the cache holds is answered before Fastify sees it.
      registerPageCacheFastPath(http, {
        cache: pageCache,
        cdnSeconds: config.pageCache.cdnSeconds,
        rateLimits: () => limiter.settings,
        trustedProxies: config.trustedProxies,
      });
    },
  };
}
