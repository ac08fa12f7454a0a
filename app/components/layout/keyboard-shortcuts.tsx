/**
 * `?` opens the list of keyboard shortcuts (issue 25), from any page once it runs its
 * script, unless the person is typing. The list itself (`shortcuts-dialog.tsx`) loads when
 * first asked for: pages carry only this listener.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { typingIn } from "../../lib/document/typing-in.ts";

const ShortcutsDialog = lazy(() => import("./shortcuts-dialog.tsx"));

/** Listens for `?` and shows the shortcuts dialog. */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "?" || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      if (document.querySelector("dialog[open]")) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog
        onClose={() => {
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
