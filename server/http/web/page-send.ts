/**
 * Writing pages to the socket: a kept page ({@link sendEntry}: `304` when the reader's copy
 * is current, else the form its `Accept-Encoding` takes), a page read whole but not kept
 * ({@link sendBuffered}), and a page streamed as React renders it ({@link sendStreamed}:
 * compressed chunk by chunk and flushed after each, so the reader gets the first screen while
 * the rest renders).
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  appendVary,
  compressBody,
  COMPRESSION_THRESHOLD,
  createCompressStream,
  flushStream,
  isCompressible,
  negotiateEncoding,
  type ContentCoding,
  type ResponseCoding,
} from "../middlewares/compression.ts";
import type { BufferedPage, HeaderAdjustment, PageEntry } from "./page-entry.ts";

/** Whether `If-None-Match` names `etag` (weak comparison; `*` matches anything). */
export function etagMatches(header: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}

/**
 * Whether the reader's copy is current: by `If-None-Match` when sent, else by
 * `If-Modified-Since` against `Last-Modified` (RFC 9110 §13.2.2).
 */
export function isNotModified(
  headers: IncomingHttpHeaders,
  etag: string,
  lastModified: string | null,
): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const since = headers["if-modified-since"];
  if (since === undefined || lastModified === null) return false;
  const sinceTime = Date.parse(since);
  const modified = Date.parse(lastModified);
  return !Number.isNaN(sinceTime) && !Number.isNaN(modified) && modified <= sinceTime;
}

/** Most `Accept-Encoding` values whose coding is remembered (browsers send a handful). */
const MAX_REMEMBERED_CODINGS = 64;
const codings = new Map<string, ResponseCoding>();

/** The form of a kept page to send for `header`, remembered per header value. */
function entryCoding(header: string | undefined): ResponseCoding {
  if (header === undefined) return "identity";
  const known = codings.get(header);
  if (known) return known;
  const coding = negotiateEncoding(header) ?? "identity";
  if (header.length <= 256) {
    if (codings.size >= MAX_REMEMBERED_CODINGS) codings.clear();
    codings.set(header, coding);
  }
  return coding;
}

/** Sends a kept page (the page policy's headers through `policy` when given). */
export function sendEntry(
  request: { method?: string | undefined; headers: IncomingHttpHeaders },
  res: ServerResponse,
  entry: PageEntry,
  policy?: HeaderAdjustment,
): void {
  // A route's own cache policy is never shortened.
  const adjust = entry.pagePolicy ? policy : undefined;
  if (isNotModified(request.headers, entry.etag, entry.lastModified)) {
    res.writeHead(304, adjust ? adjust(entry.notModified) : entry.notModified);
    res.end();
    return;
  }
  const form = entry.forms[entryCoding(request.headers["accept-encoding"])] ?? entry.forms.identity;
  if (!form) throw new Error("a page entry without its body");
  res.writeHead(200, adjust ? adjust(form.headers) : form.headers);
  if (request.method === "HEAD") res.end();
  else res.end(form.body);
}

/** Outgoing headers from a page answer's (lower-case names, lists for repeated ones). */
function outgoing(headers: Record<string, string | string[]>): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === "content-length" || name === "transfer-encoding" || name === "connection")
      continue;
    out[name] = value;
  }
  return out;
}

/** Sends a page read whole that the cache does not keep, compressed when worth it. */
export function sendBuffered(
  request: { method?: string | undefined; headers: IncomingHttpHeaders },
  res: ServerResponse,
  page: BufferedPage,
): void {
  const headers = outgoing(page.headers);
  let body = page.body;
  const contentType = page.headers["content-type"];
  if (isCompressible(Array.isArray(contentType) ? contentType[0] : contentType)) {
    if (body.length >= COMPRESSION_THRESHOLD) {
      headers.vary = appendVary(headers.vary, "Accept-Encoding");
      const coding = negotiateEncoding(request.headers["accept-encoding"]);
      if (coding === "br" || coding === "gzip") {
        body = compressBody(body, coding);
        headers["content-encoding"] = coding;
      }
    }
  }
  headers["content-length"] = body.length;
  res.writeHead(page.status, headers);
  if (request.method === "HEAD" || page.status === 304 || page.status === 204) res.end();
  else res.end(body);
}

