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
 * Each page gets a Content-Security-Policy with a fresh nonce, handed to the app through
 * `createLoadContext` (React Router puts it on every script it writes). Its in-process API
 * calls carry the visitor's address, so rate limits count them against that visitor.
 * SECURITY: page requests other than GET/HEAD from another origin are refused (403), and
 * their bodies are limited to {@link PAGE_BODY_LIMIT} (413).
 *
 * When `build/` is missing the API still runs and page paths answer 503 with a short text
 * saying how to build the web app.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { forbidden } from "../../core/errors.ts";
import {
  createNonce,
  isApiPath,
  pageContentSecurityPolicy,
} from "../middlewares/security-headers.ts";
import { registerBuildRoutes } from "./builds.ts";

/** Default location of the web build (`npm run build`), at the repository root. */
export const DEFAULT_BUILD_DIR = path.resolve(import.meta.dirname, "../../../build");

/** Cache lifetime of content-hashed assets: one year, never revalidated. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

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
}

/** A `fetch`-compatible function. */
type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** What the SSR request handler needs from the server build. */
type RequestHandler = (request: Request, loadContext?: unknown) => Promise<Response>;

/** What the server entry's `createLoadContext` receives besides the transport. */
export interface PageRequestOptions {
  /** The CSP nonce of this page's scripts. */
  nonce: string;
}

interface LoadedBuild {
  handle: RequestHandler;
  createLoadContext:
    | ((
        transport: FetchLike | null,
        options: PageRequestOptions & { siteUrl: string | null; appName: string | null },
      ) => unknown)
    | undefined;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
type InjectMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * A `fetch` that answers from `api.inject` instead of the network. Relative URLs
 * (`/api/...`, as the SDK builds them with base URL `/`) are accepted. `remoteAddress` is the
 * address the API sees (the visitor's, so rate limits count their page's calls against
 * them; `127.0.0.1` by default).
 */
export function createInProcessFetch(
  api: Pick<FastifyInstance, "inject">,
  options: { remoteAddress?: string | undefined } = {},
): FetchLike {
  return async (input, init) => {
    const request =
      input instanceof Request && init === undefined
        ? input
        : new Request(
            input instanceof Request ? input : new URL(String(input), "http://in-process.invalid"),
            init,
          );
    const url = new URL(request.url);
    const method = request.method.toUpperCase() as InjectMethod;
    const payload =
      method === "GET" || method === "HEAD" ? undefined : Buffer.from(await request.arrayBuffer());
    const response = await api.inject({
      method,
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
    }
    const empty = NULL_BODY_STATUSES.has(response.statusCode) || method === "HEAD";
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
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

async function loadBuild(serverEntry: string): Promise<LoadedBuild> {
  // React picks its development or production build from NODE_ENV when first imported;
  // production SSR is about twice as fast (design §3). Tests set NODE_ENV themselves.
  process.env.NODE_ENV ??= "production";
  const { createRequestHandler } = await import("react-router");
  const build = (await import(pathToFileURL(serverEntry).href)) as {
    entry?: { module?: { createLoadContext?: unknown } };
  };
  const createLoadContext = build.entry?.module?.createLoadContext;
  return {
    handle: createRequestHandler(
      build as Parameters<typeof createRequestHandler>[0],
      process.env.NODE_ENV === "production" ? "production" : "development",
    ) as RequestHandler,
    createLoadContext:
      typeof createLoadContext === "function"
        ? (createLoadContext as LoadedBuild["createLoadContext"])
        : undefined,
  };
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

    if (fs.existsSync(clientDir)) {
      await web.register(fastifyStatic, {
        root: clientDir,
        prefix: "/",
        wildcard: false,
        index: false,
        decorateReply: false,
        dotfiles: "ignore",
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
      const nonce = createNonce();
      reply.header("Content-Security-Policy", pageContentSecurityPolicy(nonce));
      reply.hijack();
      // Headers set by the app's hooks (security headers) still apply to hijacked replies.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      try {
        const streamed = createRequest(request.raw, reply.raw);
        // The body was read by the parser above; React Router gets it from memory.
        const webRequest = Buffer.isBuffer(request.body)
          ? new Request(streamed, { body: new Uint8Array(request.body) })
          : streamed;
        const transport = createInProcessFetch(options.api, { remoteAddress: request.ip });
        const response = await build.handle(
          webRequest,
          build.createLoadContext?.(transport, {
            nonce,
            siteUrl: options.siteUrl ?? null,
            appName: options.appName?.() ?? null,
          }) ?? undefined,
        );
        await sendResponse(reply.raw, response);
      } catch (error) {
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
