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
/** The answer to a write the disk has no room for (507). */
export const STORAGE_FULL_MESSAGE = "Insufficient storage: the server's disk is full.";
/** The answer to a write the data folder or database refuses (503). */
export const STORAGE_READ_ONLY_MESSAGE =
  "The server cannot save changes: its storage is read-only.";

/** A write refused by the storage itself: a locked database, a full disk, a read-only one. */
export class StorageError extends CoreError {
  override name = "StorageError";
  /** Seconds to send in `Retry-After`, when trying again soon may work. */
  readonly retryAfter: number | undefined;

  constructor(status: number, message: string, retryAfter?: number) {
    super(status, message);
    this.retryAfter = retryAfter;
  }
}

/** No room left: SQLite's, the file system's (`ENOSPC`, a quota) and PostgreSQL's `disk_full`. */
const FULL_CODES = new Set(["SQLITE_FULL", "ENOSPC", "EDQUOT", "53100"]);
/** A read-only file system, or PostgreSQL's `read_only_sql_transaction` (a standby, say). */
const READ_ONLY_CODES = new Set(["EROFS", "25006"]);

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/**
 * What a failure of the database or of the data folder means to the client, or null when it
 * is no such failure (issue 23 findings 6 and 7): another process holding SQLite's lock past
 * the wait (`SQLITE_BUSY`, which the data layer's `DatabaseBusyError` carries) → 503 with
 * `Retry-After`; a full disk ({@link FULL_CODES}) → 507; a read-only database or folder
 * (`SQLITE_READONLY…`, {@link READ_ONLY_CODES}, a file system's `EACCES`) → 503. Causes are
 * followed, for errors wrapped on their way up.
 */
export function storageFailure(error: unknown): StorageError | null {
  for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 4; depth++) {
    const code = codeOf(cause) ?? "";
    if (code.startsWith("SQLITE_BUSY"))
      return new StorageError(503, DATABASE_BUSY_MESSAGE, DATABASE_BUSY_RETRY_AFTER);
    if (FULL_CODES.has(code)) return new StorageError(507, STORAGE_FULL_MESSAGE);
    const fileSystem = typeof (cause as { syscall?: unknown }).syscall === "string";
    if (
      code.startsWith("SQLITE_READONLY") ||
      READ_ONLY_CODES.has(code) ||
      (code === "EACCES" && fileSystem)
    )
      return new StorageError(503, STORAGE_READ_ONLY_MESSAGE);
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
