/**
 * The tab's view of builds: its route rules, fetched about 1 s after load, and whether the
 * server runs a newer build, polled every minute while the tab is visible and when it becomes
 * visible again. Framework-free: the browser wiring is in `build-awareness.ts`.
 */
import type { RedirectRule } from "#shared/route-rules.ts";
import {
  BuildRequestError,
  fetchBuildMeta,
  fetchLatestBuild,
  type BuildFetch,
} from "./build-info.ts";

/** Delay before the route rules are fetched after load (spec §9: about 1 s). */
export const MANIFEST_FETCH_DELAY_MS = 1000;

/** Interval between two checks for a new build while the tab is visible. */
export const BUILD_POLL_INTERVAL_MS = 60_000;

/** A tab that becomes visible checks for a new build unless it did this recently. */
export const MIN_POLL_GAP_MS = 5000;

/** What a {@link BuildWatcher} needs from its environment (the browser, or a test). */
export interface BuildWatcherDeps {
  /** This tab's build id; without one, nothing is fetched. */
  buildId: string | undefined;
  fetch: BuildFetch;
  now: () => number;
  /** Runs `task` once after `ms`; returns a cancel function. */
  after: (ms: number, task: () => void) => () => void;
  /** Runs `task` every `ms`; returns a cancel function. */
  every: (ms: number, task: () => void) => () => void;
  /** Whether the page is visible. */
  isVisible: () => boolean;
  /** Calls `listener` whenever the page becomes visible; returns an unsubscribe function. */
  onVisible: (listener: () => void) => () => void;
  /** Logs a failure to the console (the only trace of a failed rules fetch, spec §8). */
  logError: (message: string, error: unknown) => void;
}

/** The tab's view of builds: its route rules and whether the server runs a newer build. */
export interface BuildWatcher {
  /** Schedules the rules fetch (after about 1 s) and the polling for a new build. */
  start(): void;
  /** Cancels every timer and listener. */
  stop(): void;
  /** This build's redirect rules, fetched now if not yet; empty when they cannot be loaded. */
  routeRules(): Promise<readonly RedirectRule[]>;
  /** Asks the server for its build; `true` once it differs from this tab's. */
  checkForUpdate(): Promise<boolean>;
  /** Whether the server runs another build than this tab. */
  readonly updateAvailable: boolean;
}

/** Creates the build watcher of one tab. */
export function createBuildWatcher(deps: BuildWatcherDeps): BuildWatcher {
  let rules: Promise<readonly RedirectRule[]> | undefined;
  let updateAvailable = false;
  let lastCheck = Number.NEGATIVE_INFINITY;
  let checking: Promise<boolean> | undefined;
  let cancels: (() => void)[] = [];

  const stop = () => {
    for (const cancel of cancels) cancel();
    cancels = [];
  };

  const checkForUpdate = (): Promise<boolean> => {
    const { buildId } = deps;
    if (updateAvailable || !buildId) return Promise.resolve(updateAvailable);
    checking ??= (async () => {
      lastCheck = deps.now();
      try {
        const latest = await fetchLatestBuild(deps.fetch, lastCheck);
        if (latest.id !== buildId) {
          updateAvailable = true;
          stop();
        }
      } catch {
        // Offline or restarting: the next poll asks again.
      } finally {
        checking = undefined;
      }
      return updateAvailable;
    })();
    return checking;
  };

  const routeRules = (): Promise<readonly RedirectRule[]> => {
    const { buildId } = deps;
    rules ??= (async () => {
      if (!buildId) return [];
      try {
        return (await fetchBuildMeta(deps.fetch, buildId)).redirects;
      } catch (error) {
        deps.logError("Failed to load the route rules of this build", error);
        // The server no longer knows this build: a new one is probably out.
        if (error instanceof BuildRequestError && error.status === 404) void checkForUpdate();
        return [];
      }
    })();
    return rules;
  };

  return {
    start() {
      if (cancels.length > 0 || !deps.buildId) return;
      cancels.push(deps.after(MANIFEST_FETCH_DELAY_MS, () => void routeRules()));
      cancels.push(
        deps.every(BUILD_POLL_INTERVAL_MS, () => {
          if (deps.isVisible()) void checkForUpdate();
        }),
      );
      cancels.push(
        deps.onVisible(() => {
          if (deps.now() - lastCheck >= MIN_POLL_GAP_MS) void checkForUpdate();
        }),
      );
    },
    stop,
    routeRules,
    checkForUpdate,
    get updateAvailable() {
      return updateAvailable;
    },
  };
}
