/**
 * Prefetch on intent, for every internal link at once (ADR 050): when a pointer rests on a
 * link (a short delay, so a pointer crossing the page prefetches nothing), a link takes the
 * focus or a finger touches it, the next page's code and data are fetched with React Router's
 * `PrefetchPageLinks` (what `<Link prefetch="intent">` renders), so following it is instant.
 * One listener on the document covers every `<Link>` (they carry `data-discover`), without
 * each link asking; plain anchors (a Markdown text's links, downloads) load documents and are
 * left alone, and so is a link marked `data-prefetch="none"`.
 *
 * The page's route modules are imported first, here: React Router reloads the document when a
 * prefetch cannot load one, which would bypass the chunk-failure guard (`chunk-reload.ts`) and
 * reload a page under a pointer that only passed by. When one fails, nothing is prefetched and
 * a click goes through the guarded navigation.
 */
import { useEffect, useState } from "react";
import { matchRoutes, PrefetchPageLinks, type RouteObject } from "react-router";

/** How long a pointer rests on a link before its page is prefetched, in milliseconds. */
export const INTENT_DELAY_MS = 100;

/** The path and query an event's link leads to, when it is a client-side link to another page. */
export function intentTarget(target: EventTarget | null, here: Location): string | null {
  if (!(target instanceof Element)) return null;
  const anchor = target.closest("a[data-discover]");
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.hasAttribute("download") || anchor.dataset.prefetch === "none") return null;
  if (anchor.target && anchor.target !== "_self") return null;
  if (anchor.origin !== here.origin) return null;
  const page = `${anchor.pathname}${anchor.search}`;
  return page === `${here.pathname}${here.search}` ? null : page;
}

/** A route of React Router's browser manifest (`window.__reactRouterManifest`). */
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
}

/** The route modules a path needs, from the routes discovered so far (none when unknown). */
export function routeModulesOf(
  routes: Readonly<Record<string, ManifestRoute | undefined>>,
  pathname: string,
): string[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true }
        : { id: route.id, path: route.path, children: tree(route.id) },
    );
  const matches = matchRoutes(tree(undefined), pathname) ?? [];
  return matches.flatMap((match) => {
    const module = match.route.id ? routes[match.route.id]?.module : undefined;
    return module ? [module] : [];
  });
}

/** Imports the route modules of `page`; whether they all loaded. */
async function loadRouteModules(page: string): Promise<boolean> {
  const manifest = (
    window as { __reactRouterManifest?: { routes?: Record<string, ManifestRoute> } }
  ).__reactRouterManifest;
  const modules = routeModulesOf(
    manifest?.routes ?? {},
    new URL(page, window.location.href).pathname,
  );
  if (modules.length === 0) return false;
  try {
    await Promise.all(modules.map((module) => import(/* @vite-ignore */ module)));
    return true;
  } catch {
    return false;
  }
}

/** Renders the prefetch links of the page the visitor shows an intent to open. */
export function IntentPrefetch() {
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const prefetch = (next: string) => {
      void loadRouteModules(next).then((loaded) => {
        if (loaded) setPage(next);
      });
    };
    const now = (event: Event) => {
      const next = intentTarget(event.target, window.location);
      if (next) prefetch(next);
    };
    const later = (event: Event) => {
      clearTimeout(timer);
      const next = intentTarget(event.target, window.location);
      if (!next) return;
      timer = setTimeout(() => {
        prefetch(next);
      }, INTENT_DELAY_MS);
    };
    const cancel = (event: MouseEvent) => {
      if (intentTarget(event.target, window.location)) clearTimeout(timer);
    };
    document.addEventListener("mouseover", later, { passive: true });
    document.addEventListener("mouseout", cancel, { passive: true });
    document.addEventListener("focusin", now);
    document.addEventListener("touchstart", now, { passive: true });
    return () => {
      clearTimeout(timer);
      document.removeEventListener("mouseover", later);
      document.removeEventListener("mouseout", cancel);
      document.removeEventListener("focusin", now);
      document.removeEventListener("touchstart", now);
    };
  }, []);
  return page ? <PrefetchPageLinks page={page} /> : null;
}
