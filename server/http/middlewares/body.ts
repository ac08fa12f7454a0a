/**
 * Reads submitted data: JSON, urlencoded and multipart (with PocketBase's value inference,
 * `@jsonPayload` parts and file uploads into a collection's file fields). Malformed bodies
 * become a marker the handler turns into its own PocketBase error message.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import { badRequest, CoreError, fieldError } from "../../core/errors.ts";
import type { Collection, FileField } from "../../core/models/collection.ts";
import {
  cleanUpload,
  SNIFF_BYTES,
  UnreadableImageError,
  UploadedFile,
} from "../../tools/filesystem/index.ts";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * Runs on a multipart body once `readBody` has read it (the per-account rate limit needs
     * the identity a body names; JSON and urlencoded bodies are checked before the handler).
     */
    bodyGuard: ((body: Record<string, unknown>) => Promise<void>) | null;
  }
}

/**
 * Sets an own property, even for keys such as `__proto__`. SECURITY: a plain assignment
 * `out[key] = value` with a submitted key `__proto__` would replace the object's prototype
 * (B22); a defined property is only data.
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Marker for a body that could not be parsed. */
export const INVALID_BODY = Symbol("invalid body");

/** Default request body limit (PocketBase's DefaultMaxBodySize, 32 MiB). */
export const MAX_BODY_SIZE = 32 * 1024 * 1024;

/** Registers the body parsers. */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  app.decorateRequest("bodyGuard", null);
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: MAX_BODY_SIZE },
    (_req, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") {
        done(null, {});
        return;
      }
      try {
        done(null, JSON.parse(text));
      } catch {
        done(null, INVALID_BODY);
      }
    },
  );
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: MAX_BODY_SIZE },
    (_req, body, done) => {
      const params = new URLSearchParams(typeof body === "string" ? body : body.toString("utf8"));
      const out: Record<string, unknown> = {};
      for (const key of new Set(params.keys())) {
        const all = params.getAll(key).map(inferValue);
        setOwn(out, key, all.length === 1 ? all[0] : all);
      }
      done(null, out);
    },
  );
  await app.register(multipart, {
    limits: { fileSize: MAX_BODY_SIZE, fieldSize: MAX_BODY_SIZE, parts: 1000 },
    // As Go's multipart reader: a part is a file only when it has a file name; an empty file
    // input (`filename=""`) is the value "" (which clears a file field).
    isPartAFile: (_name, _type, filename) => filename !== undefined && filename !== "",
  });
}

/**
 * The body limit of a record create or update in `collection`: 32 MiB plus, for each file
 * field, `maxSize × maxSelect` (PocketBase's dynamic collection body limit). Text parts keep
 * the 32 MiB budget; only uploads may use the rest.
 */
export function recordBodyLimit(collection: Collection): number {
  let limit = MAX_BODY_SIZE;
  for (const field of collection.fields) {
    if (field.type === "file") limit += field.maxSize * Math.max(1, field.maxSelect);
  }
  return limit;
}

/** The file field a multipart file part feeds (`field`, `+field`, `field+`). */
function fileFieldOf(collection: Collection | undefined, key: string): FileField | undefined {
  if (!collection) return undefined;
  const name = key.startsWith("+") ? key.slice(1) : key.endsWith("+") ? key.slice(0, -1) : key;
  const field = collection.fields.find((f) => f.name === name);
  return field?.type === "file" ? field : undefined;
}

/** PocketBase's multipart value inference: booleans and canonical numbers only. */
export function inferValue(raw: string): unknown {
  if (raw === "true") return true;
  if (raw === "false") return false;
  if (raw !== "" && /^-?\d+(\.\d+)?$/.test(raw) && String(Number(raw)) === raw) return Number(raw);
  return raw;
}

/** Options of `readBody`. */
export interface ReadBodyOptions {
  /**
   * The collection a record body is for: multipart file parts under its file fields become
   * `UploadedFile` values, and the body limit grows to `recordBodyLimit(collection)`. Without
   * it, file parts are read and ignored (as PocketBase does outside records).
   */
  collection?: Collection;
}

/** Reads one file part: the whole content, or only its first bytes once it is over `keep`. */
async function readFilePart(
  stream: AsyncIterable<Buffer>,
  keep: number,
  onBytes: (count: number) => void,
): Promise<{ data: Buffer; size: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let head: Buffer | null = null;
  for await (const chunk of stream) {
    size += chunk.length;
    onBytes(chunk.length);
    if (head !== null) continue;
    if (size <= keep) chunks.push(chunk);
    else {
      // Over the field's limit: validation needs only the name and size from now on.
      head = Buffer.from(Buffer.concat([...chunks, chunk]).subarray(0, SNIFF_BYTES));
      chunks.length = 0;
    }
  }
  return { data: head ?? Buffer.concat(chunks), size };
}

