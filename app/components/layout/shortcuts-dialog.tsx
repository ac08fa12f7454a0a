/**
 * The list of keyboard shortcuts (`?`, issue 25) in a native modal `<dialog>`: the browser
 * keeps the focus inside it, Escape or "Close" closes it and the focus returns where it was.
 * Keys are named for the person's system (⌘ on Apple devices, Ctrl elsewhere).
 */
import { useEffect, useId, useRef } from "react";
import { buttonClass } from "../ui/button-link.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** The shortcuts, by group: each one's keys and the catalog key of what it does. */
const GROUPS = [
  {
    heading: "shell:shortcuts.general",
    keys: [
      { keys: ["/"], does: "shell:shortcuts.search" },
      { keys: ["?"], does: "shell:shortcuts.list" },
      { keys: ["Esc"], does: "shell:shortcuts.close" },
    ],
  },
  {
    heading: "shell:shortcuts.editor",
    keys: [
      { keys: ["Mod", "S"], does: "shell:shortcuts.save" },
      { keys: ["Mod", "B"], does: "shell:shortcuts.bold" },
      { keys: ["Mod", "I"], does: "shell:shortcuts.italic" },
      { keys: ["Mod", "K"], does: "shell:shortcuts.link" },
      { keys: ["Mod", "Shift", "F"], does: "shell:shortcuts.focus" },
      { keys: ["Enter", "Enter"], does: "shell:shortcuts.leaveList" },
    ],
  },
] as const;

/** Whether the person's system names the command key ⌘. */
function isApple(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** The dialog; `onClose` once it closed. */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useAppTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const mod = isApple() ? "⌘" : "Ctrl";
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded border border-stone-300 bg-white p-6 text-stone-900 shadow-lg backdrop:bg-stone-900/50"
    >
      <h2 id={headingId} className="font-serif text-2xl font-semibold">
        {t("shell:shortcuts.heading")}
      </h2>
      {GROUPS.map((group) => (
        <section key={group.heading} className="mt-4">
          <h3 className="text-sm font-semibold tracking-wide text-stone-700 uppercase">
            {t(group.heading)}
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            {group.keys.map((shortcut) => (
              <div key={shortcut.does} className="contents">
                <dt className="flex gap-1 whitespace-nowrap">
                  {shortcut.keys.map((key, index) => (
                    <kbd
                      // The same key may come twice (Enter, Enter).
                      key={`${key}-${String(index)}`}
                      className="rounded border border-stone-300 bg-stone-100 px-1.5 py-0.5 font-mono text-sm"
                    >
                      {key === "Mod" ? mod : key === "Shift" ? t("shell:shortcuts.shift") : key}
                    </kbd>
                  ))}
                </dt>
                <dd>{t(shortcut.does)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <form method="dialog" className="mt-6 flex justify-end">
        <button type="submit" className={buttonClass.secondary}>
          {t("shell:shortcuts.closeButton")}
        </button>
      </form>
    </dialog>
  );
}
