/**
 * Browser entry: loads the page language's catalog (the one the server rendered, from
 * `<html lang>`), then hydrates.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, matchLocale } from "#shared/i18n/locales.ts";
import { tryGetI18n } from "./lib/i18n.ts";

async function start(): Promise<void> {
  const locale = matchLocale(document.documentElement.lang) ?? DEFAULT_LOCALE;
  if (!(await tryGetI18n(locale)) && locale !== DEFAULT_LOCALE) await tryGetI18n(DEFAULT_LOCALE);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void start();
