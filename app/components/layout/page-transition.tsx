/**
 * The page transition (spec §9: "out-in", 100 ms): when a navigation to another page starts,
 * the page shown fades out; the new page then fades in. The new page is keyed by its path,
 * so it enters with `@starting-style` (opacity 0) and its transition. With
 * `prefers-reduced-motion`, pages swap without fading and the old one stays visible.
 */
import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";

/** Duration of each half of the transition (spec §9). */
export const PAGE_TRANSITION_MS = 100;

/** Whether a navigation is taking the visitor to another page (not another query of this one). */
export function isLeavingPage(
  navigation: { state: string; location?: { pathname: string } },
  pathname: string,
): boolean {
  return navigation.state === "loading" && navigation.location?.pathname !== pathname;
}

/** Wraps the page content. */
export function PageTransition({ children }: { children: ReactNode }) {
  const location = useLocation();
  const leaving = isLeavingPage(useNavigation(), location.pathname);
  return (
    <div
      key={location.pathname}
      data-page-transition={leaving ? "out" : "in"}
      aria-busy={leaving || undefined}
      className={`transition-opacity duration-100 starting:opacity-0 motion-reduce:transition-none motion-reduce:opacity-100 ${
        leaving ? "opacity-0 ease-in" : "opacity-100 ease-out"
      }`}
    >
      {children}
    </div>
  );
}
