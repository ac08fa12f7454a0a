/**
 * Where views are counted (ADR 070): in front of the HTTP server's request listener, around
 * the page cache's fast path and Fastify alike (ADR 045), so a guest's page answered from the
 * cache is counted like a rendered one. Per request this costs a look at the path and a few
 * headers; the view is counted when the answer is finished, if it was a `200`:
 *
 * - counted: a `GET` of a post's or entry's reading page, of the home page, the blog or a
 *   profile (or their page data, a client-side navigation);
 * - not counted: `HEAD` and other methods, any answer but a `200`, robots (`isbot`, and no
 *   user agent at all), prefetches (`Sec-Purpose: prefetch`, `Purpose: prefetch`,
 *   `X-Moz: prefetch`), and a signed-in author's views of their own work (dropped when the
 *   page is resolved to its record);
 * - `DNT: 1` or `Sec-GPC: 1`: the view is counted, the reader is not (their address and user
 *   agent are not even hashed);
 * - a feed's fetch (`200` or `304`) whose user agent reports "N subscribers" keeps that count.
 *
 * The signed-in viewer is read from the `pb_auth` cookie's token without checking it: a
 * forged cookie can only keep its sender's own views out of the count.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyInstance } from "fastify";
import { countedPage } from "../../core/stats/page-targets.ts";
import { isRobot, subscriberReport } from "../../core/stats/reader-agents.ts";
import type { ViewCounter } from "../../core/stats/view-counter.ts";
import { AUTH_COOKIE } from "../web/page-cache-keys.ts";

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Options of {@link registerViewCounting}. */
export interface ViewCountingOptions {
  counter: ViewCounter;
  /** `TRUSTED_PROXIES`: the client address is read as Fastify reads it. */
  trustedProxies: readonly string[];
  /** The site's own hosts (`APP_URL`'s), never counted as referrers; the request's `Host` neither. */
  ownHosts?: readonly string[];
  now?: () => number;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether the request is a prefetch (a browser guessing, not a reader reading). */
export function isPrefetch(req: Pick<IncomingMessage, "headers">): boolean {
  for (const name of ["sec-purpose", "purpose", "x-purpose", "x-moz"]) {
    const value = req.headers[name];
    const text = Array.isArray(value) ? value.join(",") : value;
    if (text && /prefetch|preview|prerender/i.test(text)) return true;
  }
  return false;
}

/** Whether the reader asked not to be tracked. */
export function asksNotToTrack(req: Pick<IncomingMessage, "headers">): boolean {
  return req.headers.dnt === "1" || req.headers["sec-gpc"] === "1";
}

/** The host of a `Referer` that is not the site's own, or null. */
export function referrerHost(
  referer: string | undefined,
  ownHost: string | undefined,
  ownHosts: readonly string[],
): string | null {
  if (!referer || referer.length > 2048) return null;
  let host: string;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host || host.length > 253) return null;
  const own = ownHost?.toLowerCase().replace(/:\d+$/, "");
  if (host === own || ownHosts.includes(host)) return null;
  return host.startsWith("www.") ? host.slice(4) : host;
}

/** The user id in a `pb_auth` cookie's token (unchecked), or null. */
export function cookieUserId(cookie: string | undefined): string | null {
  if (!cookie?.includes(`${AUTH_COOKIE}=`)) return null;
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== AUTH_COOKIE) continue;
    try {
      let value = decodeURIComponent(rest.join("="));
      if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      const token = (JSON.parse(value) as { token?: unknown }).token;
      if (typeof token !== "string") return null;
      const payload = token.split(".")[1];
      if (!payload) return null;
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
        id?: unknown;
      };
      return typeof claims.id === "string" ? claims.id : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Puts view counting in front of `app`'s request listener (the page cache's fast path when it
 * is on). Call it once the fast path is in place; `app.inject` (no socket) is not counted.
 */
export function registerViewCounting(app: FastifyInstance, options: ViewCountingOptions): void {
  const { counter } = options;
  const now = options.now ?? (() => Date.now());
  const ownHosts = (options.ownHosts ?? []).map((h) => h.toLowerCase());
  const server = app.server;
  const listeners = server.listeners("request") as RequestListener[];
  const inner = listeners[0];
  if (listeners.length !== 1 || !inner)
    throw new Error("view counting expects one request listener to stand in front of");
  const trusted = options.trustedProxies.length
    ? proxyAddr.compile([...options.trustedProxies])
    : () => false;

  const observe = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== "GET") return;
    const url = req.url ?? "";
    if (url.startsWith("/api/") || url.startsWith("/assets/")) return;
    const page = countedPage(url);
    if (!page || isPrefetch(req)) return;
    const userAgent = header(req, "user-agent");
    if (page.kind === "feed") {
      const report = subscriberReport(userAgent);
      if (!report) return;
      res.once("finish", () => {
        if (res.statusCode !== 200 && res.statusCode !== 304) return;
        counter.feed({ time: now(), page, ...report });
      });
      return;
    }
    if (isRobot(userAgent)) return;
    res.once("finish", () => {
      if (res.statusCode !== 200) return;
      const address = proxyAddr(req, trusted);
      counter.view({
        time: now(),
        page,
        reader: asksNotToTrack(req) ? null : `${address}\n${userAgent ?? ""}`,
        referrer: referrerHost(header(req, "referer"), header(req, "host"), ownHosts),
        viewer: cookieUserId(header(req, "cookie")),
      });
    });
  };

  server.removeListener("request", inner);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    observe(req, res);
    inner.call(server, req, res);
  });
}
