/**
 * Issue 3 item 1: the 404 page ('Page not found: {path}'), the error page (status code,
 * status message, "Go back home" to `/`) in English and French, and the access guards:
 * signed-in pages (the instances area and the admin sections included) send visitors to
 * `/login` and back, the instances area answers 403 to accounts other than admins and
 * superusers, `/post/create` answers 403 to non-writers; a superuser gets a
 * notice instead of the writing forms (create and update pages).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  CATALOGS,
  clientNavigate,
  documentTitle,
  LABELS,
  type Lang,
  oneLanguage,
  open,
  signedIn,
  useLanguage,
  waitForHydration,
} from "./support/app.ts";
import { CONTENT, USERS } from "./support/environment.ts";
import { ROUTES } from "./support/routes.ts";

/** Asserts the error page: status code, status message, message and the way home. */
async function expectErrorPage(page: Page, lang: Lang, status: 403 | 404, message: string) {
  const catalog = CATALOGS[lang].errors;
  const main = page.getByRole("main");
  await expect(page).toHaveTitle(
    documentTitle(catalog.page.title.replace("{{status}}", String(status))),
  );
  await expect(main.getByTestId("error-status")).toHaveText(String(status));
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(catalog.status[status]);
  await expect(main.getByTestId("error-message")).toHaveText(message);
  await expect(main.getByRole("link", { name: LABELS[lang].goHome })).toHaveAttribute("href", "/");
}

