/**
 * Helpers of the browser specs: the languages and their catalogs, the header's labels,
 * signing a context in, choosing its language, and waiting for hydration.
 */
import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import enCatalog from "../../../shared/i18n/catalogs/en/index.ts";
import frCatalog from "../../../shared/i18n/catalogs/fr/index.ts";
import { authFile, baseUrl, type AccountName } from "./environment.ts";

/** The interface languages. */
export const LANGS = ["en", "fr"] as const;

/** One interface language. */
export type Lang = (typeof LANGS)[number];

/**
 * The one language a feature spec runs in (issue 22). A feature that behaves alike in both
 * languages runs once: the walk of every route in French (`walk.spec.ts`) checks that
 * every page is French, and `npm run i18n:check` that the catalogs are complete. Specs
 * choose English or French in turn, so flows are exercised in both. Features that differ by
 * language (mail, dates, the header's labels) keep {@link LANGS}.
 */
export function oneLanguage(lang: Lang): readonly Lang[] {
  return [lang];
}

/** The message catalogs, by language (for titles and other non-spec wording). */
export const CATALOGS = { en: enCatalog, fr: frCatalog } as const;

/**
 * The shell's labels. English is spec §2 string for string; French is the catalog's.
 */
export const LABELS = {
  en: {
    switcher: "Fr",
    login: "Login",
    signUp: "Sign up",
    newEntry: "New entry",
    archive: "Archive",
    collections: enCatalog.common.nav.collections,
    newPost: "New post",
    writing: enCatalog.common.nav.writing,
    instances: "Instances",
    admin: enCatalog.admin.nav.admin,
    logout: enCatalog.common.header.logout,
    goHome: "Go back home",
    notFound: (path: string) => `Page not found: ${path}`,
  },
  fr: {
    switcher: "En",
    login: frCatalog.common.nav.login,
    signUp: frCatalog.common.nav.signUp,
    newEntry: frCatalog.common.nav.newEntry,
    archive: frCatalog.common.nav.archive,
    collections: frCatalog.common.nav.collections,
    newPost: frCatalog.common.nav.newPost,
    writing: frCatalog.common.nav.writing,
    instances: frCatalog.common.nav.instances,
    admin: frCatalog.admin.nav.admin,
    logout: frCatalog.common.header.logout,
    goHome: frCatalog.errors.page.goHome,
    notFound: (path: string) => frCatalog.errors.page.notFound.replace("{{path}}", path),
  },
} as const;

/** The test server's site name, which messages give as `{{site}}`. */
export const SITE_NAME = "Cahier";

/** A catalog message with its `{{name}}` placeholders filled in (`{{site}}` with the site's). */
export function fill(message: string, values: Record<string, string | number> = {}): string {
  const all: Record<string, string | number> = { site: SITE_NAME, ...values };
  return message.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(all[key] ?? ""));
}

/** The header's home link name: the application name is Cahier in the test server. */
export function homeLinkName(lang: Lang): string {
  return fill(CATALOGS[lang].common.header.home, { app: "Cahier" });
}

/** A page's document title: `{title} · Cahier`. */
export function documentTitle(title: string): string {
  return `${title} · ${enCatalog.common.app.name}`;
}

/** Makes the server render a context in a language (the locale cookie the switcher writes). */
export async function useLanguage(context: BrowserContext, lang: Lang): Promise<void> {
  await context.addCookies([{ name: "locale", value: lang, url: baseUrl(), sameSite: "Lax" }]);
}

/** The saved sign-in of an account, for `browser.newContext({ storageState })`. */
export function signedIn(account: AccountName): { storageState: string } {
  return { storageState: authFile(account) };
}

/** Whether React has hydrated the page: the header's buttons then carry React's event props. */
export async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const button = document.querySelector("header button");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps$"));
  });
}

/**
 * Waits until React has hydrated the page: the header's buttons then carry React's event
 * props (server-rendered markup has none). A guest's page hydrates on the reader's first
 * intent (ADR 050), so the wait shows one, a pointer passing over the page, until it has.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector("header button");
    if (button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps$"))) {
      return true;
    }
    document.documentElement.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    return false;
  });
}

/** Opens a path and waits for hydration; returns the navigation's response. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** The site header (the `banner` landmark). */
export function header(page: Page): Locator {
  return page.getByRole("banner");
}

/** The header's account link or label (name and avatar). */
export function accountLink(page: Page): Locator {
  return header(page).getByTestId("header-account");
}

/** Asserts the logged-out header: Login and Sign up, no account, no logout. */
export async function expectSignedOutHeader(page: Page, lang: Lang): Promise<void> {
  const labels = LABELS[lang];
  const banner = header(page);
  await expect(banner.getByRole("link", { name: labels.login, exact: true })).toHaveAttribute(
    "href",
    "/login",
  );
  await expect(banner.getByRole("link", { name: labels.signUp, exact: true })).toHaveAttribute(
    "href",
    "/signUp",
  );
  await expect(accountLink(page)).toHaveCount(0);
  await expect(banner.getByRole("button", { name: labels.logout })).toHaveCount(0);
}

/** React Router's data router, which framework mode exposes on `window`. */
interface RouterWindow {
  __reactRouterDataRouter: { navigate: (to: string) => Promise<void> };
}

/**
 * A client-side navigation, as a `<Link>` would do (loaders run through `.data` requests,
 * no new document).
 */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate(async (to) => {
    await (window as unknown as RouterWindow).__reactRouterDataRouter.navigate(to);
  }, path);
}

/** The language switcher shown in a language ("Fr" on English pages, "En" on French ones). */
export function switcher(page: Page, lang: Lang): Locator {
  return header(page).getByRole("button", { name: new RegExp(`^${LABELS[lang].switcher}\\b`) });
}

/** The page's ground is dark: the body's background colour has a low lightness. */
export async function groundIsDark(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const probe = document.createElement("canvas").getContext("2d");
    if (!probe) return false;
    probe.fillStyle = getComputedStyle(document.body).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r = 255, g = 255, b = 255] = probe.getImageData(0, 0, 1, 1).data;
    return (r + g + b) / 3 < 64;
  });
}
