import type { ClientInstrumentation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RedirectRule } from "#shared/route-rules.ts";
import {
  buildAwarenessMiddleware,
  chunkLoadInstrumentation,
  navigationOverride,
  preloadRouteModules,
  startBuildAwareness,
} from "./build-awareness.ts";
import {
  BuildRequestError,
  fetchBuildMeta,
  fetchLatestBuild,
  parseBuildInfo,
  parseBuildMeta,
  type BuildFetch,
} from "./build-info.ts";
import {
  BUILD_POLL_INTERVAL_MS,
  createBuildWatcher,
  MANIFEST_FETCH_DELAY_MS,
  MIN_POLL_GAP_MS,
  type BuildWatcherDeps,
} from "./build-watcher.ts";
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  claimChunkReload,
  isChunkLoadError,
  reloadAfterChunkFailure,
} from "./chunk-reload.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A scripted server for the watcher: answers per URL prefix, records every URL asked. */
function fakeServer(answers: Record<string, () => Response>) {
  const urls: string[] = [];
  const fetch: BuildFetch = (url) => {
    urls.push(url);
    const key = Object.keys(answers).find((prefix) => url.startsWith(prefix));
    return Promise.resolve(key ? (answers[key] as () => Response)() : json({}, 404));
  };
  return { fetch, urls };
}

