/**
 * Response compression (Brotli and gzip), negotiated with `Accept-Encoding` (RFC 9110 §12.5.3:
 * q-values, `*`, `identity;q=0`), always with `Vary: Accept-Encoding` on what could be
 * compressed.
 *
 * - Fastify replies (API JSON, files, feeds served by routes): `@fastify/compress`, registered
 *   by {@link registerCompression} for every route, with the types and threshold below.
 *   Partial content (206) and replies that already carry a `Content-Encoding` (precompressed
 *   assets, cached variants) pass through untouched.
 * - Server-rendered pages, which write to the socket themselves (`web/page-response.ts`), and
 *   the caches that keep compressed variants (`guest-cache.ts`, the page cache), use the
 *   helpers here: {@link negotiateEncoding}, {@link compressBody}, {@link compressBodyAsync},
 *   {@link createCompressStream} (flushed per chunk, so streaming stays streaming).
 *
 * Never compressed: bodies under {@link COMPRESSION_THRESHOLD}, images, archives and other
 * types that are compressed already or binary, and `text/event-stream` (`/api/realtime` is
 * hijacked and never passes here either: an event must reach the client when it is written).
 */
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** The content codings the server produces, in its order of preference. */
export type ContentCoding = "br" | "gzip";

/** A coding or `identity` (no coding). */
export type ResponseCoding = ContentCoding | "identity";

/** Bodies smaller than this (bytes) are sent as they are: compressing them saves nothing. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Media types worth compressing: text (but not event streams), JSON and XML in all their
 * `+json`/`+xml` forms (feeds, manifests), JavaScript, SVG.
 */
export const COMPRESSIBLE_TYPE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml)(?:;|$)|application\/(?:javascript|ecmascript|x-javascript)(?:;|$)|image\/svg\+xml(?:;|$))/i;

/**
 * Brotli quality of responses compressed as they are sent: 4 to 5 is where Brotli beats gzip
 * -6 in size at a similar cost; 11 is 30–40× slower for ~10% less.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;
/** Brotli quality of bodies compressed at once on the event loop (small bodies, a cache's missing variant). */
export const STORED_BROTLI_QUALITY = 5;
/**
 * Brotli quality of pages kept by the page cache, compressed once per fill on libuv's thread
 * pool, off the event loop: the highest, like the build's assets. On a long demo post it is
 * 13.6 KB where quality 5 gave 14.9 KB, under the 14 KB of one initial congestion window
 * (issue 16), for about 30 ms of a pool thread per fill.
 */
export const KEPT_PAGE_BROTLI_QUALITY = 11;

/** The codings produced, in the server's order of preference on equal q-values. */
const CODINGS: readonly ContentCoding[] = ["br", "gzip"];

/** Whether a `Content-Type` names a type worth compressing. */
export function isCompressible(contentType: string | undefined | null): boolean {
  return contentType !== undefined && contentType !== null && COMPRESSIBLE_TYPE.test(contentType);
}

/**
 * The coding to answer a request with, from its `Accept-Encoding` header: the coding with the
 * highest q-value (Brotli before gzip on ties), or identity when the client prefers it by
 * name or accepts no coding we produce. Without the header, identity. `null` when nothing is
 * acceptable, identity included (`identity;q=0` with no coding we produce): RFC 9110 then
 * asks for an uncoded response anyway.
 *
 * @example
 * negotiateEncoding("gzip, deflate, br"); // "br"
 * negotiateEncoding("br;q=0.5, gzip"); // "gzip"
 * negotiateEncoding("identity"); // "identity"
 */
