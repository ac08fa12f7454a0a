/**
 * Issue 3 items 2 and 7, spec §2, §4, §7, §9: the shell's behaviours. Notifications (bottom
 * centre, 6000 ms, duplicates ignored, errors red, a click closes one); the loading bar
 * (only after 200 ms) and the out-in page transition; the window back at the top after a
 * navigation; build awareness (`/_app/builds/latest.json` and `meta/{id}.json`, the rules
 * fetched after load, a new build id making the next navigation a new document); route-rule
 * redirects, to external addresses too; and a failed page chunk reloading the page at most
 * once per path within 10 s. Times are driven with Playwright's fake clock, never measured.
 */
import { expect, test, type Page, type Route } from "@playwright/test";
import {
  CATALOGS,
  clientNavigate,
  documentTitle,
  header,
  open,
  waitForHydration,
} from "./support/app.ts";
import { externalUrl, PASSWORD, routeRules, USERS } from "./support/environment.ts";

const shell = CATALOGS.en.shell;

/** The notifications region (bottom centre). */
function notifications(page: Page) {
  return page.getByRole("region", { name: shell.notifications.label });
}

/** Submits the login form with a wrong password and waits for both refusals. */
async function failLogin(page: Page): Promise<void> {
  const main = page.getByRole("main");
  await main.getByLabel("Email or username", { exact: true }).fill(USERS.user.email);
  await main.getByLabel("Password", { exact: true }).fill(`${PASSWORD}-wrong`);
  const refused = page.waitForResponse((res) =>
    res.url().endsWith("/api/collections/_superusers/auth-with-password"),
  );
  await main.getByRole("button", { name: "Log in" }).click();
  expect((await refused).status()).toBe(400);
}

/** The colour of an element's background as `[r, g, b]` (whatever notation CSS uses). */
function backgroundRgb(page: Page, selector: string): Promise<number[]> {
  return page.evaluate((target) => {
    const element = document.querySelector(target);
    if (!element) throw new Error(`no ${target}`);
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    context.fillStyle = getComputedStyle(element).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  }, selector);
}

/** Marks the current document; a new document (a reload) has no mark. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.e2eMark = "1";
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.dataset.e2eMark === "1");
}

/** A request held until `release()` is called. */
function holdRequests(page: Page, pattern: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen = () => {};
  const arrived = new Promise<void>((resolve) => {
    seen = resolve;
  });
  const handler = async (route: Route) => {
    seen();
    await released;
    await route.continue();
  };
  return {
    install: () => page.route(pattern, handler),
    arrived,
    release: () => {
      release();
    },
  };
}

test.describe("notifications", () => {
  test("bottom centre, red for errors, duplicates ignored, a click closes one", async ({
    page,
  }) => {
    await open(page, "/login");
    await failLogin(page);
    const region = notifications(page);
    const note = region.getByRole("button", { name: CATALOGS.en.auth.login.failed });
    await expect(note).toBeVisible();
    await expect(note).toHaveAttribute("data-type", "error");
    const [red, green, blue] = await backgroundRgb(page, "[data-type='error']");
    expect(red).toBeGreaterThan((green ?? 0) + 80);
    expect(red).toBeGreaterThan((blue ?? 0) + 80);

    const box = await note.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (box && viewport) {
      expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(2);
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 48);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }

    // The same message again while it shows: ignored.
    await failLogin(page);
    await expect(region.getByRole("button")).toHaveCount(1);

    await note.click();
    await expect(region.getByRole("button")).toHaveCount(0);
  });

  test("a notification shows for 6000 ms", async ({ page }) => {
    await page.clock.install();
    await open(page, "/login");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    await failLogin(page);
    const note = notifications(page).getByRole("button", {
      name: CATALOGS.en.auth.login.failed,
    });
    await expect(note).toBeVisible();
    await page.clock.runFor(5999);
    await expect(note).toBeVisible();
    await page.clock.runFor(1);
    await expect(note).toBeHidden();
  });

  test("logging out confirms in a notification that is not red", async ({ page }) => {
    await open(page, "/login");
    const main = page.getByRole("main");
    await main.getByLabel("Email or username", { exact: true }).fill(USERS.user.email);
    await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await main.getByRole("button", { name: "Log in" }).click();
    await expect(header(page).getByTestId("header-account")).toBeVisible();
    await header(page).getByRole("button", { name: "Log out" }).click();
    const note = notifications(page).getByRole("button", { name: shell.notifications.loggedOut });
    await expect(note).toBeVisible();
    await expect(note).not.toHaveAttribute("data-type", "error");
  });
});

