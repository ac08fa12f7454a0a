/**
 * What a failed request says, read without the SDK's error class: its status (0 when no
 * answer came), whether it was cancelled, and its PocketBase-shaped body (`message`, per-field
 * `data.<field>.code`, the `mfaId` of a refused first factor). The app's wording of these
 * (`lib/forms/api-errors.ts`) and its decisions are built on them.
 */
import { ClientResponseError } from "pocketbase";

/** A failed request: a refusal of the API, or no answer at all (status 0). */
export interface ApiFailure {
  /** The HTTP status; 0 when no answer came (offline, cancelled, cut short). */
  status: number;
  /** The request was cancelled (by the page, or by leaving it). */
  aborted: boolean;
  /** The API's own wording of the refusal (English), `""` when none. */
  message: string;
  /** The per-field details (`data`), empty when none. */
  data: Record<string, unknown>;
  /** The whole answer (for fields of its own, like `mfaId`). */
  body: Record<string, unknown>;
}

/** The failure an error of a request describes, or `null` when it is no request's. */
export function apiFailure(error: unknown): ApiFailure | null {
  if (!(error instanceof ClientResponseError)) return null;
  const body = error.response as Record<string, unknown>;
  const { message, data } = body;
  return {
    status: error.status,
    aborted: error.isAbort,
    message: typeof message === "string" ? message : "",
    data: data && typeof data === "object" ? (data as Record<string, unknown>) : {},
    body,
  };
}

/** The status of a failed request (0: no answer), `null` when `error` is no request's. */
export function failureStatus(error: unknown): number | null {
  return error instanceof ClientResponseError ? error.status : null;
}

/** Whether `error` is a request the API refused with one of `statuses`. */
export function failedWith(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ClientResponseError && statuses.includes(error.status);
}

/** Whether `error` is a request cancelled before its answer (by the page). */
export function isAbortedRequest(error: unknown): boolean {
  return error instanceof ClientResponseError && error.isAbort;
}

/** The per-field details (`data`) of a failed request's answer; empty when none. */
export function responseFieldData(error: unknown): Record<string, unknown> {
  return apiFailure(error)?.data ?? {};
}

/**
 * The error of a request that never left (offline: no answer), as the SDK would throw it:
 * callers treat it as any request cut short.
 */
export function offlineFailure(): Error {
  return new ClientResponseError({ status: 0 });
}

/** The error of a record that is not there (the API's 404), as the SDK would throw it. */
export function notFoundFailure(): Error {
  return new ClientResponseError({ status: 404 });
}
