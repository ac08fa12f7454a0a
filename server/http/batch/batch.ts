/**
 * `POST /api/batch`: several record writes (create, update, upsert, delete) in one
 * all-or-nothing transaction, each under its own collection's access rules with the outer
 * request's auth, as PocketBase's `apis/batch.go` does. Bodies are JSON
 * `{"requests":[{method, url, headers?, body?}]}` or multipart with the JSON under
 * `@jsonPayload` and files under `requests.<i>.<field>` / `requests[<i>].<field>`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { findCollection } from "../../core/collections/collection-lookup.ts";
import {
  badRequest,
  CoreError,
  fieldError,
  forbidden,
  type FieldErrors,
} from "../../core/errors.ts";
import type { RateLimiter } from "../../core/rate-limit/index.ts";
import type { RecordService } from "../../core/records/record-service.ts";
import {
  DEFAULT_BATCH_SETTINGS,
  type BatchSettings,
} from "../../core/settings/settings-service.ts";
import type { RecordData, RequestInfo } from "../../core/records/request-info.ts";
import { UploadedFile } from "../../tools/filesystem/index.ts";
import { apiErrorBody } from "../errors.ts";
import { cleanedUpload, INVALID_BODY } from "../middlewares/body.ts";
import { presentRecord } from "../presenters/record-presenter.ts";
import { requestInfo } from "../request-context.ts";

/** Max length of a sub-request URL. */
const MAX_URL_LENGTH = 2000;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const READ_FAILED = "Failed to read the submitted batch data.";
const FILE_KEY = /^requests(?:\.(\d+)\.|\[(\d+)\]\.)(.+)$/;

/** One sub-request as submitted. */
interface SubRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A parsed batch body: the requests and the files sent for each (by index, then key). */
interface BatchBody {
  requests: unknown;
  files: Map<number, Map<string, UploadedFile[]>>;
}

/** Reads a multipart batch body, counting every byte against `limit`. */
async function readMultipart(request: FastifyRequest, limit: number): Promise<BatchBody> {
  const tooLarge = () => new CoreError(413, "Request entity too large.");
  if (Number(request.headers["content-length"] ?? 0) > limit) throw tooLarge();
  let total = 0;
  let payload: Record<string, unknown> = {};
  const files = new Map<number, Map<string, UploadedFile[]>>();
  for await (const part of request.parts({ limits: { fileSize: limit, fieldSize: limit } })) {
    total += Buffer.byteLength(part.fieldname);
    if (part.type === "file") {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        total += chunk.length;
        if (total > limit) throw tooLarge();
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge();
      const match = FILE_KEY.exec(part.fieldname);
      if (!match) continue;
      const index = Number(match[1] ?? match[2]);
      const key = match[3] as string;
      const byKey = files.get(index) ?? new Map<string, UploadedFile[]>();
      byKey.set(key, [
        ...(byKey.get(key) ?? []),
        await cleanedUpload(key, new UploadedFile(part.filename, Buffer.concat(chunks), size)),
      ]);
      files.set(index, byKey);
      continue;
    }
    const value = typeof part.value === "string" ? part.value : String(part.value);
    total += Buffer.byteLength(value);
    if (part.valueTruncated || total > limit) throw tooLarge();
    if (part.fieldname !== "@jsonPayload") continue;
    try {
      const parsed: unknown = JSON.parse(value);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error();
      payload = parsed as Record<string, unknown>;
    } catch {
      throw badRequest(READ_FAILED);
    }
  }
  return { requests: payload.requests, files };
}

/** Reads the batch body (JSON or multipart). */
async function readBatchBody(request: FastifyRequest, limit: number): Promise<BatchBody> {
  if (request.isMultipart()) return readMultipart(request, limit);
  const body = request.body;
  if (body === undefined || body === null) return { requests: undefined, files: new Map() };
  if (body === INVALID_BODY || typeof body !== "object" || Array.isArray(body))
    throw badRequest(READ_FAILED);
  return { requests: (body as Record<string, unknown>).requests, files: new Map() };
}

