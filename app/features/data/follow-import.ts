/**
 * Following an import the server runs as a job (issue 23 finding 2): its state is asked
 * once a second until it is done or failed, and its id is kept in the tab's session
 * storage, so a person who leaves "Your data" and comes back (or reloads) finds it going on
 * and then its report.
 */
import { followImport, type ImportRun } from "../../api/data/account-data.ts";
import type { ApiClient } from "../../api/client/api-client.ts";

const STORAGE_KEY = "cahier:import-run:v1";
const POLL_MS = 1_000;
/** Failed asks in a row (the network, a restart) before the page gives up following. */
const MAX_FAILURES = 5;

/** The import this tab follows, if any. */
export function followedImport(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(id: string | null): void {
  try {
    if (id === null) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Storage refused (private mode): the page follows the import while it stays open.
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Follows the import `id` until it is done or failed, telling `onRun` each state seen;
 * answers the last one, or null when following stopped (`signal`, or the server could not be
 * reached five times in a row, or the import is not this account's).
 */
export async function waitForImport(
  api: ApiClient,
  id: string,
  onRun: (run: ImportRun) => void,
  signal: AbortSignal,
): Promise<ImportRun | null> {
  remember(id);
  let failures = 0;
  while (!signal.aborted) {
    try {
      const run = await followImport(api, id);
      failures = 0;
      if (run.state === "done" || run.state === "failed") {
        remember(null);
        return run;
      }
      onRun(run);
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      failures += 1;
      if (status === 404 || status === 401 || failures >= MAX_FAILURES) {
        remember(null);
        return null;
      }
    }
    await pause(POLL_MS, signal);
  }
  return null;
}
