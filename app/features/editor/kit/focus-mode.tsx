/**
 * Focus mode for the editors (issue 25): only the title, the text and the save bar stay on
 * the screen; the site's header and footer, the page's heading and the record's other fields
 * (marked `data-focus-hide`) step aside (`html[data-focus]`, `app/app.css`). A toggle button
 * (its state said by `aria-pressed`), Ctrl/Cmd+Shift+F, and Escape to leave; leaving the
 * editor, or a save that fails (its message may point at a hidden field), ends it too.
 */
import { useCallback, useEffect, useState } from "react";
import { Maximize2, Minimize2 } from "lucide-react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";

/** The attribute of `<html>` that turns focus mode on. */
export const FOCUS_ATTRIBUTE = "data-focus";

/** Whether `event` is the focus mode shortcut (Ctrl/Cmd+Shift+F). */
export function isFocusShortcut(
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    event.shiftKey &&
    !event.altKey &&
    event.key.toLowerCase() === "f"
  );
}

/** Focus mode's state; it ends when `failed` becomes true and when the editor goes away. */
export function useFocusMode(failed: boolean): { on: boolean; toggle: () => void } {
  const [on, setOn] = useState(false);
  const toggle = useCallback(() => {
    setOn((was) => !was);
  }, []);
  const [lastFailed, setLastFailed] = useState(failed);
  if (failed !== lastFailed) {
    setLastFailed(failed);
    if (failed) setOn(false);
  }
  useEffect(() => {
    const root = document.documentElement;
    if (on) root.setAttribute(FOCUS_ATTRIBUTE, "");
    else root.removeAttribute(FOCUS_ATTRIBUTE);
    return () => {
      root.removeAttribute(FOCUS_ATTRIBUTE);
    };
  }, [on]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isFocusShortcut(event)) {
        event.preventDefault();
        toggle();
      } else if (event.key === "Escape" && on && !document.querySelector("dialog[open]")) {
        setOn(false);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [on, toggle]);
  return { on, toggle };
}

/** The focus mode toggle. */
export function FocusModeButton({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  const { t } = useAppTranslation();
  const Icon = on ? Minimize2 : Maximize2;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-keyshortcuts="Control+Shift+F Meta+Shift+F"
      onClick={onToggle}
      className="inline-flex items-center gap-2 rounded border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-900 hover:bg-stone-100"
    >
      <Icon aria-hidden size={16} />
      {t("editor:focus.toggle")}
    </button>
  );
}