/** Validates the requests list (PocketBase's form rules) into sub-requests. */
function validateRequests(raw: unknown, body: BatchBody, max: number): SubRequest[] {
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) throw badRequest(READ_FAILED);
  const list = (raw ?? []) as unknown[];
  const invalid = (data: FieldErrors) => badRequest("Invalid batch request data.", data);
  if (list.length === 0)
    throw invalid({ requests: fieldError("validation_required", "Cannot be blank.") });
  if (list.length > max) {
    throw invalid({
      requests: fieldError("validation_length_too_long", "The length must be no more than {max}.", {
        max,
      }),
    });
  }
  const errors: Record<string, FieldErrors> = {};
  const requests = list.map((item, index): SubRequest => {
    if (!item || typeof item !== "object" || Array.isArray(item)) throw badRequest(READ_FAILED);
    const entry = item as Record<string, unknown>;
    const method = typeof entry.method === "string" ? entry.method.toUpperCase() : "";
    const url = typeof entry.url === "string" ? entry.url : "";
    const itemErrors: FieldErrors = {};
    if (!method) itemErrors.method = fieldError("validation_required", "Cannot be blank.");
    else if (!METHODS.includes(method))
      itemErrors.method = fieldError("validation_in_invalid", "Must be a valid value.");
    if (!url) itemErrors.url = fieldError("validation_required", "Cannot be blank.");
    else if (url.length > MAX_URL_LENGTH) {
      itemErrors.url = fieldError(
        "validation_length_too_long",
        "The length must be no more than {max}.",
        { max: MAX_URL_LENGTH },
      );
    }
    if (Object.keys(itemErrors).length) errors[String(index)] = itemErrors;
    const headers: Record<string, string> = {};
    if (entry.headers && typeof entry.headers === "object" && !Array.isArray(entry.headers)) {
      for (const [name, value] of Object.entries(entry.headers as Record<string, unknown>)) {
        if (typeof value === "string") headers[name.toLowerCase()] = value;
      }
    }
    const rawBody =
      entry.body && typeof entry.body === "object" && !Array.isArray(entry.body)
        ? { ...(entry.body as Record<string, unknown>) }
        : {};
    for (const [key, uploads] of body.files.get(index) ?? []) rawBody[key] = uploads;
    return { method, url, headers, body: rawBody };
  });
  if (Object.keys(errors).length) throw invalid({ requests: errors });
  return requests;
}

/** A sub-request's action, once its method and URL are matched. */
interface Action {
  kind: "create" | "update" | "upsert" | "delete";
  collection: string;
  id: string;
  query: Record<string, string>;
}

const RECORDS_PATH = /^\/api\/collections\/([^/?]+)\/records(?:\/([^/?]+))?$/;

/** Matches PocketBase's four batch actions; anything else is not allowed in a batch. */
function matchAction(method: string, url: string): Action | null {
  let parsed: URL;
  try {
    parsed = new URL(url, "http://batch.invalid");
  } catch {
    return null;
  }
  if (parsed.origin !== "http://batch.invalid" || !url.startsWith("/")) return null;
  const match = RECORDS_PATH.exec(parsed.pathname);
  if (!match) return null;
  let collection: string;
  let id: string;
  try {
    collection = decodeURIComponent(match[1] as string);
    id = match[2] === undefined ? "" : decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of parsed.searchParams) if (!(key in query)) query[key] = value;
  const kind =
    method === "POST" && !id
      ? "create"
      : method === "PUT" && !id
        ? "upsert"
        : method === "PATCH" && id
          ? "update"
          : method === "DELETE" && id
            ? "delete"
            : null;
  return kind ? { kind, collection, id, query } : null;
}

/** Thrown when a sub-request fails: its index and its own error. */
class SubRequestError extends Error {
  readonly index: number;
  readonly failure: CoreError;

  constructor(index: number, failure: CoreError) {
    super(failure.message);
    this.index = index;
    this.failure = failure;
  }
}

/** Thrown when the transaction runs past its time limit or the client went away. */
class BatchInterrupted extends Error {}

/** One sub-request's answer. */
interface BatchResult {
  body: unknown;
  status: number;
}

/** Runs one sub-request with the scoped (transactional) record service. */
async function runSubRequest(
  records: RecordService,
  base: RequestInfo,
  sub: SubRequest,
): Promise<BatchResult> {
  const action = matchAction(sub.method, sub.url);
  if (!action) throw badRequest();
  const collection = findCollection(action.collection);
  if (!collection) throw new CoreError(404, "Missing collection context.");
  const headers = { ...base.headers };
  for (const [name, value] of Object.entries(sub.headers)) {
    if (name === "authorization" || name === "cookie") continue;
    headers[name.replace(/-/g, "_")] = value;
  }
  const request: RequestInfo = {
    ...base,
    method: action.kind === "delete" ? "DELETE" : action.kind === "create" ? "POST" : "PATCH",
    context: "batch",
    headers,
    query: action.query,
  };
  const present = (record: RecordData): unknown => presentRecord(record, action.query.fields);
  switch (action.kind) {
    case "create":
      return {
        status: 200,
        body: present(await records.create(collection, request, sub.body, action.query.expand)),
      };
    case "update":
      return {
        status: 200,
        body: present(
          await records.update(collection, request, action.id, sub.body, action.query.expand),
        ),
      };
    case "upsert": {
      const id = typeof sub.body.id === "string" ? sub.body.id : "";
      if (id && (await records.findById(collection, id))) {
        return {
          status: 200,
          body: present(
            await records.update(
              collection,
              { ...request, method: "PATCH" },
              id,
              sub.body,
              action.query.expand,
            ),
          ),
        };
      }
      return {
        status: 200,
        body: present(
          await records.create(
            collection,
            { ...request, method: "POST" },
            sub.body,
            action.query.expand,
          ),
        ),
      };
    }
    case "delete":
      await records.delete(collection, request, action.id);
      return { status: 204, body: null };
  }
}

