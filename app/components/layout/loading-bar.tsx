/** A thin bar at the top of the window while a navigation loads (shown after 200 ms). */
import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Delay before the bar shows, so fast navigations never flash it (spec §9). */
export const LOADING_BAR_THROTTLE_MS = 200;

/** The navigation loading bar. */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  if (!busy && visible) setVisible(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => {
      setVisible(true);
    }, LOADING_BAR_THROTTLE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [busy]);
  return (
    <div
      aria-hidden="true"
      data-testid="loading-bar"
      className={`fixed inset-x-0 top-0 z-50 h-1 origin-left bg-amber-600 transition-transform duration-500 ${
        visible ? "scale-x-75" : "scale-x-0"
      }`}
    />
  );
}
