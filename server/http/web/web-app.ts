/**
 * The React web app, served by the API's process on the same port (design §2, §3): the
 * hashed assets of `build/client/assets` (immutable, one year), the other public files of
 * `build/client` (short cache), and every other non-`/api` path rendered by React Router
 * from `build/server`. Registered last, as an encapsulated plugin with its own catch-all
 * content-type parser, so the API's routes, parsers and JSON 404s are untouched: an unknown
 * `/api/...` path still gets the API's JSON 404, and an unknown page gets React Router's 404
 * page.
 *
 * The SSR bundle loads on the first page request (API-only tests never load React). Its
 * loaders reach the API through {@link createInProcessFetch}: the SDK's requests are
 * dispatched to this same Fastify instance with `inject`, so they pass through the same
 * routes, hooks and access rules as a browser's, without a socket.
 *
 * Each render gets a Content-Security-Policy with a fresh nonce, handed to the app through
 * `createLoadContext` (React Router puts it on every script it writes); a page the anonymous
 * page cache keeps is sent with its render's nonce (ADR 045). Its in-process API calls carry
 * the visitor's address, so rate limits count them against that visitor. Rendering,
 * compression, the page cache and cache headers: `page-handler.ts`; assets are sent in
 * their precompressed form when the reader accepts it (`scripts/precompress.ts`). The
 * session of a page request (the `pb_auth` cookie) is confirmed by the API's own token check
 * through `confirmSession` in the load context: no request, no new token, nothing in the
 * request log for each page (ADR 048).
 * SECURITY: page requests other than GET/HEAD from another origin are refused (403), and
 * their bodies are limited to {@link PAGE_BODY_LIMIT} (413).
 *
 * When `build/` is missing the API still runs and page paths answer 503 with a short text
 * saying how to build the web app.
 */
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import type { AuthService } from "../../core/auth/auth-service.ts";
import type { CommentSettings } from "../../core/comments/comment-settings.ts";
import { forbidden } from "../../core/errors.ts";
import type { PageCache } from "../../core/page-cache/page-cache.ts";
import { isApiPath } from "../middlewares/security-headers.ts";
import { registerBuildRoutes } from "./builds.ts";
import type { PageIdentity } from "../../core/site/site-identity.ts";
import { loadBuild, type LoadedBuild } from "./page-build.ts";
import type { PageEntry } from "./page-entry.ts";
import { PageHandler } from "./page-handler.ts";
import { readerLeft } from "./reader-left.ts";

export { createInProcessFetch } from "./in-process-fetch.ts";
export type { PageRequestOptions } from "./page-build.ts";

/** The repository root: three folders up, or five when this runs compiled from `build/node`. */
const ROOT = ((up) =>
  path.basename(up) === "node" && path.basename(path.dirname(up)) === "build"
    ? path.resolve(up, "../..")
    : up)(path.resolve(import.meta.dirname, "../../.."));

/** Default location of the web build (`npm run build`), at the repository root. */
export const DEFAULT_BUILD_DIR = path.join(ROOT, "build");

/** Cache lifetime of content-hashed assets: one year, never revalidated. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Seconds a CDN may keep a cached page when the configuration says nothing (ADR 045). */
export const DEFAULT_PAGE_CACHE_CDN_SECONDS = 10;

/** Cache lifetime of the other public files (favicon and the like): five minutes. */
export const SHORT_CACHE_CONTROL = "public, max-age=300";

/** Body of the 503 answered to page requests when the web app has not been built. */
export const NOT_BUILT_MESSAGE =
  "The Cahier web app has not been built. Run `npm run build` (or `npm start`, which builds it when needed), then restart the server.\n";

/**
 * Largest body a page request may send (1 MiB): forms submit to the API, never to page
 * routes (ADR 014), so page bodies stay small.
 */
export const PAGE_BODY_LIMIT = 1024 * 1024;

/** Options of {@link registerWebApp}. */
export interface WebAppOptions {
  /** The folder holding `client/` and `server/` (default {@link DEFAULT_BUILD_DIR}). */
  buildDir?: string;
  /** The application whose API the SSR loaders call in process (the root instance). */
  api: Pick<FastifyInstance, "inject">;
  /** The data folder, where the optional `route-rules.json` lives (`builds.ts`). */
  dataDir?: string;
  /** The public URL (`APP_URL`): its origin may post to page routes besides the request's own. */
  appUrl?: string;
  /**
   * The configured public URL (`APP_URL`): absolute links in pages, feeds and the sitemap
   * use it; without it they use the request's origin.
   */
  siteUrl?: string | undefined;
  /** The application name of the settings (`meta.appName`), read for every page. */
  appName?: (() => string) | undefined;
  /** The comment settings reading pages follow (`settings.comments`, ADR 065), read for every page. */
  commentRules?: (() => CommentSettings) | undefined;
  /** The site's identity (`meta`, ADR 069) as pages show it, read for every page. */
  siteIdentity?: (() => PageIdentity) | undefined;
  /** The anonymous page cache (ADR 045); absent or null when it is off. */
  pageCache?: PageCache<PageEntry> | null;
  /** Seconds shared caches (CDNs) may keep a cached page; default 10. */
  pageCacheCdnSeconds?: number;
  /**
   * Confirms the session a page request's cookie names, as auth-refresh would without
   * renewing it (ADR 048); without it the app confirms it with an in-process auth-refresh.
   */
  sessions?: Pick<AuthService, "confirmSession"> | undefined;
}

