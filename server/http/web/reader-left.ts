/**
 * Whether a page failed only because its reader went away (closed the tab, followed another
 * link, a load generator ending its run): the socket closed under the answer. That is not a
 * server error and is logged as a debug line, never as an error. A render that fails on its own
 * also ends with a destroyed response (`pipeline` destroys it), so the error's code decides.
 */

/** Errors Node gives when the peer is gone before or while an answer is written. */
const GONE_CODES = new Set([
  "ERR_STREAM_PREMATURE_CLOSE",
  "ERR_STREAM_UNABLE_TO_PIPE",
  "ERR_STREAM_DESTROYED",
  "ECONNRESET",
  "EPIPE",
  "ABORT_ERR",
]);

/** Whether `error`, thrown while answering on `res`, means the reader left. */
export function readerLeft(error: unknown, res: { destroyed: boolean }): boolean {
  if (!res.destroyed || typeof error !== "object" || error === null) return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return (typeof code === "string" && GONE_CODES.has(code)) || name === "AbortError";
}
