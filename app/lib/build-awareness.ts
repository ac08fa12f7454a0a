/**
 * Build awareness in the browser (spec §2, §4, §7, §8; design §6):
 *
 * - About 1 s after load the tab fetches its build's route rules
 *   (`/_app/builds/meta/{buildId}.json`); a failure is only logged. Client-side navigations
 *   to a path with a redirect rule follow it (to another origin too: rules allow it).
 * - It polls `/_app/builds/latest.json?t=<timestamp>` every minute while visible and when the
 *   tab becomes visible again; once the server runs another build, the next navigation loads
 *   its page as a new document, from the new build.
 * - A failed chunk load reloads the page, never twice for the same path within 10 s (a
 *   `sessionStorage` record survives the reload). Route modules are imported before React
 *   Router starts a navigation ({@link chunkLoadInstrumentation}), so a failure is caught
 *   here, under the guard, rather than by React Router's own unguarded reload; other dynamic
 *   imports report through Vite's `vite:preloadError` and unhandled rejections.
 *
 * The build id is React Router's manifest version (`window.__reactRouterManifest.version`),
 * which the server publishes as the id of `latest.json`.
 */
import { useEffect } from "react";
import {
  matchRoutes,
  redirect,
  redirectDocument,
  type ClientInstrumentation,
  type DataRouteObject,
} from "react-router";
import {
  BUILDS_PATH,
  findRedirect,
  REDIRECT_STATUSES,
  redirectLocation,
  type BuildInfo,
  type BuildMeta,
  type RedirectRule,
} from "#shared/route-rules.ts";
import { fetchWithRetry } from "./fetch-retry.ts";
import { resolveNavigationTarget } from "./navigation.ts";

/** Delay before the route rules are fetched after load (spec §9: about 1 s). */
export const MANIFEST_FETCH_DELAY_MS = 1000;

/** Interval between two checks for a new build while the tab is visible. */
export const BUILD_POLL_INTERVAL_MS = 60_000;

/** A tab that becomes visible checks for a new build unless it did this recently. */
export const MIN_POLL_GAP_MS = 5000;

/** How long a path is not reloaded again after a chunk failure (spec §4, §9: 10 s). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** `sessionStorage` key remembering the paths reloaded after a chunk failure. */
export const CHUNK_RELOAD_STORAGE_KEY = "cahier:chunk-reloads";

/** A build description request that did not succeed. */
export class BuildRequestError extends Error {
  override name = "BuildRequestError";
  /** HTTP status, `0` when the answer was not usable JSON. */
  readonly status: number;

  constructor(url: string, status: number) {
    super(`GET ${url} failed${status ? ` with status ${String(status)}` : ": invalid answer"}`);
    this.status = status;
  }
}

/** A `fetch` as the watcher uses it. */
export type BuildFetch = (url: string, init?: RequestInit) => Promise<Response>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `latest.json`'s answer, or `null` when it is not one. */
export function parseBuildInfo(value: unknown): BuildInfo | null {
  if (!isRecord(value)) return null;
  const { id, timestamp } = value;
  if (typeof id !== "string" || id === "") return null;
  if (typeof timestamp !== "number" || !Number.isFinite(timestamp)) return null;
  return { id, timestamp };
}

function parseRule(value: unknown): RedirectRule | null {
  if (!isRecord(value)) return null;
  const { from, to, status } = value;
  if (typeof from !== "string" || !from.startsWith("/") || typeof to !== "string") return null;
  const known = REDIRECT_STATUSES.find((s) => s === status);
  return known ? { from, to, status: known } : null;
}

/** `meta/{id}.json`'s answer, or `null` when it is not one. */
export function parseBuildMeta(value: unknown): BuildMeta | null {
  const info = parseBuildInfo(value);
  if (!info || !isRecord(value) || !Array.isArray(value.redirects)) return null;
  const redirects: RedirectRule[] = [];
  for (const item of value.redirects) {
    const rule = parseRule(item);
    if (!rule) return null;
    redirects.push(rule);
  }
  return { ...info, redirects };
}