/**
 * What a failure while reading a multipart body becomes: our own errors (413, a rate limit's
 * 429) as they are, the parser's size limits a 413, anything else the parser throws (no
 * boundary, a truncated body, a part named `__proto__`) the endpoint's malformed-body 400.
 */
function multipartError(error: unknown, message: string): CoreError {
  if (error instanceof CoreError) return error;
  if ((error as { statusCode?: unknown }).statusCode === 413)
    return new CoreError(413, "Request entity too large.");
  return badRequest(message);
}

/**
 * Reads the request's body as a plain object. Throws a 400 with `message` when it is
 * malformed or not an object, a 413 when it is over the limit.
 */
export async function readBody(
  request: FastifyRequest,
  message: string,
  options: ReadBodyOptions = {},
): Promise<Record<string, unknown>> {
  if (request.isMultipart()) {
    try {
      return await readMultipart(request, message, options);
    } catch (error) {
      throw multipartError(error, message);
    }
  }
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (body === INVALID_BODY || typeof body !== "object" || Array.isArray(body))
    throw badRequest(message);
  return body as Record<string, unknown>;
}

/**
 * An upload as it will be stored: an image without its EXIF, XMP and IPTC metadata (issue 23
 * finding 5); an image whose metadata cannot be removed is refused on its field.
 */
export async function cleanedUpload(field: string, upload: UploadedFile): Promise<UploadedFile> {
  try {
    return await cleanUpload(upload);
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    throw badRequest("Failed to load the submitted data due to invalid formatting.", {
      [field]: fieldError("validation_invalid_image", error.message),
    });
  }
}

/** Reads a multipart body (see {@link readBody}). */
async function readMultipart(
  request: FastifyRequest,
  message: string,
  options: ReadBodyOptions,
): Promise<Record<string, unknown>> {
  // Fastify's bodyLimit only guards the buffered parsers; multipart is streamed, so the
  // limits are enforced here: upfront from Content-Length, then while reading. Text parts
  // get 32 MiB whatever the collection; uploads may use what the file fields add.
  const tooLarge = () => new CoreError(413, "Request entity too large.");
  const limit = options.collection ? recordBodyLimit(options.collection) : MAX_BODY_SIZE;
  if (Number(request.headers["content-length"] ?? 0) > limit) throw tooLarge();
  const out: Record<string, unknown> = {};
  const payloads: Record<string, unknown>[] = [];
  const files = new Map<string, UploadedFile[]>();
  let textTotal = 0;
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > limit) throw tooLarge();
  };
  for await (const part of request.parts({ limits: { fileSize: limit } })) {
    if (part.type === "file") {
      const field = fileFieldOf(options.collection, part.fieldname);
      count(Buffer.byteLength(part.fieldname));
      const { data, size } = await readFilePart(part.file, field?.maxSize ?? 0, count);
      if (part.file.truncated) throw tooLarge();
      if (!field) continue;
      const list = files.get(part.fieldname) ?? [];
      list.push(await cleanedUpload(part.fieldname, new UploadedFile(part.filename, data, size)));
      files.set(part.fieldname, list);
      continue;
    }
    const value = typeof part.value === "string" ? part.value : String(part.value);
    const bytes = Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
    textTotal += bytes;
    if (part.valueTruncated || textTotal > MAX_BODY_SIZE) throw tooLarge();
    count(bytes);
    if (part.fieldname === "@jsonPayload") {
      try {
        const parsed: unknown = JSON.parse(value);
        if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
          payloads.push(parsed as Record<string, unknown>);
      } catch {
        throw badRequest(message);
      }
      continue;
    }
    const inferred = inferValue(value);
    const existing = Object.hasOwn(out, part.fieldname) ? out[part.fieldname] : undefined;
    setOwn(
      out,
      part.fieldname,
      existing === undefined
        ? inferred
        : Array.isArray(existing)
          ? [...(existing as unknown[]), inferred]
          : [existing, inferred],
    );
  }
  for (const payload of payloads) {
    for (const [key, value] of Object.entries(payload)) setOwn(out, key, value);
  }
  // Uploads join the names sent under the same plain key (existing files to keep), as
  // PocketBase merges them; `+field` / `field+` uploads replace any text under that key.
  for (const [key, uploads] of files) {
    const existing = Object.hasOwn(out, key) ? out[key] : undefined;
    const plain = !key.startsWith("+") && !key.endsWith("+");
    setOwn(
      out,
      key,
      plain && existing !== undefined && existing !== null ? [existing, ...uploads] : uploads,
    );
  }
  await request.bodyGuard?.(out);
  return out;
}
