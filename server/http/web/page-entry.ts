/**
 * A rendered page held in memory, ready to send (ADR 045): its body as it is and, for a text
 * worth compressing, its Brotli and gzip forms (made once, on the thread pool), with the
 * headers of each form prepared in advance, so a hit is one `writeHead` and one `end`.
 *
 * Its headers are the rendered answer's (type, security headers, the Content-Security-Policy
 * whose nonce the body's scripts carry) plus the page policy ({@link pageCachePolicy}, unless
 * the route set a shared-cache policy of its own: feeds, robots.txt), `Vary`, and a weak
 * `ETag` (unless the route set its own). The ETag hashes the body with the nonce taken out, so a page rendered
 * again after an unrelated purge keeps its validator and readers keep their copy (`304`).
 */
import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import {
  appendVary,
  compressBodyAsync,
  COMPRESSION_THRESHOLD,
  isCompressible,
  type ContentCoding,
  type ResponseCoding,
} from "../middlewares/compression.ts";

/** A page answer read whole: status, headers (lower-case names) and body. */
export interface BufferedPage {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** A page as the cache keeps it. */
export interface PageEntry {
  etag: string;
  /** Whether it carries the page policy ({@link pageCachePolicy}), not its route's own. */
  pagePolicy: boolean;
  lastModified: string | null;
  /** Per coding available: the body and the headers to send it with. */
  forms: Partial<Record<ResponseCoding, { body: Buffer; headers: OutgoingHttpHeaders }>>;
  /** The headers of a `304` (validators, cache policy, `Vary`). */
  notModified: OutgoingHttpHeaders;
  /** Bytes held. */
  size: number;
}

/** Changes a kept page's headers as it is sent (a cache policy shortened as a publication nears). */
export type HeaderAdjustment = (headers: OutgoingHttpHeaders) => OutgoingHttpHeaders;

/** Largest page body kept (a longer one is sent, never stored). */
export const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

/** Response headers never stored or replayed (per connection, or replaced by ours). */
const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
  "set-cookie",
  "etag",
  "cache-control",
  "cdn-cache-control",
  "vary",
]);

/** The headers a `304` repeats (RFC 9110 §15.4.5), never the CSP: the reader's copy keeps its own. */
const NOT_MODIFIED_HEADERS = [
  "etag",
  "last-modified",
  "cache-control",
  "cdn-cache-control",
  "vary",
];

/**
 * `Cache-Control` and `CDN-Cache-Control` (RFC 9213) of a page kept by the cache. Browsers
 * and plain proxies revalidate every time (`max-age=0, must-revalidate`: a write shows at
 * once, and a repeat view costs a `304`); shared caches may keep it `cdnSeconds`
 * (`s-maxage`); CDNs that read `CDN-Cache-Control` may also serve it stale for three times
 * that while they revalidate. Both stop short of `expiresAt` (the next scheduled
 * publication). With `cdnSeconds` 0 every cache revalidates every time.
 */
export function pageCachePolicy(
  cdnSeconds: number,
  expiresAt: number | null,
  now = Date.now(),
): { cacheControl: string; cdnCacheControl: string | null } {
  const untilExpiry =
    expiresAt === null ? Number.POSITIVE_INFINITY : Math.floor((expiresAt - now) / 1000);
  const maxAge = Math.max(0, Math.min(cdnSeconds, untilExpiry));
  if (maxAge === 0) return { cacheControl: "public, no-cache", cdnCacheControl: null };
  const stale = Math.max(0, Math.min(3 * cdnSeconds, untilExpiry - maxAge));
  return {
    cacheControl: `public, max-age=0, must-revalidate, s-maxage=${String(maxAge)}`,
    cdnCacheControl:
      stale > 0
        ? `public, max-age=${String(maxAge)}, stale-while-revalidate=${String(stale)}`
        : `public, max-age=${String(maxAge)}`,
  };
}

