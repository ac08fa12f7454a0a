/**
 * "Share" at the end of a post readers can see (issue 25): copy its address (a notification
 * says it was copied), the device's own share sheet where the browser has one (phones mostly;
 * shown once the page knows, after hydration), and an email link that works without any
 * script. A guest's click before hydration is held and replayed (ADR 050).
 */
import { useSyncExternalStore } from "react";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { useCopyLink } from "../../components/ui/use-copy-link.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** The browser's share support never changes: nothing to subscribe to. */
const subscribeNever = () => () => undefined;

/** The share actions of the page at `url`, titled `title`. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  // False on the server and while hydrating, then what the browser offers (it never changes).
  const canShare = useSyncExternalStore(
    subscribeNever,
    () => typeof navigator.share === "function",
    () => false,
  );

  const copyLink = useCopyLink();

  async function share() {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is no failure.
      if ((error as { name?: string }).name !== "AbortError")
        notify.error(t("listings:share.shareFailed"));
    }
  }

  const mail = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`;
  return (
    <section aria-labelledby="share-heading" className="mt-8 print:hidden">
      <h2
        id="share-heading"
        className="text-sm font-semibold tracking-wide text-stone-600 uppercase"
      >
        {t("listings:share.heading")}
      </h2>
      <div className="mt-2 flex flex-wrap gap-3">
        <button type="button" className={buttonClass.secondary} onClick={() => void copyLink(url)}>
          {t("listings:share.copy")}
        </button>
        {canShare && (
          <button type="button" className={buttonClass.secondary} onClick={() => void share()}>
            {t("listings:share.share")}
          </button>
        )}
        <a href={mail} className={buttonClass.secondary}>
          {t("listings:share.email")}
        </a>
      </div>
    </section>
  );
}
