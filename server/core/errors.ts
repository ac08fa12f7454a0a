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