async function getJson<T>(
  fetchImpl: BuildFetch,
  url: string,
  parse: (value: unknown) => T | null,
): Promise<T> {
  const response = await fetchImpl(url, {
    cache: "no-store",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new BuildRequestError(url, response.status);
  const parsed = parse(await response.json().catch(() => null));
  if (!parsed) throw new BuildRequestError(url, 0);
  return parsed;
}

/** The build the server runs now (`latest.json`, with a timestamp against caches). */
export function fetchLatestBuild(fetchImpl: BuildFetch, now: number): Promise<BuildInfo> {
  return getJson(fetchImpl, `${BUILDS_PATH}/latest.json?t=${String(now)}`, parseBuildInfo);
}

/** A build's description and route rules (`meta/{id}.json`). */
export function fetchBuildMeta(fetchImpl: BuildFetch, buildId: string): Promise<BuildMeta> {
  return getJson(
    fetchImpl,
    `${BUILDS_PATH}/meta/${encodeURIComponent(buildId)}.json`,
    parseBuildMeta,
  );
}

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

/** This tab's build id: React Router's manifest version. */
export function currentBuildId(): string | undefined {
  const manifest = (window as { __reactRouterManifest?: { version?: unknown } })
    .__reactRouterManifest;
  return typeof manifest?.version === "string" ? manifest.version : undefined;
}

let browserWatcher: BuildWatcher | undefined;

/** Starts the tab's build watcher (once; later calls return the same one). */
export function startBuildAwareness(): BuildWatcher {
  if (browserWatcher) return browserWatcher;
  const watcher = createBuildWatcher({
    buildId: currentBuildId(),
    fetch: (url, init) => fetchWithRetry(url, init),
    now: () => Date.now(),
    after: (ms, task) => {
      const timer = window.setTimeout(task, ms);
      return () => {
        window.clearTimeout(timer);
      };
    },
    every: (ms, task) => {
      const timer = window.setInterval(task, ms);
      return () => {
        window.clearInterval(timer);
      };
    },
    isVisible: () => document.visibilityState === "visible",
    onVisible: (listener) => {
      const handle = () => {
        if (document.visibilityState === "visible") listener();
      };
      document.addEventListener("visibilitychange", handle);
      return () => {
        document.removeEventListener("visibilitychange", handle);
      };
    },
    logError: (message, error) => {
      console.error(message, error);
    },
  });
  watcher.start();
  browserWatcher = watcher;
  return watcher;
}

/** Where a client-side navigation must go instead, if anywhere. */
export type NavigationOverride =
  { kind: "redirect"; location: string } | { kind: "document"; location: string };

/**
 * Decides what happens to a client-side navigation to `url` (spec §2, §4): a redirect rule
 * sends it to its target (a new document when the target is another origin or a new build
 * is out); otherwise a new build makes it a document load of the same address.
 */
export function navigationOverride(
  url: URL,
  rules: readonly RedirectRule[],
  updateAvailable: boolean,
): NavigationOverride | null {
  const rule = findRedirect(rules, url.pathname);
  if (rule) {
    const target = resolveNavigationTarget(redirectLocation(rule, url.search), {
      origin: url.origin,
      allowExternal: true,
    });
    if (target.kind === "external") return { kind: "redirect", location: target.url };
    return { kind: updateAvailable ? "document" : "redirect", location: target.path };
  }
  if (updateAvailable) return { kind: "document", location: `${url.pathname}${url.search}` };
  return null;
}

/** The address React Router is navigating to, when a navigation is loading. */
function pendingNavigation(): { pathname: string; search: string } | undefined {
  const router = (
    window as {
      __reactRouterDataRouter?: {
        state: { navigation: { state: string; location?: { pathname: string; search: string } } };
      };
    }
  ).__reactRouterDataRouter;
  const navigation = router?.state.navigation;
  return navigation?.state === "loading" ? navigation.location : undefined;
}

/**
 * Root client middleware: applies {@link navigationOverride} to client-side GET navigations.
 * Fetcher loads and revalidations of the page being shown are left alone.
 */
export async function buildAwarenessMiddleware({ request }: { request: Request }): Promise<void> {
  const watcher = browserWatcher;
  if (!watcher || request.method !== "GET") return;
  const url = new URL(request.url);
  const pending = pendingNavigation();
  if (!pending) return;
  // Both through the URL parser, so percent-encoding cannot tell them apart.
  const target = new URL(`${pending.pathname}${pending.search}`, url.origin);
  if (target.pathname !== url.pathname || target.search !== url.search) return;
  const override = navigationOverride(url, await watcher.routeRules(), watcher.updateAvailable);
  if (!override) return;
  // React Router loads another origin, or a `redirectDocument`, as a new document.
  throw override.kind === "document"
    ? redirectDocument(override.location)
    : redirect(override.location);
}

/** The parts of `sessionStorage` the reload guard uses. */
export type GuardStorage = Pick<Storage, "getItem" | "setItem">;

function readReloads(storage: GuardStorage): Record<string, number> {
  try {
    const value: unknown = JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? "{}");
    if (!isRecord(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, number] => {
        return typeof entry[1] === "number";
      }),
    );
  } catch {
    return {};
  }
}

/**
 * Whether a chunk failure on `path` may reload the page now, recording the reload when it
 * may: not when the same path was reloaded for a chunk failure less than 10 s ago. Without
 * storage (disabled, or private mode quotas) it never may, since a loop could not be stopped.
 */
