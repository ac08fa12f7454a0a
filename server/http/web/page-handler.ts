/**
 * Renders pages with React Router and sends them (ADR 014, ADR 045):
 *
 * - A guest's `GET` (see `page-cache-keys.ts`) is answered from the anonymous page cache, or
 *   rendered once for every guest asking the same page at the same time (single flight), read
 *   whole, kept when it may be (`page-entry.ts`) and sent with its `ETag` (a repeat view gets
 *   a `304`). Its conditional headers are kept from the render, so the app always answers
 *   the whole page to keep.
 * - Everything else (signed-in readers, `HEAD` misses, form posts) streams as React renders
 *   it, compressed chunk by chunk, with `Cache-Control: private, no-store` when a session
 *   cookie came with it.
 *
 * Every page varies by `Accept-Encoding`, `Accept-Language` and `Cookie`. At most
 * {@link RENDER_CONCURRENCY} renders run at once (their loaders and React's first pass); the
 * others wait in line (`render-queue.ts`), so 200 readers at once cost bounded memory and are
 * served in turn. Load is shed, never left to hang: past {@link RENDER_QUEUE} waiting, or
 * when the wait would pass {@link RENDER_WAIT_MS}, the reader gets a `503` with
 * `Retry-After` in their language at once (or when that wait has passed).
 */
import os from "node:os";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRequest } from "@remix-run/node-fetch-server";
import type { PageCache } from "../../core/page-cache/page-cache.ts";
import { detectLocale } from "#shared/i18n/locales.ts";
import enErrors from "#shared/i18n/catalogs/en/errors.ts";
import frErrors from "#shared/i18n/catalogs/fr/errors.ts";
import { appendVary } from "../middlewares/compression.ts";
import { createNonce, pageContentSecurityPolicy } from "../middlewares/security-headers.ts";
import { createInProcessFetch } from "./in-process-fetch.ts";
import type { LoadedBuild, SessionConfirmer } from "./page-build.ts";
import type { AuthService } from "../../core/auth/auth-service.ts";
import type { PageIdentity } from "../../core/site/site-identity.ts";
import type { CommentSettings } from "../../core/comments/comment-settings.ts";
import { requestInfo } from "../request-context.ts";
import { hasSession, pageCacheKey, pageVary } from "./page-cache-keys.ts";
import {
  buildPageEntry,
  isStorable,
  pageCachePolicy,
  policyAdjustment,
  type BufferedPage,
  type HeaderAdjustment,
  type PageEntry,
} from "./page-entry.ts";
import { sendBuffered, sendEntry, sendStreamed } from "./page-send.ts";
import { RenderBusyError, RenderQueue, type RenderQueueOptions } from "./render-queue.ts";

/** Renders running at once. */
export const RENDER_CONCURRENCY = Math.max(4, 2 * os.availableParallelism());
/** Renders waiting at most. */
export const RENDER_QUEUE = 1000;
/**
 * Longest wait for a render slot, in milliseconds (expected, or actual): well under the 10 s
 * after which load balancers and load generators commonly give up on an answer.
 */
export const RENDER_WAIT_MS = 5000;

/** What a reader refused a render is told, in their language. */
const BUSY_MESSAGES = { en: enErrors.page.busy, fr: frErrors.page.busy } as const;

/** `Cache-Control` of a page rendered for a session: never kept anywhere. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/** `Cache-Control` of a guest's page the cache does not keep (an error page): ask again. */
export const UNCACHED_CACHE_CONTROL = "no-cache";

/** Request headers a render for the cache must not see (it renders the whole page to keep). */
const CONDITIONAL_HEADERS = new Set([
  "if-none-match",
  "if-modified-since",
  "if-match",
  "if-unmodified-since",
  "if-range",
  "range",
]);