export function negotiateEncoding(header: string | undefined): ResponseCoding | null {
  if (header === undefined) return "identity";
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    let name = rawName.trim().toLowerCase();
    if (!name) continue;
    if (name === "x-gzip") name = "gzip";
    let q = 1;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=");
      if (key.trim().toLowerCase() !== "q") continue;
      const parsed = Number(value.trim());
      q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
    }
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  const star = weights.get("*");
  let best: ContentCoding | null = null;
  let bestQ = 0;
  for (const coding of CODINGS) {
    const q = weights.get(coding) ?? star ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  // identity is acceptable unless excluded (`identity;q=0`, or `*;q=0` without `identity`); it
  // wins over a coding only when the client prefers it by name.
  const identity = weights.get("identity");
  if (identity !== undefined && identity > bestQ) return "identity";
  if (best) return best;
  const identityAcceptable = identity !== undefined ? identity > 0 : star !== 0;
  return identityAcceptable ? "identity" : null;
}

function brotliOptions(quality: number, size: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      ...(size > 0 ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } : {}),
    },
  };
}

/** `body` compressed at once (small bodies, or a cache filling a missing variant). */
export function compressBody(body: Buffer, coding: ContentCoding): Buffer {
  return coding === "br"
    ? zlib.brotliCompressSync(body, brotliOptions(STORED_BROTLI_QUALITY, body.length))
    : zlib.gzipSync(body, { level: 6 });
}

/**
 * `body` compressed on libuv's thread pool (off the event loop), for pages kept by the page
 * cache (Brotli at {@link KEPT_PAGE_BROTLI_QUALITY}).
 */
export function compressBodyAsync(body: Buffer, coding: ContentCoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => {
      if (error) reject(error);
      else resolve(result);
    };
    if (coding === "br")
      zlib.brotliCompress(body, brotliOptions(KEPT_PAGE_BROTLI_QUALITY, body.length), done);
    else zlib.gzip(body, { level: 6 }, done);
  });
}

/** A compressing stream for a response written chunk by chunk; call {@link flushStream} after each. */
export function createCompressStream(coding: ContentCoding): zlib.BrotliCompress | zlib.Gzip {
  return coding === "br"
    ? zlib.createBrotliCompress(brotliOptions(DYNAMIC_BROTLI_QUALITY, 0))
    : zlib.createGzip({ level: 6 });
}

/**
 * Pushes what the stream holds to its reader now, so a streamed page's chunk is not held
 * back; `done` runs once the flushed output was handed on.
 */
export function flushStream(
  stream: zlib.BrotliCompress | zlib.Gzip,
  coding: ContentCoding,
  done: () => void,
): void {
  const kind =
    coding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  // Readable streams may hand pushed data on at the next tick: wait past it.
  stream.flush(kind, () => setImmediate(done));
}

/** A `Vary` value with `names` added (case-insensitively once each); `*` stays `*`. */
export function appendVary(
  existing: string | number | readonly string[] | undefined,
  ...names: string[]
): string {
  const text = Array.isArray(existing) ? existing.join(",") : String(existing ?? "");
  const current = text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (current.includes("*")) return "*";
  const seen = new Set(current.map((name) => name.toLowerCase()));
  for (const name of names) {
    if (!seen.has(name.toLowerCase())) {
      current.push(name);
      seen.add(name.toLowerCase());
    }
  }
  return current.join(", ");
}

/**
 * Compresses Fastify replies for every route registered after it (register it before the
 * routes). Request bodies are not decompressed: the API, like PocketBase, reads them as sent.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ["br", "gzip"],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: (type: string) => isCompressible(type),
    brotliOptions: brotliOptions(DYNAMIC_BROTLI_QUALITY, 0),
    zlibOptions: { level: 6 },
  });
  // A body that would be compressed for another client varies by Accept-Encoding even when
  // this client gets it as it is (caches between must not hand it to the wrong one). Spelt as
  // @fastify/compress spells it, which runs next and adds it only when missing.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode === 206 || reply.hasHeader("content-encoding")) return payload;
    if (!isCompressible(reply.getHeader("content-type") as string | undefined)) return payload;
    const size =
      typeof payload === "string" || Buffer.isBuffer(payload)
        ? Buffer.byteLength(payload)
        : Number.POSITIVE_INFINITY;
    if (size >= COMPRESSION_THRESHOLD) {
      reply.header("Vary", appendVary(reply.getHeader("vary"), "accept-encoding"));
    }
    return payload;
  });
}