/** Deterministic timers and visibility for a watcher. */
function fakeEnvironment() {
  let now = 1_700_000_000_000;
  const timeouts: { at: number; task: () => void; cancelled: boolean }[] = [];
  const intervals: { every: number; task: () => void; cancelled: boolean }[] = [];
  const visibleListeners = new Set<() => void>();
  let visible = true;
  const errors: [string, unknown][] = [];
  const deps: Omit<BuildWatcherDeps, "buildId" | "fetch"> = {
    now: () => now,
    after: (ms, task) => {
      const entry = { at: now + ms, task, cancelled: false };
      timeouts.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
    every: (ms, task) => {
      const entry = { every: ms, task, cancelled: false };
      intervals.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
    isVisible: () => visible,
    onVisible: (listener) => {
      visibleListeners.add(listener);
      return () => visibleListeners.delete(listener);
    },
    logError: (message, error) => {
      errors.push([message, error]);
    },
  };
  return {
    deps,
    errors,
    /** Moves the clock, running due timeouts and each interval once per period passed. */
    advance(ms: number) {
      const end = now + ms;
      for (const entry of timeouts) if (!entry.cancelled && entry.at <= end) entry.task();
      for (const entry of intervals) {
        for (let t = entry.every; t <= ms; t += entry.every) if (!entry.cancelled) entry.task();
      }
      now = end;
    },
    setVisible(value: boolean) {
      visible = value;
      if (value) for (const listener of visibleListeners) listener();
    },
    active: () =>
      timeouts.filter((t) => !t.cancelled).length + intervals.filter((i) => !i.cancelled).length,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const META = {
  id: "build1",
  timestamp: 1,
  redirects: [{ from: "/old", to: "/new", status: 301 }],
};

describe("build descriptions", () => {
  it("parses latest.json and meta answers, refusing anything else", () => {
    expect(parseBuildInfo({ id: "a1", timestamp: 5, extra: true })).toEqual({
      id: "a1",
      timestamp: 5,
    });
    expect(parseBuildInfo({ id: "", timestamp: 5 })).toBeNull();
    expect(parseBuildInfo({ id: "a1", timestamp: "5" })).toBeNull();
    expect(parseBuildInfo(null)).toBeNull();
    expect(parseBuildMeta(META)).toEqual(META);
    expect(parseBuildMeta({ ...META, redirects: [{ from: "old", to: "/n", status: 301 }] })).toBe(
      null,
    );
    expect(parseBuildMeta({ ...META, redirects: [{ from: "/o", to: "/n", status: 200 }] })).toBe(
      null,
    );
    expect(parseBuildMeta({ id: "a", timestamp: 1 })).toBeNull();
  });

  it("asks for latest.json with a timestamp and meta by build id", async () => {
    const server = fakeServer({
      "/_app/builds/latest.json": () => json({ id: "b2", timestamp: 9 }),
      "/_app/builds/meta/build1.json": () => json(META),
    });
    expect(await fetchLatestBuild(server.fetch, 1234)).toEqual({ id: "b2", timestamp: 9 });
    expect(await fetchBuildMeta(server.fetch, "build1")).toEqual(META);
    expect(server.urls).toEqual([
      "/_app/builds/latest.json?t=1234",
      "/_app/builds/meta/build1.json",
    ]);
    const missing = fetchBuildMeta(server.fetch, "gone");
    await expect(missing).rejects.toBeInstanceOf(BuildRequestError);
    await expect(missing).rejects.toMatchObject({ status: 404 });
    const bad = fakeServer({ "/": () => new Response("<html>") });
    await expect(fetchLatestBuild(bad.fetch, 1)).rejects.toMatchObject({ status: 0 });
  });
});

describe("build watcher", () => {
  it("fetches the route rules about 1 s after start, once", async () => {
    const env = fakeEnvironment();
    const server = fakeServer({ "/_app/builds/meta/": () => json(META) });
    const watcher = createBuildWatcher({ ...env.deps, buildId: "build1", fetch: server.fetch });
    watcher.start();
    env.advance(MANIFEST_FETCH_DELAY_MS - 1);
    expect(server.urls).toEqual([]);
    env.advance(1);
    await flush();
    expect(server.urls).toEqual(["/_app/builds/meta/build1.json"]);
    expect(await watcher.routeRules()).toEqual(META.redirects);
    expect(server.urls).toHaveLength(1);
  });

  it("fetches the rules at once when a navigation needs them first", async () => {
    const env = fakeEnvironment();
    const server = fakeServer({ "/_app/builds/meta/": () => json(META) });
    const watcher = createBuildWatcher({ ...env.deps, buildId: "build1", fetch: server.fetch });
    watcher.start();
    expect(await watcher.routeRules()).toEqual(META.redirects);
    env.advance(MANIFEST_FETCH_DELAY_MS);
    await flush();
    expect(server.urls).toEqual(["/_app/builds/meta/build1.json"]);
  });

  it("only logs a failed rules fetch, and checks for a new build when its id is unknown", async () => {
    const env = fakeEnvironment();
    const server = fakeServer({
      "/_app/builds/latest.json": () => json({ id: "build2", timestamp: 2 }),
    });
    const watcher = createBuildWatcher({ ...env.deps, buildId: "build1", fetch: server.fetch });
    expect(await watcher.routeRules()).toEqual([]);
    expect(env.errors).toHaveLength(1);
    expect(env.errors[0]?.[0]).toBe("Failed to load the route rules of this build");
    await flush();
    expect(watcher.updateAvailable).toBe(true);
  });

  it("polls every minute while visible, and when the tab becomes visible", async () => {
    const env = fakeEnvironment();
    let latest = "build1";
    const server = fakeServer({
      "/_app/builds/latest.json": () => json({ id: latest, timestamp: 1 }),
      "/_app/builds/meta/": () => json(META),
    });
    const polls = () => server.urls.filter((u) => u.startsWith("/_app/builds/latest.json"));
    const watcher = createBuildWatcher({ ...env.deps, buildId: "build1", fetch: server.fetch });
    watcher.start();
    env.advance(BUILD_POLL_INTERVAL_MS);
    await flush();
    expect(polls()).toHaveLength(1);
    expect(polls()[0]).toMatch(/^\/_app\/builds\/latest\.json\?t=\d+$/);
    expect(watcher.updateAvailable).toBe(false);

    env.setVisible(false);
    env.advance(BUILD_POLL_INTERVAL_MS);
    await flush();
    expect(polls()).toHaveLength(1);

    env.advance(MIN_POLL_GAP_MS);
    env.setVisible(true);
    await flush();
    expect(polls()).toHaveLength(2);
    env.setVisible(true);
    await flush();
    expect(polls()).toHaveLength(2);

    latest = "build2";
    env.advance(BUILD_POLL_INTERVAL_MS);
    await flush();
    expect(watcher.updateAvailable).toBe(true);
    expect(env.active()).toBe(0);
    expect(await watcher.checkForUpdate()).toBe(true);
    expect(polls()).toHaveLength(3);
  });

  it("keeps quiet when a poll fails, and does nothing without a build id", async () => {
    const env = fakeEnvironment();
    const server = fakeServer({ "/_app/builds/latest.json": () => json({}, 503) });
    const watcher = createBuildWatcher({ ...env.deps, buildId: "build1", fetch: server.fetch });
    expect(await watcher.checkForUpdate()).toBe(false);
    expect(env.errors).toEqual([]);
    const idle = createBuildWatcher({ ...env.deps, buildId: undefined, fetch: server.fetch });
    idle.start();
    expect(await idle.routeRules()).toEqual([]);
    expect(await idle.checkForUpdate()).toBe(false);
    expect(server.urls).toHaveLength(1);
  });
});

describe("navigationOverride", () => {
  const rules: RedirectRule[] = [
    { from: "/old", to: "/new", status: 301 },
    { from: "/away", to: "https://elsewhere.example/page", status: 307 },
    { from: "/bad", to: "javascript:alert(1)", status: 307 },
  ];
  const url = (path: string) => new URL(path, "https://cahier.example");

  it("follows redirect rules, to other origins too", () => {
    expect(navigationOverride(url("/old?x=1"), rules, false)).toEqual({
      kind: "redirect",
      location: "/new?x=1",
    });
    expect(navigationOverride(url("/away"), rules, false)).toEqual({
      kind: "redirect",
      location: "https://elsewhere.example/page",
    });
    expect(navigationOverride(url("/blog"), rules, false)).toBeNull();
  });

  it("refuses a rule with a disallowed protocol", () => {
    expect(() => navigationOverride(url("/bad"), rules, false)).toThrow(/disallowed protocol/);
  });

  it("loads the target as a new document once a new build is out", () => {
    expect(navigationOverride(url("/blog?page=2"), rules, true)).toEqual({
      kind: "document",
      location: "/blog?page=2",
    });
    expect(navigationOverride(url("/old"), rules, true)).toEqual({
      kind: "document",
      location: "/new",
    });
  });
});

describe("chunk failure reloads", () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      items,
    };
  }

  it("reloads a path at most once within 10 s", () => {
    const storage = memoryStorage();
    const t0 = 1_000_000;
    expect(claimChunkReload("/blog", t0, storage)).toBe(true);
    expect(claimChunkReload("/blog", t0 + 1, storage)).toBe(false);
    expect(claimChunkReload("/team", t0 + 2, storage)).toBe(true);
    expect(claimChunkReload("/blog", t0 + CHUNK_RELOAD_GUARD_MS - 1, storage)).toBe(false);
    expect(claimChunkReload("/blog", t0 + CHUNK_RELOAD_GUARD_MS, storage)).toBe(true);
    expect(JSON.parse(storage.items.get(CHUNK_RELOAD_STORAGE_KEY) ?? "")).toEqual({
      "/team": t0 + 2,
      "/blog": t0 + CHUNK_RELOAD_GUARD_MS,
    });
    // Old records are dropped as new ones are written.
    expect(claimChunkReload("/", t0 + 3 * CHUNK_RELOAD_GUARD_MS, storage)).toBe(true);
    expect(JSON.parse(storage.items.get(CHUNK_RELOAD_STORAGE_KEY) ?? "")).toEqual({
      "/": t0 + 3 * CHUNK_RELOAD_GUARD_MS,
    });
  });

  it("never reloads without storage, and survives garbage in it", () => {
    expect(claimChunkReload("/", 1, null)).toBe(false);
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, "{not json");
    expect(claimChunkReload("/", 1, storage)).toBe(true);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(claimChunkReload("/", 1, full)).toBe(false);
  });

  it("recognises chunk load errors of the browsers", () => {
    for (const message of [
      "Failed to fetch dynamically imported module: https://cahier.example/assets/blog-abc.js",
      "error loading dynamically imported module: https://cahier.example/assets/x.js",
      "Importing a module script failed.",
      "Unable to preload CSS for /assets/root.css",
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
    expect(isChunkLoadError(new Error("Something else"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});

describe("in a tab", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const moduleUrl = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`;

  function stubTab(path: string) {
    const items = new Map<string, string>();
    const reload = vi.fn();
    const assign = vi.fn();
    const router = {
      state: { navigation: { state: "idle" } as { state: string; location?: unknown } },
      routes: [
        {
          id: "root",
          path: "",
          children: [
            { id: "routes/team", path: "team" },
            { id: "routes/blog", path: "blog" },
            { id: "routes/broken", path: "broken" },
          ],
        },
      ],
    };
    const routeModules: Record<string, unknown> = { root: { default: "root" } };
    vi.stubGlobal("window", {
      location: { pathname: path, search: "", origin: "https://cahier.example", reload, assign },
      sessionStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
      },
      setTimeout: () => 0,
      clearTimeout: () => undefined,
      setInterval: () => 0,
      clearInterval: () => undefined,
      __reactRouterManifest: {
        version: "build1",
        routes: {
          root: { module: moduleUrl("export default 'root';") },
          "routes/team": { module: moduleUrl("export default 'team';") },
          "routes/blog": { module: moduleUrl("export default 'blog';") },
          "routes/broken": { module: "file:///nowhere/broken-route-chunk.js" },
        },
      },
      __reactRouterDataRouter: router,
      __reactRouterRouteModules: routeModules,
    });
    vi.stubGlobal("document", {
      visibilityState: "visible",
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
    return { reload, assign, router, routeModules };
  }

  type RouterInstrument = Parameters<NonNullable<ClientInstrumentation["router"]>>[0];
  type NavigateInstrumentation = NonNullable<
    Parameters<RouterInstrument["instrument"]>[0]["navigate"]
  >;

  /** The `navigate` wrapper an instrumentation installs. */
  function instrumentedNavigate(instrumentation: ClientInstrumentation): NavigateInstrumentation {
    let navigate: NavigateInstrumentation | undefined;
    instrumentation.router?.({
      instrument(instrumentations) {
        navigate = instrumentations.navigate;
      },
    });
    if (!navigate) throw new Error("no navigate instrumentation");
    return navigate;
  }

  /** React Router's own navigation, as the instrumentation sees it. */
  const routerNavigation = () =>
    vi.fn(() => Promise.resolve({ status: "success" as const, error: undefined, meta: undefined }));

  it("imports a navigation's route modules into React Router's cache first", async () => {
    const { routeModules } = stubTab("/");
    await preloadRouteModules("/team?x=1");
    const defaultExport = (id: string) => (routeModules[id] as { default?: unknown }).default;
    expect(defaultExport("routes/team")).toBe("team");
    expect(routeModules["root"]).toEqual({ default: "root" });
    expect(routeModules["routes/blog"]).toBeUndefined();
    await preloadRouteModules("blog");
    await preloadRouteModules("//elsewhere.example/blog");
    expect(routeModules["routes/blog"]).toBeUndefined();
    await expect(preloadRouteModules("/broken")).rejects.toThrow();

    const navigate = instrumentedNavigate(chunkLoadInstrumentation);
    const handler = routerNavigation();
    await navigate(handler, { to: "/blog", currentUrl: "/" });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(defaultExport("routes/blog")).toBe("blog");
    await navigate(handler, { to: -1, currentUrl: "/" });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it("stops a navigation whose route module fails, reloading under the guard", async () => {
    const { reload } = stubTab("/blog");
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.resetModules();
    const fresh = await import("./build-awareness.ts");
    const navigate = instrumentedNavigate(fresh.chunkLoadInstrumentation);
    const handler = routerNavigation();
    let settled = false;
    void navigate(handler, { to: "/broken", currentUrl: "/blog" }).finally(() => {
      settled = true;
    });
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });
    await flush();
    expect(handler).not.toHaveBeenCalled();
    expect(settled).toBe(false);
  });

  it("follows rules and new builds on navigations only", async () => {
    const { router, assign } = stubTab("/");
    let latest = "build1";
    vi.stubGlobal(
      "fetch",
      vi.fn((url: string) =>
        Promise.resolve(
          url.startsWith("/_app/builds/meta/") ? json(META) : json({ id: latest, timestamp: 2 }),
        ),
      ),
    );
    const watcher = startBuildAwareness();
    expect(startBuildAwareness()).toBe(watcher);
    const navigate = async (path: string, navigating = true) => {
      router.state.navigation = navigating
        ? { state: "loading", location: { pathname: path.split("?")[0], search: "" } }
        : { state: "idle" };
      try {
        await buildAwarenessMiddleware({ request: new Request(`https://cahier.example${path}`) });
        return null;
      } catch (thrown) {
        const response = thrown as Response;
        return {
          status: response.status,
          location: response.headers.get("Location"),
          document: response.headers.has("X-Remix-Reload-Document"),
        };
      }
    };

    expect(await navigate("/blog")).toBeNull();
    expect(await navigate("/old")).toEqual({ status: 302, location: "/new", document: false });
    // A fetcher load or a revalidation of /old is not a navigation.
    expect(await navigate("/old", false)).toBeNull();

    latest = "build2";
    expect(await watcher.checkForUpdate()).toBe(true);
    expect(await navigate("/team")).toEqual({ status: 302, location: "/team", document: true });
    expect(await navigate("/team", false)).toBeNull();

    // Links and navigate() calls to site paths load the new build's page directly.
    const handler = routerNavigation();
    void instrumentedNavigate(chunkLoadInstrumentation)(handler, {
      to: "/blog#top",
      currentUrl: "/",
    });
    await flush();
    expect(assign).toHaveBeenCalledWith("/blog#top");
    expect(handler).not.toHaveBeenCalled();
  });

  it("reloads once per path within 10 s after a chunk failure", async () => {
    const { reload } = stubTab("/blog");
    const error = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(reloadAfterChunkFailure(error)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(logged).not.toHaveBeenCalled();
    // The reloaded page (a fresh module, the same session storage) fails again at once.
    vi.resetModules();
    const reloaded = await import("./chunk-reload.ts");
    expect(reloaded.reloadAfterChunkFailure(error)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(
      "A page chunk failed to load again; not reloading /blog twice within 10 s",
      error,
    );
  });
});
