/**
 * Issue 3 item 1: every route of spec §2 renders on the server (status, title,
 * `<html lang>`, in the raw HTML before any script runs) and again after a reload, in
 * English and in French, for the visitor who may see it.
 */
import { expect, test, type Page, type Response } from "@playwright/test";
import {
  documentTitle,
  LANGS,
  signedIn,
  useLanguage,
  waitForHydration,
  type Lang,
} from "./support/app.ts";
import { ROUTES, type RouteCase, type Viewer } from "./support/routes.ts";

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

const viewers: Viewer[] = ["guest", "user", "writer", "admin"];

for (const lang of LANGS) {
  for (const viewer of viewers) {
    const routes = ROUTES.filter((route) => route.viewer === viewer);
    test(`routes seen by ${viewer} render on the server and after a reload (${lang})`, async ({
      browser,
    }) => {
      test.setTimeout(10_000 * routes.length);
      // One context for the group: the pages share its cache, as one visitor's would.
      const context = await browser.newContext(viewer === "guest" ? {} : signedIn(viewer));
      await useLanguage(context, lang);
      const page = await context.newPage();
      for (const route of routes) {
        await test.step(route.route, async () => {
          await expectRendered(page, await page.goto(route.path), route, lang);
          await expectRendered(page, await page.reload(), route, lang);
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
