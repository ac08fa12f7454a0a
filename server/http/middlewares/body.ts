/**
 * Reads submitted data: JSON, urlencoded and multipart (with PocketBase's value inference
 * and `@jsonPayload` parts). Malformed bodies become a marker the handler turns into its own
 * PocketBase error message.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import { badRequest, CoreError, fieldError } from "../../core/errors.ts";

/** Marker for a body that could not be parsed. */
export const INVALID_BODY = Symbol("invalid body");

/** Default request body limit (PocketBase's DefaultMaxBodySize, 32 MiB). */
export const MAX_BODY_SIZE = 32 * 1024 * 1024;

/** Registers the body parsers. */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
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
        out[key] = all.length === 1 ? all[0] : all;
      }
      done(null, out);
    },
  );
  await app.register(multipart, {
    limits: { fileSize: MAX_BODY_SIZE, fieldSize: MAX_BODY_SIZE, parts: 1000 },
  });
}

/** PocketBase's multipart value inference: booleans and canonical numbers only. */
export function inferValue(raw: string): unknown {
  if (raw === "true") return true;
  if (raw === "false") return false;
  if (raw !== "" && /^-?\d+(\.\d+)?$/.test(raw) && String(Number(raw)) === raw) return Number(raw);
  return raw;
}

/**
 * Reads the request's body as a plain object. Throws a 400 with `message` when it is
 * malformed or not an object.
 */
export async function readBody(
  request: FastifyRequest,
  message: string,
): Promise<Record<string, unknown>> {
  if (request.isMultipart()) {
    // Fastify's bodyLimit only guards the buffered parsers; multipart is streamed, so the
    // same 32 MiB limit is enforced here: upfront from Content-Length, then while reading.
    const tooLarge = () => new CoreError(413, "Request entity too large.");
    if (Number(request.headers["content-length"] ?? 0) > MAX_BODY_SIZE) throw tooLarge();
    const out: Record<string, unknown> = {};
    const payloads: Record<string, unknown>[] = [];
    let total = 0;
    for await (const part of request.parts()) {
      if (part.type === "file") {
        // Drain the stream; file uploads are handled by the files API.
        await part.toBuffer();
        throw badRequest(message, {
          [part.fieldname]: fieldError(
            "validation_invalid_file",
            "File uploads are not accepted on this field yet.",
          ),
        });
      }
      const value = typeof part.value === "string" ? part.value : String(part.value);
      total += Buffer.byteLength(part.fieldname) + Buffer.byteLength(value);
      if (part.valueTruncated || total > MAX_BODY_SIZE) throw tooLarge();
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
      const existing = out[part.fieldname];
      if (existing === undefined) out[part.fieldname] = inferred;
      else
        out[part.fieldname] = Array.isArray(existing)
          ? [...(existing as unknown[]), inferred]
          : [existing, inferred];
    }
    for (const payload of payloads) Object.assign(out, payload);
    return out;
  }
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (body === INVALID_BODY || typeof body !== "object" || Array.isArray(body))
    throw badRequest(message);
  return body as Record<string, unknown>;
}
