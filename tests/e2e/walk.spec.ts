/**
 * The walk of every page (issue 22): one page load serves every check a page owes, where four
 * specs used to walk every route again each (routes, accessibility, CSP, 360 px).
 *
 * In English, each visitor opens the pages they may reach (a guest all of them, each account
 * what it sees, the 404 and 403 pages included) in one context, and each page:
 * - renders on the server and again after a reload, for the visitor who sees the page itself
 *   (issue 3 item 1: status, title, `<html lang>`, the page in the raw HTML before any script);
 * - runs under its Content-Security-Policy without a single violation (issue 5 item 6, ASVS
 *   3.4.3): before hydration, after it, after a reload, and after client-side navigations that
 *   prefetch and load other routes' chunks;
 * - has no serious or critical axe violation (issue 3 items 2 and 8), light at desktop width,
 *   then dark at 360 px (issue 16 item 5: the ground dark too);
 * - never scrolls sideways at 360 px, menu closed or open (issue 3 item 2).
 *
 * In French (issue 22), each visitor walks the routes they see, where the language is checked
 * once for all feature specs, which run in one language: the render checks, no English sentence
 * of the catalogs, no untranslated key, no serious axe violation, no CSP violation.
 *
 * Failures are soft: every failing page is reported, not only the first.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Response } from "@playwright/test";
import {
  CATALOGS,
  documentTitle,
  groundIsDark,
  header,
  signedIn,
  useLanguage,
  waitForHydration,
  type Lang,
} from "./support/app.ts";
import { cspViolations, expectCspClean, watchCsp } from "./support/csp.ts";
import { ROUTES, SUPERUSER_ROUTES, type RouteCase, type Viewer } from "./support/routes.ts";

const DESKTOP = { width: 1280, height: 720 };
const MOBILE = { width: 360, height: 740 };

// ---------------------------------------------------------------------------------------------
// Content-Security-Policy

/** The document came with a nonce-based policy. */
async function expectCspHeader(response: Response | null, path: string): Promise<void> {
  const policy = (await response?.allHeaders())?.["content-security-policy"] ?? "";
  expect.soft(policy, `${path}: CSP header`).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
}

// ---------------------------------------------------------------------------------------------
// Render, accessibility, width

/** How React escapes text in the server's HTML. */
function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

/** The page of `route` was rendered on the server, then hydrated, for its own viewer. */
async function expectRendered(
  page: Page,
  response: Response | null,
  route: RouteCase,
  lang: Lang,
): Promise<void> {
  const title = documentTitle(route.title(lang));
  expect(response, `${route.path} answered`).not.toBeNull();
  expect.soft(response?.status(), `${route.path}: status`).toBe(200);
  expect.soft(new URL(page.url()).pathname).toBe(route.path);
  // Server-rendered: the raw document already has the language, the title and the page.
  const html = (await response?.text()) ?? "";
  expect.soft(html).toContain(`<html lang="${lang}"`);
  expect.soft(html).toContain(`<title>${escapeHtml(title)}</title>`);
  expect.soft(html).toMatch(/<main[^>]*>[\s\S]*<h1[\s>]/);
  await waitForHydration(page);
  await expect.soft(page).toHaveTitle(title);
  await expect.soft(page.locator("html")).toHaveAttribute("lang", lang);
  await expect
    .soft(page.getByRole("main").getByRole("heading", { level: 1 }).first())
    .toBeVisible();
}

/** Runs axe in the page and returns its serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default opens an extra page per scan to
  // combine frames, and these pages have none.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${String(violation.impact)}): ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(" ")}`).join("\n"),
    );
}

/** How far the document is wider than the window (0 when nothing scrolls sideways). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Dark at 360 px: a dark ground, axe clean, nothing wider than the screen, menu open or not. */
async function expectPhoneDark(page: Page, path: string): Promise<void> {
  await page.setViewportSize(MOBILE);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(() => groundIsDark(page), `${path}: dark ground`).toBe(true);
  expect.soft(await seriousViolations(page), `${path}, dark at 360 px`).toEqual([]);
  expect.soft(await horizontalOverflow(page), `${path} at 360 px`).toBeLessThanOrEqual(0);
  const { openMenu, closeMenu } = CATALOGS.en.common.header;
  await header(page).getByRole("button", { name: openMenu }).click();
  expect
    .soft(await horizontalOverflow(page), `${path} at 360 px, menu open`)
    .toBeLessThanOrEqual(0);
  await header(page).getByRole("button", { name: closeMenu }).click();
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: "light" });
}

