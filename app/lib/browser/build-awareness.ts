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
 * which the server publishes as the id of `latest.json`. The parts: `build-info.ts` (the
 * published descriptions), `build-watcher.ts` (rules and polling), `chunk-reload.ts` (the
 * guarded reload); this module wires them into the browser and React Router.
 */
import {
  matchRoutes,
  redirect,
  redirectDocument,
  type ClientInstrumentation,
  type DataRouteObject,
} from "react-router";
import { findRedirect, redirectLocation, type RedirectRule } from "#shared/route-rules.ts";
import { createBuildWatcher, type BuildWatcher } from "./build-watcher.ts";
import { reloadAfterChunkFailure } from "./chunk-reload.ts";
import { fetchWithRetry } from "./fetch-retry.ts";
import { resolveNavigationTarget } from "./navigation.ts";

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

/** What React Router's framework mode keeps on `window` (its manifest, modules and router). */
interface FrameworkWindow {
  __reactRouterManifest?: { routes: Record<string, { module?: string } | undefined> };
  __reactRouterRouteModules?: Record<string, unknown>;
  __reactRouterDataRouter?: { routes: DataRouteObject[] };
}

let documentGate: (() => Promise<boolean>) | undefined;

/**
 * Sets what else makes a navigation load a new document: the service worker of signed-in
 * accounts (ADR 072) when offline (it answers documents) or when a new build's worker waits
 * to take over. Set by the offline mode's own chunk, which guests never load.
 */
export function setDocumentGate(gate: (() => Promise<boolean>) | undefined): void {
  documentGate = gate;
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
        if (
          typeof to === "string" &&
          isSitePath(to) &&
          (browserWatcher?.updateAvailable || (await documentGate?.()))
        ) {
          // A new build is out: its page loads as a new document (its server applies the
          // route rules), instead of this build's modules; under a new build's service
          // worker once it took over (ADR 072). Offline, the worker answers the document.
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
