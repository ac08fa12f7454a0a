/**
 * Issue 3 item 1: every route of spec §2 renders on the server (status, title,
 * `<html lang>`, in the raw HTML before any script runs) and again after a reload, for the
 * visitor who may see it, in English and in French.
 *
 * The French pass is the walk of every route in French (issue 22), where the language is
 * checked once for all feature specs, which run in one language: besides the render checks,
 * each page (the superuser's pages, a 403 and a 404 included) shows no English sentence of
 * the catalogs and no untranslated key, and has no serious or critical axe violation (the
 * English pages are scanned by `accessibility.spec.ts`).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Response } from "@playwright/test";
import {
  CATALOGS,
  documentTitle,
  LANGS,
  signedIn,
  useLanguage,
  waitForHydration,
  type Lang,
} from "./support/app.ts";
import { ROUTES, SUPERUSER_ROUTES, type RouteCase, type Viewer } from "./support/routes.ts";

/** How React escapes text in the server's HTML. */
function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

async function expectRendered(
  page: Page,
  response: Response | null,
  route: RouteCase,
  lang: Lang,
): Promise<void> {
  const title = documentTitle(route.title(lang));
  expect(response, `${route.path} answered`).not.toBeNull();
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(route.path);
  // Server-rendered: the raw document already has the language, the title and the page.
  const html = (await response?.text()) ?? "";
  expect(html).toContain(`<html lang="${lang}"`);
  expect(html).toContain(`<title>${escapeHtml(title)}</title>`);
  expect(html).toMatch(/<main[^>]*>[\s\S]*<h1[\s>]/);
  await waitForHydration(page);
  await expect(page).toHaveTitle(title);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first()).toBeVisible();
}

/** Every string of a catalog, flattened. */
function strings(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (node && typeof node === "object") return Object.values(node).flatMap(strings);
  return [];
}

/**
 * English sentences of the catalogs that French says otherwise: the longest literal part of
 * each English message (placeholders cut out) with two words or more and 12 characters or
 * more, unless the French catalog holds it too (names, formats).
 */
const ENGLISH_ONLY: readonly string[] = (() => {
  const french = new Set(strings(CATALOGS.fr));
  const frenchText = [...french].join("\n");
  const found = new Set<string>();
  for (const message of strings(CATALOGS.en)) {
    if (french.has(message)) continue;
    const piece = message
      .split(/\{\{[^}]*\}\}|<\/?\d+>|\n/)
      .map((part) => part.trim())
      .toSorted((a, b) => b.length - a.length)[0];
    if (piece && piece.length >= 12 && /\S\s+\S/.test(piece) && !frenchText.includes(piece))
      found.add(piece);
  }
  return [...found];
})();

/** A key the catalogs lack shows as `namespace:some.key`. */
const UNTRANSLATED_KEY = /\b[a-z][a-zA-Z]+:[a-z][a-zA-Z]*(\.[a-zA-Z]+)+\b/;

/** Checks that the page speaks French only, and passes axe. */
async function expectFrench(page: Page, path: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const text = await page.locator("body").innerText();
  const english = ENGLISH_ONLY.filter((sentence) => text.includes(sentence));
  expect.soft(english, `${path}: English left on the French page`).toEqual([]);
  expect.soft(text.match(UNTRANSLATED_KEY)?.[0], `${path}: a catalog key shown`).toBeUndefined();
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect.soft(serious, `${path}: axe`).toEqual([]);
}

const viewers: Viewer[] = ["guest", "user", "writer", "admin", "superuser"];

/** Pages the French walk opens besides the routes (no route's title to check). */
const EXTRA_PAGES: Partial<Record<Viewer, string[]>> = {
  guest: ["/no/such/page"],
  // A plain user's 403.
  user: ["/i"],
};

for (const lang of LANGS) {
  for (const viewer of viewers) {
    const routes = [...ROUTES, ...SUPERUSER_ROUTES].filter((route) => route.viewer === viewer);
    const extra = lang === "fr" ? (EXTRA_PAGES[viewer] ?? []) : [];
    // The superuser's pages are rendered in English by their own specs (admin-system).
    if (lang === "en" && viewer === "superuser") continue;
    test(`routes seen by ${viewer} render on the server and after a reload (${lang})`, async ({
      browser,
    }) => {
      test.setTimeout(15_000 * (routes.length + extra.length));
      // One context for the group: the pages share its cache, as one visitor's would.
      const context = await browser.newContext(viewer === "guest" ? {} : signedIn(viewer));
      await useLanguage(context, lang);
      const page = await context.newPage();
      for (const route of routes) {
        await test.step(route.route, async () => {
          await expectRendered(page, await page.goto(route.path), route, lang);
          if (lang === "fr") await expectFrench(page, route.path);
          await expectRendered(page, await page.reload(), route, lang);
        });
      }
      for (const path of extra) {
        await test.step(path, async () => {
          await page.goto(path);
          await waitForHydration(page);
          await expectFrench(page, path);
        });
      }
      await context.close();
    });
  }
}

test("every route of spec §2 and of the admin area is in the table", () => {
  // 24 routes of spec §2, plus /admin and /admin/users.
  expect(ROUTES).toHaveLength(26);
  expect(new Set(ROUTES.map((route) => route.route)).size).toBe(26);
  expect(new Set(viewers.flatMap((viewer) => ROUTES.filter((r) => r.viewer === viewer))).size).toBe(
    26,
  );
});

test("the French walk looks for English sentences of every namespace", () => {
  // The check is only as good as its list: it holds sentences from across the catalogs.
  expect(ENGLISH_ONLY.length).toBeGreaterThan(200);
  expect(ENGLISH_ONLY).toContain(CATALOGS.en.auth.login.failed.trim());
});