/** Options of {@link PageHandler}. */
export interface PageHandlerOptions {
  /** The application whose API the loaders call in process. */
  api: Parameters<typeof createInProcessFetch>[0];
  /** `APP_URL` as configured, for absolute links. */
  siteUrl?: string | undefined;
  /** The application name of the settings. */
  appName?: (() => string) | undefined;
  /** The comment settings reading pages follow (ADR 065). */
  commentRules?: (() => CommentSettings) | undefined;
  /** The site's identity pages show (ADR 069). */
  siteIdentity?: (() => PageIdentity) | undefined;
  /**
   * Confirms the session a page request's cookie names, as auth-refresh would without
   * renewing it (ADR 048); without it the app confirms it with an in-process auth-refresh.
   */
  sessions?: Pick<AuthService, "confirmSession"> | undefined;
  /** The anonymous page cache; null when it is off. */
  cache: PageCache<PageEntry> | null;
  /** Seconds shared caches may keep a page (`PAGE_CACHE_CDN_SECONDS`). */
  cdnSeconds: number;
  /** The render line's bounds; default {@link RENDER_CONCURRENCY}, {@link RENDER_QUEUE}, {@link RENDER_WAIT_MS}. */
  renders?: Partial<RenderQueueOptions> | undefined;
}

/** What a render for the cache produced: a kept page, or one sent without keeping. */
type Outcome = { entry: PageEntry } | { page: BufferedPage; shareable: boolean };

type HeaderRecord = Record<string, string | string[]>;

