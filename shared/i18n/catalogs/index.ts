/** Catalog loading: each language's messages are a separate module, imported on demand. */
import type { CatalogShape } from "../catalog-shape.ts";
import type { Locale } from "../locales.ts";
import type en from "./en/index.ts";

/** All namespaces of one language, shaped like the English source of truth. */
export type Catalog = CatalogShape<typeof en>;

/** Namespaces of the catalogs. */
export const NAMESPACES = [
  "common",
  "auth",
  "errors",
  "pages",
  "records",
  "content",
  "shell",
  "listings",
  "oauth2",
  "editor",
  "profile",
  "feeds",
  "account",
  "adminSystem",
  "admin",
  "live",
  "writing",
  "data",
  "security",
  "autosave",
  "devices",
  "search",
  "remember",
  "passkeys",
  "comments",
  "fediverse",
  "subscriptions",
] as const;

/**
 * Namespaces kept out of the catalogs: loaded with the code that uses them (the offline mode
 * of signed-in accounts, `app/lib/offline/messages.ts`, ADR 072), so no guest page loads them.
 */
export const PART_NAMESPACES = ["offline"] as const;

/** The namespace used when a key names none. */
export const DEFAULT_NAMESPACE = "common";

const loaders: Record<Locale, () => Promise<{ default: Catalog }>> = {
  en: () => import("./en/index.ts"),
  fr: () => import("./fr/index.ts"),
};

/** Imports the messages of one language (a separate chunk in the browser build). */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  return (await loaders[locale]()).default;
}
