/**
 * Which page requests the anonymous page cache serves, and under which key (ADR 045).
 *
 * A request may read or fill the cache when it is a `GET` or `HEAD` of a page, feed or page
 * data (`/blog`, `/blog/rss.xml`, `/post/…/….data`), not of the API, the assets or the build
 * descriptions, and it is a guest's: no `Authorization` header and no `pb_auth` cookie at all
 * (SECURITY: the same test the app makes before reading a session, so a signed-in reader, or
 * one whose cookie turns out to be invalid, never gets or leaves a cached page).
 *
 * The key is everything that changes a guest's page: the origin the app builds absolute
 * links from when `APP_URL` is unset (scheme as the server sees it, `Host`), the path and
 * query as sent, and the language the app picks (the `locale` cookie, then
 * `Accept-Language`, `shared/i18n/locales.ts`), reduced to the supported language so every
 * browser in French shares one entry, and the colour theme of the `theme` cookie (ADR 051:
 * the page is rendered in it), reduced to `light`, `dark` or none. A cookie that starts
 * changing guests' pages must be added to the key here and to {@link pageVary}.
 */
import type { IncomingHttpHeaders } from "node:http";
import { detectLocale } from "#shared/i18n/locales.ts";
import { themeFromCookie } from "#shared/theme.ts";
import { isNegotiatedPage, wantsActivityJson } from "../../core/fediverse/paths.ts";
import { isApiPath } from "../middlewares/security-headers.ts";

/** The cookie the browser's SDK client mirrors its session into (ADR 014). */
export const AUTH_COOKIE = "pb_auth";

/** What every page varies by, for caches between the server and the reader. */
const PAGE_VARY = ["Accept-Encoding", "Accept-Language", "Cookie"] as const;

/**
 * What a page at `url` varies by. A post's or profile's address also answers ActivityPub
 * JSON to `Accept: application/activity+json` (ADR 071), so a shared cache must not hand
 * its page to a fediverse server: those vary on `Accept` too. Other pages do not, so a CDN
 * keeps one copy of them, not one per browser's `Accept` header.
 */
export function pageVary(url: string): readonly string[] {
  const pathname = url.split("?")[0] ?? "";
  return isNegotiatedPage(pathname) ? ["Accept", ...PAGE_VARY] : PAGE_VARY;
}

/** Longer URLs are rendered every time (keys stay small). */
export const MAX_CACHED_URL_LENGTH = 2048;

/** Paths served by other routes (files of the build, build descriptions). */
const NOT_PAGES = ["/assets/", "/_app/", "/__manifest"];

/**
 * What the key is made of: a Fastify request, or the server's raw request with the protocol
 * as Fastify would read it (the fast path, `page-cache-hook.ts`).
 */
export interface KeyedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** `http` or `https`, as Fastify's `request.protocol` says (trusted proxies included). */
  protocol: string | undefined;
}

/** Whether a request carries a session the app would try to read (cookie or bearer token). */
export function hasSession(request: Pick<KeyedRequest, "headers">): boolean {
  if (request.headers.authorization) return true;
  const cookie = request.headers.cookie;
  return cookie !== undefined && cookie.includes(`${AUTH_COOKIE}=`);
}

/** The page cache's key for a guest's `GET`/`HEAD` of a page, or null when it may not be cached. */
export function pageCacheKey(request: KeyedRequest): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const url = request.url;
  if (url.length > MAX_CACHED_URL_LENGTH || !url.startsWith("/")) return null;
  if (isApiPath(url) || NOT_PAGES.some((prefix) => url.startsWith(prefix))) return null;
  if (hasSession(request)) return null;
  // SECURITY: an ActivityPub request never reads or fills the HTML cache (ADR 071).
  if (wantsActivityJson(request.headers.accept)) return null;
  const host = (request.headers.host ?? "").toLowerCase();
  return `${readerPrefix(request.headers)} ${String(request.protocol)}://${host}${url}`;
}

/** Longest `Cookie` + `Accept-Language` whose key prefix is remembered. */
const MAX_REMEMBERED_HEADERS = 512;
/** Most prefixes remembered (browsers send a handful of distinct headers). */
const MAX_REMEMBERED_PREFIXES = 256;
const prefixes = new Map<string, string>();

/**
 * The key's language and theme part (`"fr dark"`), remembered per `Cookie` and
 * `Accept-Language` pair: parsing them is most of what a key costs.
 */
function readerPrefix(headers: IncomingHttpHeaders): string {
  const cookie = headers.cookie ?? null;
  const acceptLanguage = headers["accept-language"] ?? null;
  const memo = (cookie?.length ?? 0) + (acceptLanguage?.length ?? 0) <= MAX_REMEMBERED_HEADERS;
  const id = memo ? `${cookie ?? ""}\n${acceptLanguage ?? ""}` : "";
  const known = memo ? prefixes.get(id) : undefined;
  if (known !== undefined) return known;
  const locale = detectLocale(cookie, acceptLanguage);
  const theme = themeFromCookie(cookie) || "system";
  const prefix = `${locale} ${theme}`;
  if (memo) {
    if (prefixes.size >= MAX_REMEMBERED_PREFIXES) prefixes.clear();
    prefixes.set(id, prefix);
  }
  return prefix;
}