/**
 * A client-side navigation from the page and back: route chunks and data load under the
 * policy, with no new document.
 */
async function navigateAwayAndBack(page: Page): Promise<void> {
  const here = page.url();
  const path = new URL(here).pathname;
  await page.getByRole("contentinfo").locator(`a[href^="/"]:not([href="${path}"])`).first().click();
  await page.waitForURL((url) => url.href !== here);
  await waitForHydration(page);
  await page.goBack();
  await page.waitForURL(here);
}

/** Points at every header and footer link: React Router prefetches their routes on intent. */
async function pointAtEveryLink(page: Page): Promise<void> {
  const links = [
    ...(await header(page).getByRole("link").all()),
    ...(await page.getByRole("contentinfo").getByRole("link").all()),
  ];
  for (const link of links) {
    if (await link.isVisible()) await link.hover();
  }
}

// ---------------------------------------------------------------------------------------------
// Who walks where

/** A page of a walk: its path, and its route when the visitor is the one who sees it. */
interface Stop {
  path: string;
  own?: RouteCase;
}

const ALL_ROUTES = [...ROUTES, ...SUPERUSER_ROUTES];
const byViewer = (...viewers: Viewer[]) => ALL_ROUTES.filter((r) => viewers.includes(r.viewer));

/** Stops of a visitor: their own routes are checked as pages, the others as what they get. */
function stops(visitor: Viewer, routes: readonly RouteCase[], extra: string[] = []): Stop[] {
  return [
    ...routes.map((route) => ({
      path: route.path,
      ...(route.viewer === visitor ? { own: route } : {}),
    })),
    ...extra.map((path) => ({ path })),
  ];
}

/**
 * The English walks: a guest every page (the login redirect where one is due); each account
 * the public pages signed in and the pages of its role. The guest's walk is cut in two so the
 * two browser workers share it.
 */
const WALKS: { name: string; visitor: Viewer; stops: Stop[] }[] = [
  { name: "guest, public pages", visitor: "guest", stops: stops("guest", byViewer("guest")) },
  {
    name: "guest, pages behind a login",
    visitor: "guest",
    stops: stops(
      "guest",
      ALL_ROUTES.filter((r) => r.viewer !== "guest"),
      ["/no/such/page"],
    ),
  },
  {
    name: "user",
    visitor: "user",
    stops: stops("user", byViewer("guest", "user"), ["/no/such/page", "/i"]),
  },
  { name: "writer", visitor: "writer", stops: stops("writer", byViewer("guest", "writer")) },
  { name: "admin", visitor: "admin", stops: stops("admin", byViewer("admin")) },
  { name: "superuser", visitor: "superuser", stops: stops("superuser", byViewer("superuser")) },
];

for (const walk of WALKS) {
  test(`every page, ${walk.name} (en): rendered, CSP, axe light and dark, 360 px`, async ({
    browser,
  }) => {
    test.setTimeout(25_000 * walk.stops.length);
    // One context for the walk: the pages share its cache, as one visitor's would.
    const context = await browser.newContext({
      viewport: DESKTOP,
      ...(walk.visitor === "guest" ? {} : signedIn(walk.visitor)),
    });
    await useLanguage(context, "en");
    const consoleErrors = await watchCsp(context);
    const page = await context.newPage();
    let pointed = false;
    for (const stop of walk.stops) {
      await test.step(stop.path, async () => {
        const response = await page.goto(stop.path);
        await expectCspHeader(response, stop.path);
        await expectCspClean(page, consoleErrors, `${stop.path} before hydration`);
        if (stop.own) await expectRendered(page, response, stop.own, "en");
        else await waitForHydration(page);
        await page.waitForLoadState("load");
        await expectCspClean(page, consoleErrors, `${stop.path} after hydration`);
        expect.soft(await seriousViolations(page), `${stop.path} at ${page.url()}`).toEqual([]);
        await expectPhoneDark(page, stop.path);
        if (!pointed) {
          await pointAtEveryLink(page);
          pointed = true;
        }
        await navigateAwayAndBack(page);
        await expectCspClean(page, consoleErrors, `${stop.path} after client navigations`);
        if (stop.own) {
          // A reload may revalidate (304): the browser keeps the first answer's policy.
          const reloaded = await page.reload();
          await expectRendered(page, reloaded, stop.own, "en");
          await expectCspClean(page, consoleErrors, `${stop.path} after a reload`);
        }
      });
    }
    await context.close();
  });
}