test.describe("navigation", () => {
  test("the loading bar shows only after 200 ms, with the out-in page transition", async ({
    page,
  }) => {
    await page.clock.install();
    await open(page, "/blog");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    const bar = page.getByRole("progressbar", { name: shell.navigation.loading });
    const held = holdRequests(page, /\/team\.data/);
    await held.install();

    await page.getByRole("contentinfo").getByRole("link", { name: "Team" }).click();
    await held.arrived;
    await expect(page.locator("[data-page-transition='out']")).toHaveCount(1);
    await expect(bar).toHaveCount(0);
    await page.clock.runFor(199);
    await expect(bar).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(bar).toBeVisible();

    held.release();
    await expect(page).toHaveURL("/team");
    await expect(page.locator("[data-page-transition='in']")).toHaveCount(1);
    await expect(page.locator("[data-page-transition='out']")).toHaveCount(0);
    await page.clock.runFor(1000);
    await expect(bar).toHaveCount(0);
  });

  test("a navigation shorter than 200 ms never shows the loading bar", async ({ page }) => {
    await page.clock.install();
    await open(page, "/blog");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    const shown: boolean[] = [];
    await page.exposeFunction("e2eBarShown", (value: boolean) => shown.push(value));
    await page.evaluate(() => {
      const record = (window as unknown as { e2eBarShown: (v: boolean) => void }).e2eBarShown;
      new MutationObserver(() => {
        record(document.querySelector("[role='progressbar']") !== null);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveTitle(documentTitle(CATALOGS.en.content.team.title));
    expect(shown).not.toContain(true);
  });

  test("the window is back at the top after each navigation", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await open(page, "/privacyPolicy");
    await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole("contentinfo").getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveURL("/team");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("build awareness", () => {
  test("the server publishes its build and route rules under /_app/builds/", async ({ page }) => {
    await open(page, "/");
    const buildId = await page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest
          .version,
    );
    const latest = await page.request.get(`/_app/builds/latest.json?t=${String(Date.now())}`);
    expect(latest.status()).toBe(200);
    expect(latest.headers()["cache-control"]).toBe("no-store");
    const info = (await latest.json()) as { id: string; timestamp: number };
    expect(info.id).toBe(buildId);
    expect(info.timestamp).toBeGreaterThan(0);

    const meta = await page.request.get(`/_app/builds/meta/${buildId}.json`);
    expect(meta.status()).toBe(200);
    expect(await meta.json()).toEqual({ ...info, redirects: routeRules().redirects });
    expect((await page.request.get("/_app/builds/meta/not-this-build.json")).status()).toBe(404);
  });

  test("the tab fetches its build's rules after load; a failure is only logged", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.route(/\/_app\/builds\/meta\//, (route) =>
      route.fulfill({ status: 500, body: "{}" }),
    );
    const rulesRequest = page.waitForRequest(/\/_app\/builds\/meta\/[\w-]+\.json$/);
    await open(page, "/blog");
    const buildId = await page.evaluate(
      () =>
        (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest
          .version,
    );
    expect((await rulesRequest).url()).toContain(`/_app/builds/meta/${buildId}.json`);
    await expect.poll(() => errors.some((text) => text.includes("route rules"))).toBe(true);
    // The page carries on.
    await page.getByRole("contentinfo").getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveTitle(documentTitle(CATALOGS.en.content.team.title));
  });

  test("a new build id makes the next navigation load a new document", async ({ page }) => {
    await page.clock.install();
    let polls = 0;
    await page.route(/\/_app\/builds\/latest\.json\?t=\d+$/, (route) => {
      polls += 1;
      return route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({ id: "e2e-newer-build", timestamp: Date.now() }),
      });
    });
    await open(page, "/blog");
    await markDocument(page);
    // Before a new build is seen, navigations stay in this document.
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
    await expect(page).toHaveURL("/privacyPolicy");
    expect(await sameDocument(page)).toBe(true);

    await page.clock.fastForward(60_000);
    await expect.poll(() => polls).toBeGreaterThan(0);
    const documentLoad = page.waitForResponse(
      (res) => res.request().resourceType() === "document" && res.url().endsWith("/team"),
    );
    await page.getByRole("contentinfo").getByRole("link", { name: "Team" }).click();
    expect((await documentLoad).status()).toBe(200);
    await waitForHydration(page);
    await expect(page).toHaveURL("/team");
    expect(await sameDocument(page)).toBe(false);
  });
});

test.describe("route rules", () => {
  test("a document request follows a redirect rule on the server", async ({ page }) => {
    const response = await page.goto("/old-blog?page=1");
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/old-blog\?page=1$/);
    const redirect = await response?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);
    await expect(page).toHaveURL("/blog?page=1");
    await expect(page).toHaveTitle(documentTitle(CATALOGS.en.records.blog.title));

    await page.goto("/people/anyone/here");
    await expect(page).toHaveURL("/team");
  });

  test("a client-side navigation follows a redirect rule in the browser", async ({ page }) => {
    await open(page, "/");
    await markDocument(page);
    await clientNavigate(page, "/old-blog");
    await expect(page).toHaveURL("/blog");
    await expect(page).toHaveTitle(documentTitle(CATALOGS.en.records.blog.title));
    expect(await sameDocument(page)).toBe(true);
  });

  test("a rule may send a visitor to an external address", async ({ page }) => {
    const privacyTitle = documentTitle(CATALOGS.en.content.privacy.title);
    await page.goto("/elsewhere");
    await expect(page).toHaveURL(externalUrl());
    await expect(page).toHaveTitle(privacyTitle);

    await open(page, "/blog");
    await page.evaluate(() => {
      const router = (
        window as unknown as {
          __reactRouterDataRouter: { navigate: (to: string) => Promise<void> };
        }
      ).__reactRouterDataRouter;
      // The navigation leaves the document: its promise is not awaited.
      void router.navigate("/elsewhere");
    });
    await expect(page).toHaveURL(externalUrl());
    await expect(page).toHaveTitle(privacyTitle);
  });
});

test.describe("chunk failures", () => {
  test("a page chunk that fails to load reloads the page, at most once per path in 10 s", async ({
    page,
  }) => {
    await page.clock.install();
    const documents: string[] = [];
    const errors: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await open(page, "/blog");
    // React Router discovers the routes of the links on the page after hydration.
    const teamModule = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              __reactRouterManifest: { routes: Record<string, { module: string } | undefined> };
            }
          ).__reactRouterManifest.routes["routes/static/team"]?.module ?? "",
      );
    await expect.poll(teamModule).toMatch(/^\/assets\/.+\.js$/);
    const blocked = await teamModule();
    await page.route(
      (url) => url.pathname === blocked,
      (route) => route.abort(),
    );
    const teamLink = page.getByRole("contentinfo").getByRole("link", { name: "Team" });

    // First failure: the page reloads (same path, new document).
    await markDocument(page);
    await teamLink.click();
    await expect.poll(() => documents.filter((path) => path === "/blog").length).toBe(2);
    await waitForHydration(page);
    await expect(page).toHaveURL("/blog");
    // The new document discovers the footer's routes again. A click before that leaves the
    // route to React Router, which loads (and on failure reloads) by itself, unguarded.
    await expect.poll(teamModule).toBe(blocked);

    // Again within 10 s: no second reload; the failure is logged.
    await markDocument(page);
    await teamLink.click();
    await expect
      .poll(() => errors.some((text) => text.includes("not reloading /blog twice")))
      .toBe(true);
    expect(documents.filter((path) => path === "/blog")).toHaveLength(2);
    expect(await sameDocument(page)).toBe(true);
    await expect(page).toHaveURL("/blog");

    // Ten seconds later the guard has expired: the next failure reloads again.
    await page.clock.fastForward(10_000);
    await teamLink.click();
    await expect.poll(() => documents.filter((path) => path === "/blog").length).toBe(3);
  });
});
