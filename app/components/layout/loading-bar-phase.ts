/**
 * The loading bar's states (spec §2, §9): a navigation shows the bar only once it has lasted
 * 200 ms; when it ends the bar fills, fades, then resets.
 */

/** Delay before the bar shows, so fast navigations never flash it (spec §9). */
export const LOADING_BAR_THROTTLE_MS = 200;

/** How long the filled bar takes to fade out once the navigation ends. */
export const LOADING_BAR_FINISH_MS = 250;

/**
 * `idle`: nothing shown; `waiting`: a navigation runs, under the throttle; `loading`: the bar
 * grows; `finishing`: the bar is full and fades.
 */
export type LoadingBarPhase = "idle" | "waiting" | "loading" | "finishing";

/** What happens to the bar: a navigation starts or ends, or one of its timers fires. */
export type LoadingBarEvent = "start" | "throttle-elapsed" | "end" | "finish-elapsed";

/** The phase after an event. */
export function nextLoadingBarPhase(
  phase: LoadingBarPhase,
  event: LoadingBarEvent,
): LoadingBarPhase {
  switch (event) {
    case "start":
      // A new navigation while the bar fades keeps it on screen.
      return phase === "loading" || phase === "finishing" ? "loading" : "waiting";
    case "throttle-elapsed":
      return phase === "waiting" ? "loading" : phase;
    case "end":
      if (phase === "loading") return "finishing";
      return phase === "waiting" ? "idle" : phase;
    case "finish-elapsed":
      return phase === "finishing" ? "idle" : phase;
  }
}
