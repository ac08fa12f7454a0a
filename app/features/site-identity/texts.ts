/**
 * The messages of the site's identity forms (ADR 069), in the interface's language. Only
 * superusers see these forms, so their catalogs (`shared/i18n/catalogs/{en,fr}/site-identity.ts`)
 * travel in the admin page's chunk, never in the catalog every reader downloads (the page
 * budgets of `tests/budgets/pages.json`).
 */
import en from "#shared/i18n/catalogs/en/site-identity.ts";
import fr from "#shared/i18n/catalogs/fr/site-identity.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** The messages, by language. */
export const SITE_IDENTITY_TEXTS = { en, fr } as const;

/** The shape of the messages. */
export type SiteIdentityTexts = typeof en;

/** `message` with its `{{name}}` placeholders filled. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The messages in the interface's language, and that language. */
export function useSiteIdentityTexts(): { C: SiteIdentityTexts; locale: string } {
  const { i18n } = useAppTranslation();
  const locale = i18n.language === "fr" ? "fr" : "en";
  return { C: SITE_IDENTITY_TEXTS[locale], locale };
}
