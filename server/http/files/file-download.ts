/**
 * `GET /api/files/{collectionIdOrName}/{recordId}/{filename}` (PocketBase `apis/file.go`
 * download): streams a record's file or one of its thumbnails, with Range and
 * If-Modified-Since handling (as Go's `http.ServeContent`) and headers that keep user files
 * inert on our origin.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FileDownload, FileService } from "../../core/files/file-service.ts";
import type { ByteRange } from "../../tools/filesystem/index.ts";
import { rateLimited } from "../middlewares/rate-limit.ts";
import { queryOf, requestInfo } from "../request-context.ts";

/**
 * SECURITY: user files never run as active content on our origin: no scripts, no plugins,
 * a unique origin even when opened directly (`sandbox`), plus `nosniff` and, for anything but
 * media and PDF, `attachment`.
 */
export const FILE_CSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
/** 30 days, reusable for a day while revalidating (file names change with their content). */
export const FILE_CACHE_CONTROL = "max-age=2592000, stale-while-revalidate=86400";

interface Params {
  collection: string;
  recordId: string;
  filename: string;
}

/** Go's `strconv.ParseBool`. */
function parseBool(value: string | undefined): boolean {
  return value !== undefined && ["1", "t", "T", "TRUE", "true", "True"].includes(value);
}

/** `filename=<name>` as PocketBase writes it, quoted when the name is not a plain token. */
function dispositionFilename(name: string): string {
  if (/^[\w.!#$%&'*+^`|~-]+$/.test(name)) return `filename=${name}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "\\$&");
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** HTTP dates have second precision. */
function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function parseHttpDate(value: string | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : Math.floor(time / 1000);
}

/**
 * One range of a `Range` header: a range, `"all"` (no usable range: serve everything) or
 * `"unsatisfiable"` (416), after Go's `parseRange`. Several ranges are served whole.
 */
function parseRange(header: string | undefined, size: number): ByteRange | "all" | "unsatisfiable" {
  if (header === undefined || header === "") return "all";
  if (!header.startsWith("bytes=")) return "unsatisfiable";
  const specs = header
    .slice(6)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (specs.length !== 1) return specs.length === 0 ? "unsatisfiable" : "all";
  const m = /^(\d*)-(\d*)$/.exec(specs[0] ?? "");
  if (!m || (m[1] === "" && m[2] === "")) return "unsatisfiable";
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== "" && Number(m[2]) < start) return "unsatisfiable";
  }
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** Sends a resolved download with PocketBase's headers and HTTP conditionals. */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  served: FileDownload,
): Promise<FastifyReply> {
  const { file } = served;
  let streaming = false;
  try {
    // Embedding files (images in pages) is the point; clickjacking is no concern here.
    reply.removeHeader("X-Frame-Options");
    reply.header(
      "Content-Disposition",
      `${served.disposition}; ${dispositionFilename(served.name)}`,
    );
    reply.header("Content-Type", served.contentType);
    reply.header("Content-Security-Policy", FILE_CSP);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Cache-Control", FILE_CACHE_CONTROL);
    const lastModified = file.modified.toUTCString();
    reply.header("Last-Modified", lastModified);
    reply.header("Accept-Ranges", "bytes");

    const modified = seconds(file.modified);
    const unmodifiedSince = parseHttpDate(request.headers["if-unmodified-since"]);
    if (unmodifiedSince !== null && modified > unmodifiedSince) {
      reply.removeHeader("Content-Type");
      return await reply.code(412).send();
    }
    const modifiedSince = parseHttpDate(request.headers["if-modified-since"]);
    if (
      request.headers["if-none-match"] === undefined &&
      modifiedSince !== null &&
      modified <= modifiedSince
    ) {
      reply.removeHeader("Content-Type");
      return await reply.code(304).send();
    }

    let range = parseRange(request.headers.range, file.size);
    const ifRange = request.headers["if-range"];
    if (ifRange !== undefined && parseHttpDate(String(ifRange)) !== modified) range = "all";
    // An empty file has no ranges to refuse: send it (Go does the same).
    if (range === "unsatisfiable" && file.size === 0) range = "all";
    if (range === "unsatisfiable") {
      reply.header("Content-Range", `bytes */${file.size}`);
      reply.header("Content-Type", "text/plain; charset=utf-8");
      return await reply.code(416).send("invalid range: failed to overlap\n");
    }
    const length = range === "all" ? file.size : range.end - range.start + 1;
    reply.header("Content-Length", length);
    if (range !== "all") {
      reply.code(206);
      reply.header("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
    }
    if (request.method === "HEAD" || length === 0) return await reply.send();
    streaming = true;
    return await reply.send(file.stream(range === "all" ? undefined : range));
  } finally {
    if (!streaming) await file.close();
  }
}

/**
 * Registers the download route for GET and HEAD (declared together: Fastify's automatic HEAD
 * route would read the whole file only to discard it, or report a zero length).
 */
export function registerFileDownloadRoutes(app: FastifyInstance, files: FileService): void {
  app.route({
    method: ["GET", "HEAD"],
    url: "/api/files/:collection/:recordId/:filename",
    ...rateLimited("file"),
    handler: async (request, reply) => {
      const { collection, recordId, filename } = request.params as Params;
      const query = queryOf(request);
      const served = await files.download({
        collection,
        recordId,
        filename,
        thumb: query.thumb,
        token: query.token,
        download: parseBool(query.download),
        acceptsWebp: /\bimage\/webp\b/i.test(request.headers.accept ?? ""),
        request: requestInfo(request),
      });
      // A thumbnail's format follows the client's Accept (WebP where it is taken).
      if (query.thumb) void reply.header("Vary", "Accept");
      return sendFile(request, reply, served);
    },
  });
}
