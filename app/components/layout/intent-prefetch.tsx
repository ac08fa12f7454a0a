/**
 * Prefetch on intent, for every internal link at once (ADR 050): when a pointer rests on a
 * link (a short delay, so a pointer crossing the page prefetches nothing), a link takes the
 * focus or a finger touches it, the next page's code and data are fetched with React Router's
 * `PrefetchPageLinks` (what `<Link prefetch="intent">` renders), so following it is instant.
 * One listener on the document covers every `<Link>` (they carry `data-discover`), without
 * each link asking; plain anchors (a Markdown text's links, downloads) load documents and are
 * left alone, and so is a link marked `data-prefetch="none"`.
 */
import { useEffect, useState } from "react";
import { PrefetchPageLinks } from "react-router";

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

/** Renders the prefetch links of the page the visitor shows an intent to open. */
export function IntentPrefetch() {
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const now = (event: Event) => {
      const next = intentTarget(event.target, window.location);
      if (next) setPage(next);
    };
    const later = (event: Event) => {
      clearTimeout(timer);
      const next = intentTarget(event.target, window.location);
      if (!next) return;
      timer = setTimeout(() => {
        setPage(next);
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