/**
 * The chunks `source` has ready now: the first one awaited, then those already written
 * (React writes a burst of chunks at once, then waits for data), stopping when the next one
 * is not there by the next turn of the event loop. Answers null at the end of the source.
 */
async function nextBurst(
  iterator: AsyncIterator<Uint8Array>,
  pending: { next: Promise<IteratorResult<Uint8Array>> | null },
): Promise<Uint8Array[] | null> {
  const first = await (pending.next ?? iterator.next());
  pending.next = null;
  if (first.done) return null;
  const burst = [first.value];
  for (;;) {
    const next = iterator.next();
    const later = Symbol("later");
    const settled = await Promise.race([
      next,
      new Promise<typeof later>((resolve) => {
        setImmediate(() => {
          resolve(later);
        });
      }),
    ]);
    if (settled === later) {
      pending.next = next;
      return burst;
    }
    if (settled.done) {
      pending.next = next;
      return burst;
    }
    burst.push(settled.value);
  }
}

/**
 * `source` compressed with `coding`, one compressed piece per burst of chunks: each is
 * flushed (Brotli's FLUSH, gzip's SYNC_FLUSH) as soon as the source pauses, so what React
 * wrote reaches the reader while it renders the rest, without paying a flush per small chunk.
 */
export async function* compressChunks(
  source: AsyncIterable<Uint8Array>,
  coding: ContentCoding,
): AsyncGenerator<Buffer> {
  const stream = createCompressStream(coding);
  const out: Buffer[] = [];
  const state: { failure: Error | null } = { failure: null };
  stream.on("data", (chunk: Buffer) => {
    out.push(chunk);
  });
  stream.on("error", (error) => {
    state.failure = error;
  });
  const step = (run: (done: () => void) => void) =>
    new Promise<void>((resolve) => {
      run(resolve);
    });
  const iterator = source[Symbol.asyncIterator]();
  const pending: { next: Promise<IteratorResult<Uint8Array>> | null } = { next: null };
  try {
    for (;;) {
      const burst = await nextBurst(iterator, pending);
      if (!burst) break;
      await step((done) => {
        stream.write(Buffer.concat(burst), () => {
          done();
        });
      });
      await step((done) => {
        flushStream(stream, coding, done);
      });
      if (state.failure) throw state.failure;
      if (out.length) yield Buffer.concat(out.splice(0));
    }
    await step((done) => {
      stream.once("end", done);
      stream.end();
    });
    if (state.failure) throw state.failure;
    if (out.length) yield Buffer.concat(out.splice(0));
  } finally {
    stream.destroy();
    // A reader who left: stop reading the render (its own errors do not matter then).
    await iterator.return?.().catch(() => undefined);
  }
}

/**
 * Streams a page answer: its headers (`headers`, already merged with the server's), then its
 * body as it comes, compressed when the reader accepts it and the type is worth it.
 */
export async function sendStreamed(
  request: { method?: string | undefined; headers: IncomingHttpHeaders },
  res: ServerResponse,
  response: Response,
  headers: Record<string, string | string[]>,
): Promise<void> {
  const out = outgoing(headers);
  const body = response.body;
  const contentType = headers["content-type"];
  const compressible = isCompressible(Array.isArray(contentType) ? contentType[0] : contentType);
  if (compressible) out.vary = appendVary(out.vary, "Accept-Encoding");
  const coding = compressible ? negotiateEncoding(request.headers["accept-encoding"]) : null;
  const compress =
    body !== null && request.method !== "HEAD" && (coding === "br" || coding === "gzip");
  if (compress) out["content-encoding"] = coding;
  else if (headers["content-length"] !== undefined)
    out["content-length"] = String(headers["content-length"]);
  res.writeHead(response.status, out);
  if (body === null || request.method === "HEAD") {
    res.end();
    return;
  }
  const chunks = body as unknown as AsyncIterable<Uint8Array>;
  const source = compress ? compressChunks(chunks, coding) : chunks;
  await pipeline(Readable.from(source, { objectMode: false }), res);
}