/**
 * Counts every sub-request against the rate limits as if it had been sent on its own
 * (checklist B23: a batch must not dodge the per-route limits); 429 before anything runs.
 */
async function checkSubRequestLimits(
  limiter: RateLimiter,
  request: FastifyRequest,
  subRequests: readonly SubRequest[],
): Promise<void> {
  if (!limiter.settings.enabled) return;
  for (const sub of subRequests) {
    const action = matchAction(sub.method, sub.url);
    const collection = action ? findCollection(action.collection) : undefined;
    if (!action || !collection) continue;
    const kind = action.kind === "upsert" ? (sub.body.id ? "update" : "create") : action.kind;
    const decision = await limiter.checkRequest({
      ip: request.ip,
      authenticated: request.auth !== null,
      superuser: request.auth?.isSuperuser ?? false,
      method: kind === "create" ? "POST" : kind === "update" ? "PATCH" : "DELETE",
      path: `/api/collections/${collection.name}/records${action.id ? `/${action.id}` : ""}`,
      collection: { id: collection.id, name: collection.name },
      tags: [kind],
    });
    if (!decision.allowed) throw new CoreError(429, "Too Many Requests.");
  }
}

/** Registers `POST /api/batch`; `settings` is read per request (the settings API changes it). */
export function registerBatchRoutes(
  app: FastifyInstance,
  records: RecordService,
  settings: () => BatchSettings = () => DEFAULT_BATCH_SETTINGS,
  limiter?: RateLimiter,
): void {
  app.post(
    "/api/batch",
    // The JSON parser's limit; the current setting is checked again per request.
    { bodyLimit: Math.max(DEFAULT_BATCH_SETTINGS.maxBodySize, settings().maxBodySize) },
    async (request, reply) => {
      const current = settings();
      if (!current.enabled || current.maxRequests <= 0)
        throw forbidden("Batch requests are not allowed.");
      const limit = current.maxBodySize > 0 ? current.maxBodySize : 128 * 1024 * 1024;
      if (Number(request.headers["content-length"] ?? 0) > limit)
        throw new CoreError(413, "Request entity too large.");
      const body = await readBatchBody(request, limit);
      const subRequests = validateRequests(body.requests, body, current.maxRequests);
      if (limiter) await checkSubRequestLimits(limiter, request, subRequests);
      const base = requestInfo(request, "batch");

      const deadline = Date.now() + (current.timeout > 0 ? current.timeout : 3) * 1000;
      let gone = false;
      request.raw.once("close", () => {
        if (!request.raw.complete) gone = true;
      });
      reply.raw.once("close", () => {
        if (!reply.raw.writableFinished) gone = true;
      });
      let results: BatchResult[];
      try {
        results = await records.batch(async (scoped) => {
          const out: BatchResult[] = [];
          for (const [index, sub] of subRequests.entries()) {
            if (gone || Date.now() > deadline) throw new BatchInterrupted();
            try {
              out.push(await runSubRequest(scoped, base, sub));
            } catch (error) {
              if (error instanceof CoreError) throw new SubRequestError(index, error);
              throw error;
            }
          }
          // Work that finished after the limit is not committed either.
          if (gone || Date.now() > deadline) throw new BatchInterrupted();
          return out;
        });
      } catch (error) {
        if (error instanceof BatchInterrupted) throw badRequest("Batch transaction failed.");
        if (error instanceof SubRequestError) {
          const cause = error.failure;
          throw badRequest("Batch transaction failed.", {
            requests: {
              [String(error.index)]: {
                code: "batch_request_failed",
                message: "Batch request failed.",
                response: apiErrorBody(cause.status, cause.message, cause.data),
              },
            },
          });
        }
        throw error;
      }
      return results;
    },
  );
}