/** A weak validator of `body` with `nonce` (when given) taken out. */
export function pageEtag(body: Buffer, nonce: string | null): string {
  const text = nonce ? body.toString("utf8").replaceAll(nonce, "") : body;
  return `W/"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Whether a rendered answer may be kept for every guest: a `200` with a type, no cookie set,
 * no policy of its own against shared caching, and not too large.
 */
export function isStorable(page: BufferedPage): boolean {
  if (page.status !== 200 || page.headers["set-cookie"] !== undefined) return false;
  if (!page.headers["content-type"]) return false;
  const own = headerText(page.headers["cache-control"]) ?? "";
  if (/\b(?:no-store|private|no-cache)\b/i.test(own)) return false;
  return page.body.length <= MAX_ENTRY_BYTES;
}

/**
 * Builds the entry of a storable page (see {@link isStorable}); `nonce` is the CSP nonce the
 * render used, `policy` the cache headers to send, `vary` what the page varies by.
 */
export async function buildPageEntry(
  page: BufferedPage,
  nonce: string | null,
  policy: { cacheControl: string; cdnCacheControl: string | null },
  vary: readonly string[],
): Promise<PageEntry> {
  const base: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(page.headers)) {
    if (!HOP_HEADERS.has(name)) base[name] = value;
  }
  // A feed's own validator stays (it answers its own conditional requests the same way).
  const etag = headerText(page.headers.etag) ?? pageEtag(page.body, nonce);
  base.etag = etag;
  // A route's own shared-cache policy stands (feeds, robots.txt); pages get the page policy.
  const own = headerText(page.headers["cache-control"]);
  base["cache-control"] = own ?? policy.cacheControl;
  if (!own && policy.cdnCacheControl) base["cdn-cache-control"] = policy.cdnCacheControl;
  base.vary = appendVary(page.headers.vary, ...vary);
  const forms: PageEntry["forms"] = {
    identity: { body: page.body, headers: { ...base, "content-length": page.body.length } },
  };
  let size = page.body.length;
  const compressible =
    isCompressible(headerText(page.headers["content-type"])) &&
    page.body.length >= COMPRESSION_THRESHOLD;
  if (compressible) {
    const codings: ContentCoding[] = ["br", "gzip"];
    const bodies = await Promise.all(codings.map((coding) => compressBodyAsync(page.body, coding)));
    codings.forEach((coding, index) => {
      const body = bodies[index];
      if (!body) return;
      forms[coding] = {
        body,
        headers: { ...base, "content-encoding": coding, "content-length": body.length },
      };
      size += body.length;
    });
  }
  const notModified: OutgoingHttpHeaders = {};
  for (const name of NOT_MODIFIED_HEADERS) {
    if (base[name] !== undefined) notModified[name] = base[name];
  }
  return {
    etag,
    pagePolicy: own === undefined,
    lastModified: headerText(page.headers["last-modified"]) ?? null,
    forms,
    notModified,
    // Headers and bookkeeping, roughly.
    size: size + 2048,
  };
}

/**
 * How kept pages' cache headers must change as they are sent: shortened when the next
 * scheduled publication (`expiresAt`) comes sooner than shared caches would keep them;
 * undefined when they stand as they are (the usual case: no work per hit).
 */
export function policyAdjustment(
  expiresAt: number | null,
  cdnSeconds: number,
  now = Date.now(),
): HeaderAdjustment | undefined {
  if (expiresAt === null || cdnSeconds === 0 || expiresAt - now > 4 * cdnSeconds * 1000)
    return undefined;
  const policy = pageCachePolicy(cdnSeconds, expiresAt, now);
  return (headers) => {
    if (headers["cache-control"] === undefined) return headers;
    const out = { ...headers, "cache-control": policy.cacheControl };
    delete out["cdn-cache-control"];
    if (policy.cdnCacheControl) out["cdn-cache-control"] = policy.cdnCacheControl;
    return out;
  };
}