/**
 * Whether an unsafe page request (POST and the like) comes from another site: a foreign
 * `Origin` (including `null`), or `Sec-Fetch-Site: cross-site`. Same-origin means the
 * request's own host (as a trusted proxy forwards it) or `APP_URL`'s origin.
 */
function isCrossSiteWrite(request: FastifyRequest, appOrigin: string | undefined): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  if (request.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === appOrigin) return false;
  try {
    // Hosts compared as URLs parse them, so a default port written out (`Host: site:80`)
    // still matches; the scheme is not compared (a TLS proxy may not say it forwards https).
    const sent = new URL(origin);
    const own = new URL(`${sent.protocol}//${request.host}`);
    return sent.host !== own.host;
  } catch {
    return true;
  }
}

/**
 * Registers the web app on `app` (call it after every API route). Encapsulated: its
 * content-type parser and routes stay inside.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  await app.register(async (web) => {
    const buildDir = options.buildDir ?? DEFAULT_BUILD_DIR;
    const clientDir = path.join(buildDir, "client");
    const serverEntry = path.join(buildDir, "server", "index.js");
    const appOrigin = options.appUrl ? new URL(options.appUrl).origin : undefined;

    // Page request bodies are read here, within PAGE_BODY_LIMIT (413 past it, whether or not
    // Content-Length says so), and handed to React Router as the request's body.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: PAGE_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );

    registerBuildRoutes(web, { clientDir, dataDir: options.dataDir });
    const pages = new PageHandler({
      api: options.api,
      siteUrl: options.siteUrl,
      appName: options.appName,
      commentRules: options.commentRules,
      siteIdentity: options.siteIdentity,
      sessions: options.sessions,
      cache: options.pageCache ?? null,
      cdnSeconds: options.pageCacheCdnSeconds ?? DEFAULT_PAGE_CACHE_CDN_SECONDS,
    });

    if (fs.existsSync(clientDir)) {
      await web.register(fastifyStatic, {
        root: clientDir,
        prefix: "/",
        wildcard: false,
        index: false,
        decorateReply: false,
        dotfiles: "ignore",
        // The `.br`/`.gz` copies written at build time (scripts/precompress.ts), chosen by
        // Accept-Encoding, with `Vary: Accept-Encoding`; files without one are compressed as
        // they are sent (middlewares/compression.ts) when their type is worth it.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const relative = path.relative(clientDir, filePath);
          void reply.header(
            "Cache-Control",
            relative.startsWith(`assets${path.sep}`)
              ? IMMUTABLE_CACHE_CONTROL
              : SHORT_CACHE_CONTROL,
          );
        },
      });
    }

    let loading: Promise<LoadedBuild> | undefined;
    const getBuild = (): Promise<LoadedBuild> | undefined => {
      if (loading) return loading;
      if (!fs.existsSync(serverEntry)) return undefined;
      loading = loadBuild(serverEntry);
      loading.catch(() => {
        loading = undefined;
      });
      return loading;
    };
    // A listening server loads the bundle now, so the first visitor does not wait for it.
    web.addHook("onListen", async () => {
      await getBuild()?.catch((error: unknown) => {
        web.log.error({ err: error }, "the web app build could not be loaded");
      });
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (isApiPath(request.url)) {
        reply.callNotFound();
        // Returning the reply tells Fastify the answer is on its way (404 hooks may be async).
        return reply;
      }
      const pending = getBuild();
      if (!pending) {
        return reply
          .status(503)
          .type("text/plain; charset=utf-8")
          .header("Cache-Control", "no-store")
          .send(NOT_BUILT_MESSAGE);
      }
      if (isCrossSiteWrite(request, appOrigin)) throw forbidden();
      const build = await pending;
      reply.hijack();
      try {
        await pages.handle(request, reply, build);
      } catch (error) {
        if (readerLeft(error, reply.raw)) {
          request.log.debug({ err: error }, "the reader left before the page was sent");
          return;
        }
        request.log.error({ err: error }, "page rendering failed");
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
          reply.raw.end("Internal Server Error\n");
        } else {
          reply.raw.destroy();
        }
      }
    };

    // The route-level limit wins over the parser's when the server sets its own bodyLimit.
    web.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      bodyLimit: PAGE_BODY_LIMIT,
      handler,
    });
    web.route({ method: ["GET", "HEAD"], url: "/", bodyLimit: PAGE_BODY_LIMIT, handler });
  });
}
