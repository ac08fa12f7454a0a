/** Typed translation keys: `t("common:nav.login")` is checked against the English catalog. */
import "i18next";
import type en from "#shared/i18n/catalogs/en/index.ts";
import type offline from "#shared/i18n/catalogs/en/offline.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    /** The catalogs, and the parts loaded apart (`addCatalogPart`). */
    resources: typeof en & { offline: typeof offline };
    /** Filled in by `setSiteName` (`app/lib/i18n/i18n.ts`): the site's name. */
    defaultVariables: { site: string };
  }
}