for (const lang of oneLanguage("fr")) {
  test.describe(`error pages (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, lang);
    });

    test("an unmatched path renders the 404 page, on the server and after a reload", async ({
      page,
    }) => {
      const path = "/no/such/page";
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const html = (await response?.text()) ?? "";
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(LABELS[lang].notFound(path).replaceAll("'", "&#x27;"));
      await waitForHydration(page);
      await expectErrorPage(page, lang, 404, LABELS[lang].notFound(path));

      const reloaded = await page.reload();
      expect(reloaded?.status()).toBe(404);
      await waitForHydration(page);
      await expectErrorPage(page, lang, 404, LABELS[lang].notFound(path));
    });

    test("a client-side navigation to an unknown path shows the 404 page too", async ({ page }) => {
      await open(page, "/");
      const data = page.waitForResponse((res) => res.url().includes("/missing-page"));
      await clientNavigate(page, "/missing-page");
      expect((await data).status()).toBe(404);
      await expect(page).toHaveURL("/missing-page");
      await expectErrorPage(page, lang, 404, LABELS[lang].notFound("/missing-page"));
    });

    test('"Go back home" leads to /', async ({ page }) => {
      await open(page, "/nowhere");
      await page.getByRole("main").getByRole("link", { name: LABELS[lang].goHome }).click();
      await expect(page).toHaveURL("/");
      await expect(page).toHaveTitle(documentTitle(CATALOGS[lang].content.home.title));
      await expect(page.getByTestId("error-status")).toHaveCount(0);
    });

    test("a page error and the way back keep the shell mounted (notifications, session)", async ({
      browser,
    }) => {
      const context = await browser.newContext(signedIn("user"));
      await useLanguage(context, lang);
      const page = await context.newPage();
      await open(page, "/archive");
      // A remount would replace the header element (and every provider state with it).
      const markHeader = () =>
        page.getByRole("banner").evaluate((header) => {
          header.dataset.mark = "kept";
        });
      const header = page.getByRole("banner");
      await markHeader();
      const data = page.waitForResponse((res) => res.url().includes("/i.data"));
      await clientNavigate(page, "/i");
      expect((await data).status()).toBe(403);
      await expectErrorPage(page, lang, 403, CATALOGS[lang].errors.page.forbidden);
      await expect(header).toHaveAttribute("data-mark", "kept");
      await page.getByRole("main").getByRole("link", { name: LABELS[lang].goHome }).click();
      await expect(page).toHaveTitle(documentTitle(CATALOGS[lang].content.home.title));
      await expect(header).toHaveAttribute("data-mark", "kept");
      await context.close();
    });

    test("the instances area answers 403 to a plain user", async ({ browser }) => {
      const context = await browser.newContext(signedIn("user"));
      await useLanguage(context, lang);
      const page = await context.newPage();
      const forbidden = CATALOGS[lang].errors.page.forbidden;
      for (const path of ["/i", "/i/create", `/i/${CONTENT.item.code}`]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(403);
        expect(await response?.text()).toContain(`<html lang="${lang}"`);
        await waitForHydration(page);
        await expectErrorPage(page, lang, 403, forbidden);
      }
      await context.close();
    });

    test("/post/create answers 403 to a signed-in non-writer", async ({ browser }) => {
      const context = await browser.newContext(signedIn("user"));
      await useLanguage(context, lang);
      const page = await context.newPage();
      const response = await page.goto("/post/create");
      expect(response?.status()).toBe(403);
      await waitForHydration(page);
      await expectErrorPage(page, lang, 403, CATALOGS[lang].errors.page.forbidden);
      await context.close();
    });

    test("a superuser gets a notice, not a form it cannot save, on the writing pages", async ({
      browser,
    }) => {
      // Six pages, each loaded, hydrated and checked by axe: more than one page's time.
      test.slow();
      const context = await browser.newContext(signedIn("superuser"));
      await useLanguage(context, lang);
      const page = await context.newPage();
      const text = CATALOGS[lang].records.superuserNotice;
      const writer = USERS.writer.username;
      const main = page.getByRole("main");
      for (const path of [
        "/entry/create",
        "/post/create",
        "/collection/create",
        `/entry/update/${writer}/${CONTENT.entry.name}`,
        `/post/update/${writer}/${CONTENT.post.slug}`,
        `/collection/update/${writer}/${CONTENT.collection.name}`,
      ]) {
        await test.step(path, async () => {
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          await waitForHydration(page);
          const notice = main.getByRole("region", { name: text.heading });
          await expect(notice).toContainText(text.text);
          await expect(notice.getByRole("link", { name: text.admin })).toHaveAttribute(
            "href",
            "/admin",
          );
          await expect(main.locator("form")).toHaveCount(0);
          const serious = (await new AxeBuilder({ page }).setLegacyMode(true).analyze()).violations
            .filter(
              (violation) => violation.impact === "serious" || violation.impact === "critical",
            )
            .map((violation) => violation.id);
          expect(serious).toEqual([]);
        });
      }
      // The way to what a superuser does.
      await main.getByRole("link", { name: text.admin }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await context.close();
    });
  });
}

test.describe("guards", () => {
  test("signed-in pages send a logged-out visitor to /login, to come back there", async ({
    page,
  }) => {
    const guarded = ROUTES.filter((route) => route.guest === "login");
    // The instances area and the admin sections too (issue 13), like every signed-in page.
    expect(guarded.map((route) => route.route)).toEqual(
      expect.arrayContaining(["/entry/create", "/i", "/i/create", "/admin", "/admin/users"]),
    );
    for (const route of guarded) {
      await test.step(route.route, async () => {
        const response = await page.goto(route.path);
        expect(response?.status()).toBe(200);
        const url = new URL(page.url());
        expect(url.pathname).toBe("/login");
        expect(url.searchParams.get("redirectTo")).toBe(route.path);
        await expect(page).toHaveTitle(documentTitle(CATALOGS.en.auth.login.title));
      });
    }
  });

  test("a writer gets /post/create but not the instances area", async ({ browser }) => {
    const context = await browser.newContext(signedIn("writer"));
    const page = await context.newPage();
    expect((await page.goto("/post/create"))?.status()).toBe(200);
    expect((await page.goto("/i"))?.status()).toBe(403);
    await context.close();
  });

  test("a superuser gets the instances area", async ({ browser }) => {
    const context = await browser.newContext(signedIn("superuser"));
    const page = await context.newPage();
    for (const path of ["/i", `/i/${CONTENT.item.code}`, "/i/create"]) {
      expect((await page.goto(path))?.status(), path).toBe(200);
    }
    await context.close();
  });

  test("someone else's entry cannot be edited (403)", async ({ browser }) => {
    const context = await browser.newContext(signedIn("user"));
    const page = await context.newPage();
    const response = await page.goto(
      `/entry/update/${USERS.writer.username}/${CONTENT.entry.name}`,
    );
    expect(response?.status()).toBe(403);
    await context.close();
  });
});
