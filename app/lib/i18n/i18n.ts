/**
 * i18next wiring: one i18next instance per language (never per person), created with the
 * typed catalogs of `shared/i18n`. Catalogs are imported on demand; a failure is logged as
 * 'Failed locale loading' and the caller keeps the language it had.
 */
import i18next, { type i18n, type TFunction } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { DEFAULT_NAMESPACE, loadCatalog, NAMESPACES } from "#shared/i18n/catalogs/index.ts";
import { DEFAULT_LOCALE, type Locale } from "#shared/i18n/locales.ts";

const instances = new Map<Locale, Promise<i18n>>();
const ready = new Map<Locale, i18n>();

let catalogLoads = 0;

/**
 * The site's name (`meta.appName`), which messages name as `{{site}}`: "Welcome to
 * {{site}}". `null` until the settings are read: messages then name the catalog's own
 * (`common:app.name`).
 */
let siteName: string | null = null;

function applySiteName(instance: i18n): void {
  const interpolation = instance.options.interpolation ?? {};
  const site = siteName ?? instance.t("common:app.name");
  if (interpolation.defaultVariables?.site === site) return;
  // i18next reads its default variables at each `t` call: every translation function handed
  // out already (`getFixedT`, `useTranslation`) names the new site from now on.
  instance.options.interpolation = {
    ...interpolation,
    defaultVariables: { ...interpolation.defaultVariables, site },
  };
}

/**
 * Sets the name messages give the site (`{{site}}`), in every language: the server calls it
 * per request with the settings' name (one name for every request of a process), the browser
 * with the root loader's.
 */
export function setSiteName(name: string | null): void {
  const trimmed = name?.trim() || null;
  if (trimmed === siteName) return;
  siteName = trimmed;
  for (const instance of ready.values()) applySiteName(instance);
}

/**
 * Whether a catalog is being imported right now. A failed import of one is not a page-chunk
 * failure: it is logged and the app carries on (spec §8), so the chunk-failure reload
 * (`build-awareness.ts`) leaves it alone.
 */
export function isLoadingCatalog(): boolean {
  return catalogLoads > 0;
}

async function importCatalog(locale: Locale) {
  catalogLoads += 1;
  try {
    return await loadCatalog(locale);
  } finally {
    catalogLoads -= 1;
  }
}

async function createInstance(locale: Locale): Promise<i18n> {
  const catalog = await importCatalog(locale);
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [locale],
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { [locale]: catalog },
    // React escapes on render; i18next must not escape a second time.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  applySiteName(instance);
  ready.set(locale, instance);
  return instance;
}

/**
 * The i18next instance of a language, its catalog loaded. Rejects when the catalog cannot
 * be loaded (the next call tries again).
 */
export function getI18n(locale: Locale): Promise<i18n> {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance(locale);
    instances.set(locale, instance);
    instance.catch(() => instances.delete(locale));
  }
  return instance;
}

/** The message logged when a catalog cannot be loaded (spec §8), exactly. */
export const LOCALE_LOAD_FAILURE = "Failed locale loading";

/**
 * Like {@link getI18n}, but on failure logs exactly 'Failed locale loading' (the cause goes
 * to the debug log) and resolves `null`: the caller carries on with what is loaded.
 */
export async function tryGetI18n(locale: Locale): Promise<i18n | null> {
  try {
    return await getI18n(locale);
  } catch (error) {
    console.error(LOCALE_LOAD_FAILURE);
    console.debug(LOCALE_LOAD_FAILURE, locale, error);
    return null;
  }
}

/**
 * The instance of a language whose catalog is already loaded, for rendering (which cannot
 * wait): the server loads it in the root middleware, the browser before hydrating and before
 * switching languages. Falls back to any loaded language.
 */
export function readyI18n(locale: Locale): i18n | undefined {
  return ready.get(locale) ?? ready.values().next().value;
}

/** Every namespace, `common` first: its keys need no prefix, the others' do (`auth:login.title`). */
export const APP_NAMESPACES = [
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
  "subscriptions",
  "comments",
] as const;

/** A translation function over every namespace. */
export type AppT = TFunction<typeof APP_NAMESPACES>;

/** The translation function of the active language, over every namespace. */
export function useAppTranslation(): { t: AppT; i18n: i18n } {
  return useTranslation(APP_NAMESPACES);
}
