/**
 * Tells screen-reader users that a client-side navigation finished: the new page's title is
 * announced from a polite live region, and when the focused element left with the old page,
 * focus moves to the main landmark (so the next Tab starts in the new page).
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The id of the main landmark that receives focus after a navigation. */
export const MAIN_ID = "main";

/** A visually hidden live region announcing each new page. */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const region = useRef<HTMLParagraphElement>(null);
  const first = useRef(true);

  useEffect(() => {
    // The first page is announced by the browser itself.
    if (first.current) {
      first.current = false;
      return;
    }
    if (region.current) region.current.textContent = document.title;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) {
      document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    }
  }, [pathname]);

  return (
    <p
      ref={region}
      aria-live="polite"
      aria-atomic="true"
      className="sr-only"
      data-testid="route-announcer"
    />
  );
}