/** The headers the server's hooks set on the reply (security headers), lower-cased. */
function replyHeaders(reply: FastifyReply): HeaderRecord {
  const out: HeaderRecord = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

/** `base` with the rendered answer's headers over it (repeated `Set-Cookie` kept apart). */
function mergeHeaders(base: HeaderRecord, response: Response): HeaderRecord {
  const out: HeaderRecord = { ...base };
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    out[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out["set-cookie"] = cookies;
  return out;
}

/** The page policy headers of an answer the cache does not keep. */
function withPagePolicy(headers: HeaderRecord, signedIn: boolean, url: string): HeaderRecord {
  const out = { ...headers };
  if (signedIn) out["cache-control"] = PRIVATE_CACHE_CONTROL;
  else out["cache-control"] ??= UNCACHED_CACHE_CONTROL;
  out.vary = appendVary(out.vary, ...pageVary(url));
  return out;
}

/** The request React Router renders for the cache: the guest's, without conditions. */
function cacheRenderRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.raw.headers)) {
    if (value === undefined || name.startsWith(":") || CONDITIONAL_HEADERS.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const socket = request.raw.socket as { encrypted?: boolean } | undefined;
  const protocol = socket?.encrypted ? "https:" : "http:";
  const host = request.headers.host ?? "localhost";
  return new Request(`${protocol}//${host}${request.url}`, { method: "GET", headers });
}

/** Renders and sends pages (see the module comment). */
export class PageHandler {
  private readonly options: PageHandlerOptions;
  private readonly renders: RenderQueue;

  constructor(options: PageHandlerOptions) {
    this.options = options;
    this.renders = new RenderQueue({
      concurrency: RENDER_CONCURRENCY,
      maxQueue: RENDER_QUEUE,
      maxWaitMs: RENDER_WAIT_MS,
      ...options.renders,
    });
  }

  /** Renders running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.renders.running, waiting: this.renders.waiting };
  }

  /**
   * Answers a page request on the raw response (the reply is hijacked by the caller): from
   * the cache, from a render shared with other guests, or streamed.
   */
  async handle(request: FastifyRequest, reply: FastifyReply, build: LoadedBuild): Promise<void> {
    const cache = this.options.cache;
    let key = cache ? pageCacheKey(request) : null;
    // Scaled out: unsure whether a kept page is current, render it and keep nothing.
    if (cache && key && !(await cache.sync())) key = null;
    try {
      if (cache && key) {
        const hit = cache.get(key);
        if (hit) {
          sendEntry(request.raw, reply.raw, hit, this.adjustment());
          return;
        }
        if (request.method === "GET") {
          const role = { leader: false };
          const outcome = await cache.once(key, (ticket) => {
            role.leader = true;
            return this.renderForCache(request, reply, build, key, ticket);
          });
          if ("entry" in outcome) {
            sendEntry(request.raw, reply.raw, outcome.entry, this.adjustment());
            return;
          }
          if (role.leader || outcome.shareable) {
            sendBuffered(request.raw, reply.raw, outcome.page);
            return;
          }
        }
      }
      await this.renderStreamed(request, reply, build);
    } catch (error) {
      if (!(error instanceof RenderBusyError)) throw error;
      if (reply.raw.headersSent) {
        reply.raw.destroy();
        return;
      }
      const locale = detectLocale(
        request.headers.cookie ?? null,
        request.headers["accept-language"] ?? null,
      );
      const body = `${BUSY_MESSAGES[locale]}\n`;
      reply.raw.writeHead(503, {
        ...replyHeaders(reply),
        "content-type": "text/plain; charset=utf-8",
        "content-language": locale,
        "content-length": Buffer.byteLength(body),
        "cache-control": "no-store",
        "retry-after": String(error.retryAfterSeconds),
        vary: appendVary(undefined, ...pageVary(request.url)),
      });
      reply.raw.end(request.method === "HEAD" ? undefined : body);
    }
  }

  /** The cache policy of kept pages as they are sent now (`policyAdjustment`). */
  adjustment(): HeaderAdjustment | undefined {
    return policyAdjustment(this.options.cache?.nextExpiry ?? null, this.options.cdnSeconds);
  }

  private loadContext(build: LoadedBuild, request: FastifyRequest, nonce: string): unknown {
    const transport = createInProcessFetch(this.options.api, { remoteAddress: request.ip });
    const sessions = this.options.sessions;
    const confirmSession: SessionConfirmer | null = sessions
      ? (token) => sessions.confirmSession(token, requestInfo(request))
      : null;
    return (
      build.createLoadContext?.(transport, {
        nonce,
        siteUrl: this.options.siteUrl ?? null,
        appName: this.options.appName?.() ?? null,
        commentRules: this.options.commentRules?.() ?? null,
        siteIdentity: this.options.siteIdentity?.() ?? null,
        confirmSession,
      }) ?? undefined
    );
  }

  private async renderForCache(
    request: FastifyRequest,
    reply: FastifyReply,
    build: LoadedBuild,
    key: string,
    ticket: number,
  ): Promise<Outcome> {
    const cache = this.options.cache;
    const nonce = createNonce();
    const base = replyHeaders(reply);
    base["content-security-policy"] = pageContentSecurityPolicy(nonce);
    const webRequest = cacheRenderRequest(request);
    const page = await this.renders.run(async (): Promise<BufferedPage> => {
      const response = await build.handle(webRequest, this.loadContext(build, request, nonce));
      const body = Buffer.from(await response.arrayBuffer());
      return { status: response.status, headers: mergeHeaders(base, response), body };
    });
    // Never abandoned: a render for the cache serves every guest asking the page meanwhile.
    if (!page) throw new Error("a render for the cache was skipped");
    if (cache && isStorable(page)) {
      const policy = pageCachePolicy(this.options.cdnSeconds, cache.nextExpiry);
      const entry = await buildPageEntry(page, nonce, policy, pageVary(request.url));
      cache.set(key, entry, ticket);
      return { entry };
    }
    return {
      page: { ...page, headers: withPagePolicy(page.headers, false, request.url) },
      shareable: page.headers["set-cookie"] === undefined,
    };
  }

  private async renderStreamed(
    request: FastifyRequest,
    reply: FastifyReply,
    build: LoadedBuild,
  ): Promise<void> {
    const nonce = createNonce();
    const base = replyHeaders(reply);
    base["content-security-policy"] = pageContentSecurityPolicy(nonce);
    const response = await this.renders.run(
      async () => {
        const streamed = createRequest(request.raw, reply.raw);
        // The body was read by the content-type parser; React Router gets it from memory.
        const webRequest = Buffer.isBuffer(request.body)
          ? new Request(streamed, { body: new Uint8Array(request.body) })
          : streamed;
        return build.handle(webRequest, this.loadContext(build, request, nonce));
      },
      // A reader who left while waiting for a slot costs no render (an overloaded server
      // would otherwise spend itself on pages nobody reads).
      () => reply.raw.destroyed || request.raw.socket.destroyed,
    );
    if (!response) return;
    const headers = withPagePolicy(mergeHeaders(base, response), hasSession(request), request.url);
    await sendStreamed(request.raw, reply.raw, response, headers);
  }
}
