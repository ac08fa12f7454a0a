/**
 * One run at a time of an async check: callers arriving while it runs share its answer, and the
 * next caller after it settled starts a new run. No answer is kept once given, so none is older
 * than the run in flight. The health check's probes use it (issue 30): under a flood of
 * `/api/health`, the data folder's write probe ran once per request, a file created and removed
 * each time; now once per burst.
 *
 * @example
 * const probe = singleFlight(() => diskState(dir));
 * await Promise.all([probe(), probe()]); // one diskState call
 */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}
