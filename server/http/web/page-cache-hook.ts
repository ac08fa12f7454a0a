/**
 * The anonymous page cache's fast path (ADR 045): a guest's `GET`/`HEAD` of a page the cache
 * holds is answered by the HTTP server's own request listener, in front of Fastify, with the
 * kept page's stored headers (its security headers and CSP were captured when it was
 * rendered, so they are the ones the normal path sends) and body. A hit costs about what a
 * bare `node:http` answer of the same bytes costs: no Fastify request or reply, no routing,
 * no hooks. Everything else goes to Fastify untouched.
 *
 * The key is the one the page route computes (`page-cache-keys.ts`), from the same inputs:
 * the method, the URL as sent, the `Host`, the cookies (no `pb_auth`: a guest), the
 * `Authorization` header (none), `Accept-Language`, and the protocol as Fastify reads it
 * (`X-Forwarded-Proto` only from `TRUSTED_PROXIES`, checked with the same library and list),
 * so a hit here is exactly a hit there. The codings follow `Accept-Encoding`, the validators
 * `If-None-Match`/`If-Modified-Since`, as on the page route (`page-send.ts`).
 *
 * Left to Fastify:
 * - a miss, any other method, a request with a body, and everything while the server closes
 *   (Fastify answers those `503` with `Connection: close`);
 * - SECURITY: every page request while the rate-limit rules in force could count page
 *   requests (a rule labelled with a page path, such as `/` or `GET /blog`): hits are then
 *   served by the page route, after the limiter has counted them.
 *
 * Page requests are not in the request log (it keeps `/api` requests only), so a hit
 * answered here loses no log line.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance } from "fastify";
import type { PageCache } from "../../core/page-cache/page-cache.ts";
import type { RateLimitSettings } from "../../core/rate-limit/index.ts";
import { rateLimitsCoverPages } from "../middlewares/rate-limit.ts";
import { pageCacheKey } from "./page-cache-keys.ts";
import { policyAdjustment, type PageEntry } from "./page-entry.ts";
import { sendEntry } from "./page-send.ts";

/** Options of {@link registerPageCacheFastPath}. */
export interface PageCacheFastPathOptions {
  cache: PageCache<PageEntry>;
  /** Seconds shared caches may keep a page. */
  cdnSeconds: number;
  /** The rate-limit settings in force (read on every request; changed at run time). */
  rateLimits: () => RateLimitSettings | undefined;
  /** `TRUSTED_PROXIES`, as given to Fastify's `trustProxy`. */
  trustedProxies: readonly string[];
}

/** What the fast path did, for tests and diagnostics. */
export interface PageCacheFastPathStats {
  /** Requests answered by the fast path. */
  hits: number;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

const stats = new WeakMap<FastifyInstance, PageCacheFastPathStats>();

/** The fast path's counters of `app`, or undefined when it has none. */
export function pageCacheFastPathStats(app: FastifyInstance): PageCacheFastPathStats | undefined {
  return stats.get(app);
}

/** The last value of a header sent as a list (`X-Forwarded-Proto: https, http`), as Fastify reads it. */
function lastEntry(value: string): string {
  const index = value.lastIndexOf(",");
  return index === -1 ? value.trim() : value.slice(index + 1).trim();
}

/**
 * The request's protocol as Fastify's `request.protocol` reads it: `X-Forwarded-Proto` when
 * the connection comes from a trusted proxy, else the socket's.
 */
function protocolReader(
  trustedProxies: readonly string[],
): (req: IncomingMessage) => string | undefined {
  const trusted = trustedProxies.length ? proxyAddr.compile([...trustedProxies]) : null;
  return (req) => {
    const socket = req.socket as (IncomingMessage["socket"] & { encrypted?: boolean }) | null;
    const forwarded = req.headers["x-forwarded-proto"];
    // Node joins a repeated unknown header with ", ": it is a string here.
    if (
      trusted &&
      typeof forwarded === "string" &&
      forwarded &&
      socket?.remoteAddress &&
      trusted(socket.remoteAddress, 0)
    )
      return lastEntry(forwarded);
    if (!socket) return undefined;
    return socket.encrypted ? "https" : "http";
  };
}

/** Whether a request announces a body (a `GET` with one is Fastify's to parse or refuse). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Puts the fast path in front of `app`'s request listener. Call it once `app`'s routes are
 * registered and before it is ready; `app.inject` (which never touches the server) keeps
 * going through Fastify alone.
 */
export function registerPageCacheFastPath(
  app: FastifyInstance,
  options: PageCacheFastPathOptions,
): void {
  const { cache, cdnSeconds } = options;
  const server = app.server;
  const listeners = server.listeners("request") as RequestListener[];
  const fastify = listeners[0];
  if (listeners.length !== 1 || !fastify)
    throw new Error("the page cache's fast path expects Fastify's request listener alone");
  const protocolOf = protocolReader(options.trustedProxies);
  const counters: PageCacheFastPathStats = { hits: 0 };
  stats.set(app, counters);
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  // The rules change only through the settings: judged once per settings object.
  let judged: { settings: RateLimitSettings | undefined; covered: boolean } | null = null;
  const pagesRateLimited = (): boolean => {
    const settings = options.rateLimits();
    const last = judged;
    if (last && last.settings === settings) return last.covered;
    const covered = rateLimitsCoverPages(settings);
    judged = { settings, covered };
    return covered;
  };

  const serveHit = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (cache.size === 0 || closing || hasBody(req)) return false;
    const key = pageCacheKey({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      protocol: protocolOf(req),
    });
    if (key === null) return false;
    const hit = cache.get(key);
    if (!hit || pagesRateLimited()) return false;
    counters.hits += 1;
    sendEntry(req, res, hit, policyAdjustment(cache.nextExpiry, cdnSeconds));
    return true;
  };

  server.removeListener("request", fastify);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    // Scaled out, a kept page is served only once the shared generation says it is current.
    if (!cache.shared || cache.size === 0) {
      if (!serveHit(req, res)) fastify.call(server, req, res);
      return;
    }
    cache
      .sync()
      .then((current) => {
        if (!current || !serveHit(req, res)) fastify.call(server, req, res);
      })
      .catch(() => {
        res.destroy();
      });
  });
}
