/** PocketBase-shaped error responses `{data, message, status}` and the central error handler. */
import type { FastifyError, FastifyInstance } from "fastify";
import { MfaRequiredError } from "../core/auth/mfa/mfa-sessions.ts";
import { CoreError, storageFailure, type FieldErrors } from "../core/errors.ts";
import { StorageUnavailableError } from "../tools/filesystem/index.ts";

/** The answer when the file storage (an S3 bucket) cannot be reached (ADR 030). */
export const STORAGE_UNAVAILABLE_MESSAGE = "The file storage is unavailable. Try again later.";

/** Default messages per status, as PocketBase words them. */
export const DEFAULT_MESSAGES: Record<number, string> = {
  400: "Something went wrong while processing your request.",
  401: "Missing or invalid authentication.",
  403: "You are not allowed to perform this request.",
  404: "The requested resource wasn't found.",
  413: "Request entity too large.",
  429: "Too Many Requests.",
  500: "Something went wrong while processing your request.",
};

/** The wire body of an error. */
export interface ApiErrorBody {
  data: FieldErrors;
  message: string;
  status: number;
}

/** Builds an error body. */
export function apiErrorBody(
  status: number,
  message?: string,
  data: FieldErrors = {},
): ApiErrorBody {
  return {
    data,
    message: sentenize(message ?? DEFAULT_MESSAGES[status] ?? DEFAULT_MESSAGES[400] ?? ""),
    status,
  };
}

/** Upper-cases the first letter and ends with a period, as PocketBase does. */
function sentenize(message: string): string {
  if (!message) return message;
  const first = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/**
 * Installs the error and not-found handlers. Fastify's not-found route does not inherit the
 * app's reply serializer, so it is handed over here.
 */
export function registerErrorHandlers(
  app: FastifyInstance,
  serializer?: (payload: unknown) => string,
): void {
  app.setErrorHandler((error: FastifyError | CoreError, request, reply) => {
    if (error instanceof MfaRequiredError) {
      // PocketBase's MFA step: a 401 whose body is only the pending sign-in's id.
      return reply.status(401).send({ mfaId: error.mfaId });
    }
    if (error instanceof CoreError) {
      return reply.status(error.status).send(apiErrorBody(error.status, error.message, error.data));
    }
    if (error instanceof StorageUnavailableError) {
      // The message names the operation and key, never credentials or signed requests.
      request.log.error({ err: error }, "file storage unavailable");
      return reply.status(503).send(apiErrorBody(503, STORAGE_UNAVAILABLE_MESSAGE));
    }
    const storage = storageFailure(error);
    if (storage) {
      // A locked database, a full or read-only disk: said plainly, never a generic 500.
      request.log[storage.retryAfter === undefined ? "error" : "warn"](
        { err: error },
        "the storage refused a write",
      );
      if (storage.retryAfter !== undefined) reply.header("Retry-After", String(storage.retryAfter));
      return reply.status(storage.status).send(apiErrorBody(storage.status, storage.message));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send(apiErrorBody(413));
    }
    if (status >= 400 && status < 500) {
      // Framework-level client errors (bad content type, malformed body): never echo details.
      return reply.status(status).send(apiErrorBody(status));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(apiErrorBody(500));
  });
  app.setNotFoundHandler((_request, reply) => {
    if (serializer) reply.serializer(serializer).type("application/json; charset=utf-8");
    return reply.status(404).send(apiErrorBody(404));
  });
}
