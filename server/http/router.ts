/**
 * The HTTP application: global hooks (security headers, CORS, auth token, `fields` picker,
 * JSON encoding) and one register function per API area.
 */
import Fastify, { LogController, type FastifyInstance } from "fastify";
import type { AuthService } from "../core/auth/auth-service.ts";
import type { FileService } from "../core/files/file-service.ts";
import type { LogService } from "../core/logs/log-service.ts";
import type { Mailer } from "../core/mail/mailer.ts";
import type { SettingsService } from "../core/settings/settings-service.ts";
import { pageIdentity } from "../core/site/site-identity.ts";
import type { RateLimiter } from "../core/rate-limit/index.ts";
import type { RecordService } from "../core/records/record-service.ts";
import type { PageCache } from "../core/page-cache/page-cache.ts";
import { registerBatchRoutes } from "./batch/batch.ts";
import { registerErrorHandlers } from "./errors.ts";
import { registerFileDownloadRoutes } from "./files/file-download.ts";
import { registerFileTokenRoutes } from "./files/file-token.ts";
import { registerJournalRoutes } from "./journal/journal-days.ts";
import { registerPostTagsRoute } from "./posts/post-tags.ts";
import { registerPostPreviewRoutes } from "./posts/post-preview.ts";
import { registerRequestLogger } from "./logs/logs.ts";
import { MAX_BODY_SIZE, registerBodyParsers } from "./middlewares/body.ts";
import { registerCompression } from "./middlewares/compression.ts";
import { registerGuestCache } from "./middlewares/guest-cache.ts";
import { registerRateLimits } from "./middlewares/rate-limit.ts";
import { registerSecurityHeaders } from "./middlewares/security-headers.ts";
import { pickFields } from "./presenters/fields.ts";
import { registerRecordCrudRoutes } from "./records/record-crud.ts";
import { registerSettingsRoutes } from "./settings/settings.ts";
import type { PageEntry } from "./web/page-entry.ts";
import { DEFAULT_PAGE_CACHE_CDN_SECONDS, registerWebApp } from "./web/web-app.ts";

/** Services the HTTP layer calls. */
export interface HttpServices {
  records: RecordService;
  /** Sessions: every request's `Authorization` header, and the web app's cookie. */
  auth: AuthService;
  files: FileService;
  /** The request log (every `/api` request is recorded). */
  logs: LogService;
  settings: SettingsService;
  mailer: Mailer;
  /** Per-IP and per-account limits (none when absent). */
  rateLimiter?: RateLimiter;
  /** The anonymous page cache (ADR 045); absent or null when it is off. */
  pageCache?: PageCache<PageEntry> | null;
  /** The routes of the feature modules (issue 24), registered after the core API's. */
  routes?: readonly ((app: FastifyInstance) => void)[];
}

/** Options of the HTTP application. */
export interface HttpOptions {
  logLevel: string;
  trustedProxies: string[];
  guestCacheTtlMs: number;
  /** The data folder (the web app reads its optional `route-rules.json` there). */
  dataDir?: string;
  /** The public URL (`APP_URL`): an https one turns HSTS on. */
  appUrl?: string;
  /** The configured public URL (`APP_URL`), for the web app's absolute links. */
  siteUrl?: string | undefined;
  /** Seconds shared caches may keep a cached page (`PAGE_CACHE_CDN_SECONDS`). */
  pageCacheCdnSeconds?: number;
}

const HTML_ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * Go's json.Encoder escapes HTML characters and the U+2028/U+2029 line separators; so do we
 * (and it keeps JSON inert in HTML).
 */
export function serialize(payload: unknown): string {
  return (
    JSON.stringify(payload).replace(/[<>&\u2028\u2029]/g, (c) => HTML_ESCAPES[c] as string) + "\n"
  );
}

/** Builds the Fastify application with every API route. */
export async function buildHttpApp(
  services: HttpServices,
  options: HttpOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel === "silent" ? false : { level: options.logLevel },
    bodyLimit: MAX_BODY_SIZE,
    trustProxy: options.trustedProxies.length ? options.trustedProxies : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Request logs come with the logs API (issue 7); per-request lines would only cost time here.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.decorateRequest("auth", null);
  app.decorateRequest("authToken", null);
  app.decorateRequest("authRefusal", null);
  app.decorateRequest("guestCache", null);
  app.setReplySerializer(serialize);
  registerErrorHandlers(app, serialize);
  await registerBodyParsers(app);
  // Before every route: @fastify/compress wraps the routes registered after it.
  await registerCompression(app);

  // A guest's page the cache holds is answered in front of Fastify (web/page-cache-hook.ts,
  // registered by app.ts).
  const pageCache = services.pageCache ?? null;
  const pageCacheCdnSeconds = options.pageCacheCdnSeconds ?? DEFAULT_PAGE_CACHE_CDN_SECONDS;
  registerSecurityHeaders(app, { appUrl: options.appUrl });
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (header) {
      const result = await services.auth.identify(header);
      if ("refused" in result) request.authRefusal = result;
      else {
        request.auth = result.auth;
        request.authToken = { token: result.token, claims: result.claims };
      }
    }
  });

  if (services.rateLimiter) {
    registerRateLimits(app, services.rateLimiter, {
      proxiesTrusted: options.trustedProxies.length > 0,
    });
  }
  registerGuestCache(app, services.records.events, options.guestCacheTtlMs);
  registerRequestLogger(app, services.logs);

  app.addHook("preSerialization", async (request, reply, payload) => {
    const fields = (request.query as Record<string, unknown>).fields;
    if (typeof fields !== "string" || reply.statusCode >= 300) return payload;
    return pickFields(payload, fields);
  });

  app.options("/api/*", async (request, reply) => {
    reply.header("Access-Control-Allow-Methods", "GET, HEAD, PUT, PATCH, POST, DELETE");
    const requested = request.headers["access-control-request-headers"];
    if (requested) reply.header("Access-Control-Allow-Headers", requested);
    return reply.status(204).send();
  });

  registerRecordCrudRoutes(app, services.records);
  registerJournalRoutes(app, services.records);
  registerPostTagsRoute(app, services.records);
  registerPostPreviewRoutes(app, services.records);
  registerBatchRoutes(app, services.records, () => services.settings.batch, services.rateLimiter);
  registerSettingsRoutes(app, services.settings, services.mailer);
  registerFileTokenRoutes(app, services.files);
  registerFileDownloadRoutes(app, services.files);
  for (const register of services.routes ?? []) register(app);
  // Last: the web app takes every path the API did not claim (its own plugin, design §3).
  await registerWebApp(app, {
    api: app,
    dataDir: options.dataDir,
    appUrl: options.appUrl,
    siteUrl: options.siteUrl,
    appName: () => services.settings.appName,
    commentRules: () => services.settings.comments,
    siteIdentity: () => pageIdentity(services.settings.identity),
    pageCache,
    pageCacheCdnSeconds,
    sessions: services.auth,
  });
  return app;
}
