/**
 * The offline status in the shell (issue 28 item 2): "Offline · 3 changes waiting", or only
 * the changes waiting while they are sent, or "Saved copy" on a page the service worker
 * answered from its cache (item 4). A polite live region, present from the start so that
 * screen readers hear each change; nothing shows while online with nothing waiting.
 */
import { CloudOff, RefreshCw } from "lucide-react";
import { useOfflineTranslation } from "../../lib/offline/messages.ts";

/** The status line; `savedAt` when the page is a saved copy. */
export function OfflineStatus(props: { online: boolean; waiting: number; savedAt: number | null }) {
  const { t, i18n } = useOfflineTranslation();
  const { online, waiting, savedAt } = props;
  const parts: string[] = [];
  if (!online) parts.push(t("offline:status.offline"));
  if (waiting > 0) parts.push(t("offline:status.waiting", { count: waiting }));
  if (savedAt !== null && !online) parts.push(t("offline:status.savedCopy"));
  const savedTime =
    savedAt === null
      ? ""
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
          savedAt,
        );
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="offline-status"
      className={
        parts.length === 0
          ? "sr-only"
          : "fixed bottom-4 left-4 z-40 flex max-w-[calc(100vw-2rem)] items-center gap-2 rounded-full bg-stone-900 px-4 py-2 text-sm font-medium text-white shadow-lg dark:bg-stone-100 dark:text-stone-900 print:hidden"
      }
    >
      {parts.length > 0 &&
        (online ? (
          <RefreshCw aria-hidden="true" className="size-4 shrink-0" />
        ) : (
          <CloudOff aria-hidden="true" className="size-4 shrink-0" />
        ))}
      {parts.length > 0 && (
        <span>
          {savedAt !== null && !online ? (
            <>
              <span aria-hidden="true">{parts.join(" · ")}</span>
              <span className="sr-only">
                {parts.slice(0, -1).join(" · ")}{" "}
                {t("offline:status.savedCopyAt", { time: savedTime })}
              </span>
            </>
          ) : (
            parts.join(" · ")
          )}
        </span>
      )}
    </div>
  );
}
