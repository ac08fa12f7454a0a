/**
 * Copies an address to the clipboard and says so in a notification (or, when the browser
 * refuses, shows the address to copy by hand): the share block of a post and a draft's
 * preview link use it.
 */
import { useNotify } from "../notifications/notifications.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** A function that copies `url` and reports the outcome. */
export function useCopyLink(): (url: string) => Promise<void> {
  const { t } = useAppTranslation();
  const notify = useNotify();
  return async (url) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t("listings:share.copied"));
    } catch {
      notify.error(t("listings:share.copyFailed", { url }));
    }
  };
}