test("every route is walked as a guest and as an account that sees it", () => {
  const walked = (visitor: Viewer) =>
    WALKS.filter((w) => w.visitor === visitor).flatMap((w) => w.stops);
  for (const route of ALL_ROUTES) {
    expect(walked("guest").map((s) => s.path)).toContain(route.path);
    expect(walked(route.viewer).find((s) => s.own === route)).toBeDefined();
    if (route.viewer === "guest") {
      for (const account of ["user", "writer"] as const)
        expect(walked(account).map((s) => s.path)).toContain(route.path);
    }
  }
  expect(walked("guest").map((s) => s.path)).toContain("/no/such/page");
  expect(walked("user").map((s) => s.path)).toEqual(
    expect.arrayContaining(["/no/such/page", "/i"]),
  );
});

test("every route of spec §2 and of the admin area is in the table", () => {
  // 24 routes of spec §2, plus /admin and /admin/users.
  expect(ROUTES).toHaveLength(26);
  expect(new Set(ROUTES.map((route) => route.route)).size).toBe(26);
});

// ---------------------------------------------------------------------------------------------
// The French walk

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
  expect.soft(await seriousViolations(page), `${path}: axe`).toEqual([]);
}

const FRENCH_VIEWERS: Viewer[] = ["guest", "user", "writer", "admin", "superuser"];

/** Pages the French walk opens besides the routes (no route's title to check). */
const FRENCH_EXTRA: Partial<Record<Viewer, string[]>> = {
  guest: ["/no/such/page"],
  // A plain user's 403.
  user: ["/i"],
};

for (const viewer of FRENCH_VIEWERS) {
  const routes = byViewer(viewer);
  const extra = FRENCH_EXTRA[viewer] ?? [];
  test(`every page, ${viewer} (fr): rendered, in French only, CSP, axe`, async ({ browser }) => {
    test.setTimeout(15_000 * (routes.length + extra.length));
    const context = await browser.newContext(viewer === "guest" ? {} : signedIn(viewer));
    await useLanguage(context, "fr");
    const consoleErrors = await watchCsp(context);
    const page = await context.newPage();
    for (const route of routes) {
      await test.step(route.route, async () => {
        await expectRendered(page, await page.goto(route.path), route, "fr");
        await expectFrench(page, route.path);
        await expectCspClean(page, consoleErrors, `${route.path} (fr)`);
        await expectRendered(page, await page.reload(), route, "fr");
        await expectCspClean(page, consoleErrors, `${route.path} (fr), reloaded`);
      });
    }
    for (const path of extra) {
      await test.step(path, async () => {
        await page.goto(path);
        await waitForHydration(page);
        await expectFrench(page, path);
        await expectCspClean(page, consoleErrors, `${path} (fr)`);
      });
    }
    await context.close();
  });
}

test("the French walk looks for English sentences of every namespace", () => {
  // The check is only as good as its list: it holds sentences from across the catalogs.
  expect(ENGLISH_ONLY.length).toBeGreaterThan(200);
  expect(ENGLISH_ONLY).toContain(CATALOGS.en.auth.login.failed.trim());
});

// ---------------------------------------------------------------------------------------------
// The watcher's own control

test("the CSP watcher sees a violation (negative control)", async ({ browser }) => {
  const context = await browser.newContext();
  const consoleErrors = await watchCsp(context);
  // The server's own document and headers, plus one inline script without the nonce, as a
  // template that forgot it would write.
  await context.route(
    (url) => url.pathname === "/",
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "</body>",
        "<script>window.__injected = true</script></body>",
      );
      await route.fulfill({ response, body: html });
    },
  );
  const page = await context.newPage();
  await page.goto("/");
  await waitForHydration(page);
  await expect.poll(() => cspViolations(page)).toHaveLength(1);
  expect((await cspViolations(page))[0]).toMatch(/^script-src/);
  expect(consoleErrors.join("\n")).toMatch(/Content Security Policy/);
  expect(await page.evaluate(() => "__injected" in window)).toBe(false);
  await context.close();
});
