/**
 * A thin bar at the top of the window while a navigation loads (spec §2): it appears only
 * once a navigation has lasted 200 ms, grows while the page loads, then fills and fades.
 * While shown it is an indeterminate progress bar named "Loading page…"; otherwise it is
 * hidden from assistive technology.
 */
import { useEffect, useReducer } from "react";
import { useNavigation } from "react-router";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import {
  LOADING_BAR_FINISH_MS,
  LOADING_BAR_THROTTLE_MS,
  nextLoadingBarPhase,
  type LoadingBarPhase,
} from "./loading-bar-phase.ts";

export { LOADING_BAR_THROTTLE_MS } from "./loading-bar-phase.ts";

const BAR_CLASSES: Record<LoadingBarPhase, string> = {
  idle: "scale-x-0 opacity-0 duration-0",
  waiting: "scale-x-0 opacity-0 duration-0",
  // Slow growth towards 80 %: the bar never claims to be done before it is.
  loading: "scale-x-80 opacity-100 duration-[4000ms] ease-out",
  finishing: "scale-x-100 opacity-0 duration-[250ms] ease-in",
};

/** The navigation loading bar. */
export function LoadingBar() {
  const { t } = useAppTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [phase, dispatch] = useReducer(nextLoadingBarPhase, "idle");

  useEffect(() => {
    if (!busy) {
      dispatch("end");
      return;
    }
    dispatch("start");
    const timer = setTimeout(() => {
      dispatch("throttle-elapsed");
    }, LOADING_BAR_THROTTLE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [busy]);

  useEffect(() => {
    if (phase !== "finishing") return;
    const timer = setTimeout(() => {
      dispatch("finish-elapsed");
    }, LOADING_BAR_FINISH_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [phase]);

  const shown = phase === "loading";
  return (
    <div
      role={shown ? "progressbar" : undefined}
      aria-label={shown ? t("shell:navigation.loading") : undefined}
      aria-hidden={shown ? undefined : true}
      data-testid="loading-bar"
      data-state={phase}
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 origin-left bg-amber-600 transition-[scale,opacity] motion-reduce:transition-none ${BAR_CLASSES[phase]}`}
    />
  );
}