export function claimChunkReload(path: string, now: number, storage: GuardStorage | null): boolean {
  if (!storage) return false;
  const reloads = readReloads(storage);
  const last = reloads[path];
  if (last !== undefined && now >= last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  const kept = Object.fromEntries(
    Object.entries(reloads).filter(([, at]) => now >= at && now - at < CHUNK_RELOAD_GUARD_MS),
  );
  try {
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify({ ...kept, [path]: now }));
    return true;
  } catch {
    return false;
  }
}

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /failed to load module script/i,
  /unable to preload css/i,
  /loading (css )?chunk [\w-]+ failed/i,
];

/** Whether an error is a failed chunk load (a dynamic import or a preloaded file). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "ChunkLoadError") return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

let reloading = false;

function sessionStorageOrNull(): GuardStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Reloads the page after a chunk failure unless {@link claimChunkReload} refuses; returns
 * whether it reloads.
 */
export function reloadAfterChunkFailure(error?: unknown): boolean {
  if (reloading) return true;
  const path = window.location.pathname;
  if (!claimChunkReload(path, Date.now(), sessionStorageOrNull())) {
    console.error(
      `A page chunk failed to load again; not reloading ${path} twice within ${String(CHUNK_RELOAD_GUARD_MS / 1000)} s`,
      error,
    );
    return false;
  }
  reloading = true;
  window.location.reload();
  return true;
}

/** Options of {@link installChunkFailureHandlers}. */
export interface ChunkFailureOptions {
  /** Failures to leave to their caller (a language catalog: it logs and carries on). */
  ignore?: () => boolean;
}

/**
 * Reloads the page (guarded) when a dynamic import fails: Vite's `vite:preloadError` event
 * and unhandled chunk-load rejections. Returns a function removing the listeners.
 */
export function installChunkFailureHandlers(options: ChunkFailureOptions = {}): () => void {
  const onPreloadError = (event: Event) => {
    if (options.ignore?.()) return;
    reloadAfterChunkFailure((event as Event & { payload?: unknown }).payload);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (options.ignore?.() || !isChunkLoadError(event.reason)) return;
    reloadAfterChunkFailure(event.reason);
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("vite:preloadError", onPreloadError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}

/** What React Router's framework mode keeps on `window` (its manifest, modules and router). */
interface FrameworkWindow {
  __reactRouterManifest?: { routes: Record<string, { module?: string } | undefined> };
  __reactRouterRouteModules?: Record<string, unknown>;
  __reactRouterDataRouter?: { routes: DataRouteObject[] };
}

/** Whether a navigation target is an absolute path of this site (`/blog`, not `blog`). */
function isSitePath(to: string): boolean {
  return to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\");
}

/**
 * Imports the route modules a navigation to `to` needs and are not loaded yet, into React
 * Router's module cache (as its own loader would). Relative targets, and routes React Router
 * has not discovered yet, are left to it. Rejects when a module cannot be imported.
 */
export async function preloadRouteModules(to: string): Promise<void> {
  if (!isSitePath(to)) return;
  const { __reactRouterManifest: manifest, __reactRouterRouteModules: cache } =
    window as FrameworkWindow;
  const router = (window as FrameworkWindow).__reactRouterDataRouter;
  if (!manifest || !cache || !router) return;
  const { pathname } = new URL(to, window.location.origin);
  const matches = matchRoutes(router.routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const url = manifest.routes[route.id]?.module;
      if (!url || route.id in cache) return;
      const routeModule: unknown = await import(/* @vite-ignore */ url);
      cache[route.id] ??= routeModule;
    }),
  );
}

/**
 * `<HydratedRouter instrumentations>`: before each navigation to a site path, a new build
 * (when one is out) makes it a document load; otherwise the target's route modules are
 * imported ({@link preloadRouteModules}). When one fails, the page reloads under the 10 s
 * guard and the navigation never starts (React Router would otherwise reload again, however
 * recently it did).
 */
export const chunkLoadInstrumentation: ClientInstrumentation = {
  router(router) {
    router.instrument({
      async navigate(navigate, { to }) {
        if (typeof to === "string" && isSitePath(to) && browserWatcher?.updateAvailable) {
          // A new build is out: its page loads as a new document (its server applies the
          // route rules), instead of this build's modules.
          window.location.assign(to);
          await new Promise<never>(() => undefined);
        }
        if (typeof to === "string") {
          try {
            await preloadRouteModules(to);
          } catch (error) {
            reloadAfterChunkFailure(error);
            // Reloading, or refused by the guard: either way this navigation stops here.
            await new Promise<never>(() => undefined);
          }
        }
        await navigate();
      },
    });
  },
};

/** For error boundaries: a chunk-load error reloads the page (guarded) instead of staying. */
export function useReloadOnChunkError(error: unknown): void {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadAfterChunkFailure(error);
  }, [error]);
}
