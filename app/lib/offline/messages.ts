/**
 * The offline mode's messages (`offline:` keys, issue 28), kept out of the catalogs every
 * page loads: the code of signed-in accounts that uses them adds them to the language's
 * instance, so guests' reading pages stay as light as before (tests/budgets).
 */
import type { i18n, TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import en from "#shared/i18n/catalogs/en/offline.ts";
import fr from "#shared/i18n/catalogs/fr/offline.ts";
import { APP_NAMESPACES, useAppTranslation } from "../i18n/i18n.ts";

const NAMESPACES = [...APP_NAMESPACES, "offline"] as const;

/** Adds the `offline:` messages to an instance (once). */
export function addOfflineMessages(instance: i18n): void {
  const language = instance.language;
  if (!instance.hasResourceBundle(language, "offline"))
    instance.addResourceBundle(language, "offline", language === "fr" ? fr : en);
}

/** The app's translation function, with the `offline:` messages added. */
export function useOfflineTranslation(): { t: TFunction<typeof NAMESPACES>; i18n: i18n } {
  // Added before asking for them: a namespace missing would suspend the component.
  addOfflineMessages(useAppTranslation().i18n);
  return useTranslation(NAMESPACES);
}
