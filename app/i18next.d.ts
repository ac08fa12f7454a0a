/** Typed translation keys: `t("common:nav.login")` is checked against the English catalog. */
import "i18next";
import type en from "#shared/i18n/catalogs/en/index.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: typeof en;
  }
}
