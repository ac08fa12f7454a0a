/**
 * A micro-cache for guests' record reads: the same public list or record asked for again
 * within the TTL (`GUEST_CACHE_TTL_MS`, default 1 s) is answered from memory. Any committed write drops every entry
 * (a version counter), so a reader never sees data older than the last write of this
 * instance, and never older than the TTL (scheduled posts). With `REDIS_URL`, the realtime
 * fan-out relays other instances' writes into the same `RecordEvents` (ADR 021), so they
 * clear this cache too, as soon as Redis delivers them; restores (resets) likewise (ADR 031).
 *
 * Only requests without an Authorization header are cached: what a guest may see is the same
 * for every guest. `Cache-Control: no-cache` in the request skips the cache; `@random` sorts
 * are never cached. Each answer keeps its Brotli and gzip forms once a client asked for them
 * (`compression.ts`), so a repeated read is not compressed again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RecordEvents } from "../../core/records/record-events.ts";
import { BoundedCache } from "../../tools/cache/bounded-cache.ts";
import {
  appendVary,
  compressBody,
  COMPRESSION_THRESHOLD,
  negotiateEncoding,
  type ContentCoding,
} from "./compression.ts";

/** Most answers kept (least recently used dropped first). */
export const GUEST_CACHE_MAX_ENTRIES = 500;
/** Larger answers are not kept. */
export const GUEST_CACHE_MAX_BODY = 1024 * 1024;

interface Entry {
  /** Encoded once, so a hit costs no string-to-bytes conversion of the whole body. */
  body: Buffer;
  /** The body compressed, per coding, once a client asked for it. */
  compressed: Partial<Record<ContentCoding, Buffer>>;
  version: number;
  expires: number;
}

/** Sends a cached answer in the coding the request accepts (compressing it once per coding). */
function sendHit(request: FastifyRequest, reply: FastifyReply, hit: Entry): FastifyReply {
  reply.header("content-type", "application/json; charset=utf-8");
  if (hit.body.length < COMPRESSION_THRESHOLD) return reply.send(hit.body);
  reply.header("Vary", appendVary(reply.getHeader("vary"), "accept-encoding"));
  const coding = negotiateEncoding(request.headers["accept-encoding"]);
  if (coding === null || coding === "identity") return reply.send(hit.body);
  const body = (hit.compressed[coding] ??= compressBody(hit.body, coding));
  reply.header("Content-Encoding", coding);
  return reply.send(body);
}

declare module "fastify" {
  interface FastifyRequest {
    /** Cache key and data version when this request may be cached. */
    guestCache: { key: string; version: number } | null;
  }
}

function cacheable(request: FastifyRequest): string | null {
  if (request.method !== "GET" || request.headers.authorization) return null;
  const url = request.url;
  if (!url.startsWith("/api/collections/") || !/\/records(\/|\?|$)/.test(url)) return null;
  const cacheControl = request.headers["cache-control"] ?? "";
  if (/no-cache|no-store/i.test(cacheControl) || request.headers.pragma === "no-cache") return null;
  if (/@random/i.test(decodeURIComponentSafe(url))) return null;
  return url;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Installs the cache hooks (nothing when `ttlMs` is 0); the cache empties itself on every committed write. */
export function registerGuestCache(
  app: FastifyInstance,
  events: RecordEvents,
  ttlMs: number,
): void {
  if (ttlMs <= 0) return;
  const entries = new BoundedCache<string, Entry>({ max: GUEST_CACHE_MAX_ENTRIES });
  let version = 0;
  const drop = () => {
    version += 1;
    entries.clear();
  };
  events.on(drop);
  // A restore (here or, relayed by the fan-out, on another instance) replaced everything.
  events.onReset(drop);

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const key = cacheable(request);
    if (!key) return;
    const hit = entries.get(key);
    if (hit && hit.version === version && hit.expires > Date.now()) {
      return sendHit(request, reply, hit);
    }
    request.guestCache = { key, version };
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const pending = request.guestCache;
    if (!pending || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    if (pending.version !== version || payload.length > GUEST_CACHE_MAX_BODY) return payload;
    entries.set(pending.key, {
      body: Buffer.from(payload),
      compressed: {},
      version,
      expires: Date.now() + ttlMs,
    });
    return payload;
  });
}
