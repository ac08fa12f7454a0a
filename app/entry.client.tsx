/**
 * Browser entry: watches for failed chunk loads, loads the page language's catalog (the one
 * the server rendered, from `<html lang>`), hydrates (route modules of each navigation load
 * under the chunk-failure guard), then starts build awareness.
 *
 * When the page's catalog cannot be loaded ('Failed locale loading' is logged), English is
 * loaded instead and the app continues in it. When no catalog loads at all, the page is not
 * hydrated: the server-rendered HTML stays usable as a plain document (links load pages).
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, matchLocale } from "#shared/i18n/locales.ts";
import { chunkLoadInstrumentation, startBuildAwareness } from "./lib/browser/build-awareness.ts";
import { installChunkFailureHandlers } from "./lib/browser/chunk-reload.ts";
import { isLoadingCatalog, tryGetI18n } from "./lib/i18n/i18n.ts";

async function start(): Promise<void> {
  installChunkFailureHandlers({ ignore: isLoadingCatalog });
  const locale = matchLocale(document.documentElement.lang) ?? DEFAULT_LOCALE;
  const i18n =
    (await tryGetI18n(locale)) ??
    (locale === DEFAULT_LOCALE ? null : await tryGetI18n(DEFAULT_LOCALE));
  if (!i18n) return;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter instrumentations={[chunkLoadInstrumentation]} />
      </StrictMode>,
    );
  });
  startBuildAwareness();
}

void start();
