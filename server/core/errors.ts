/**
 * Domain errors. Core throws these; the http layer turns them into PocketBase-shaped
 * responses `{status, message, data}` in one place.
 */

/** One field's validation failure. */
export interface FieldError {
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

/** Field errors keyed by field name (nested objects for nested data). */
export type FieldErrors = Record<string, FieldError | Record<string, unknown>>;

/** An error with an HTTP-like status, a safe message and optional field data. */
export class CoreError extends Error {
  override name = "CoreError";
  readonly status: number;
  readonly data: FieldErrors;

  constructor(status: number, message: string, data: FieldErrors = {}) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/** 400 with field errors. */
export function badRequest(
  message = "Something went wrong while processing your request.",
  data: FieldErrors = {},
): CoreError {
  return new CoreError(400, message, data);
}

/** 401. */
export function unauthorized(
  message = "The request requires valid record authorization token.",
): CoreError {
  return new CoreError(401, message);
}

/** 403. */
export function forbidden(message = "You are not allowed to perform this request."): CoreError {
  return new CoreError(403, message);
}

/** 404. */
export function notFound(message = "The requested resource wasn't found."): CoreError {
  return new CoreError(404, message);
}

/** Builds one field error, filling `{name}` placeholders of the message from params. */
export function fieldError(
  code: string,
  message: string,
  params?: Record<string, unknown>,
): FieldError {
  const text = params
    ? message.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]))
    : message;
  return params ? { code, message: text, params } : { code, message: text };
}

/** The answer to a write that could not get the database's lock in time (issue 23 finding 6). */
export const DATABASE_BUSY_MESSAGE = "The database is busy; try again in a moment.";
/** Seconds a client is told to wait (`Retry-After`) before trying a refused write again. */
export const DATABASE_BUSY_RETRY_AFTER = 2;

/** A write refused by the storage itself: a database another process has locked. */
export class StorageError extends CoreError {
  override name = "StorageError";
  /** Seconds to send in `Retry-After`, when trying again soon may work. */
  readonly retryAfter: number | undefined;

  constructor(status: number, message: string, retryAfter?: number) {
    super(status, message);
    this.retryAfter = retryAfter;
  }
}

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/**
 * What a failure of the database means to the client, or null when it is no such failure:
 * another process holding SQLite's lock past the wait (`SQLITE_BUSY`, which the data layer's
 * `DatabaseBusyError` carries; issue 23 finding 6) → 503 with `Retry-After`. Causes are
 * followed, for errors wrapped on their way up.
 */
export function storageFailure(error: unknown): StorageError | null {
  for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 4; depth++) {
    if (codeOf(cause)?.startsWith("SQLITE_BUSY"))
      return new StorageError(503, DATABASE_BUSY_MESSAGE, DATABASE_BUSY_RETRY_AFTER);
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
