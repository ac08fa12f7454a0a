/**
 * Hydration on intent (ADR 050): a guest's page fetches and runs no module until the reader
 * shows an intent to use it; what they pressed meanwhile runs once the page has hydrated, what
 * they typed reaches React, and `/` focuses the search box at once. Its inline stylesheet holds only what its markup uses;
 * the full one arrives with the intent and stays through client-side navigations. A signed-in
 * page hydrates without being asked, its stylesheet whole.
 */
import { expect, test, type Page } from "@playwright/test";
import { CATALOGS, clientNavigate, header, isHydrated, signedIn } from "./support/app.ts";
import { CONTENT } from "./support/environment.ts";

/** The full stylesheet's `<link>` elements. */
function fullStylesheet(page: Page) {
  return page.locator('link[rel="stylesheet"][href^="/assets/app-"]');
}

/** The inline stylesheet's opening: a pruned one names the full one. */
async function inlineStylesStart(page: Page): Promise<string> {
  return page.locator("style#app-styles").evaluate((style) => style.textContent.slice(0, 40));
}

/**
 * Waits until the page's start-up script waits for an intent: its listeners for one are on
 * the window (read through the DevTools protocol, so the page carries no marker of its own:
 * every byte of its inline script counts against the 14 KB of a post).
 */
async function expectWaitingForIntent(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    await expect
      .poll(async () => {
        const { result } = await session.send("Runtime.evaluate", { expression: "window" });
        const { listeners } = await session.send("DOMDebugger.getEventListeners", {
          objectId: result.objectId ?? "",
        });
        return listeners.some((l) => l.type === "pointerover" && l.useCapture && l.passive);
      })
      .toBe(true);
  } finally {
    await session.detach();
  }
}

/** The page's module requests, from now on. */
function moduleRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" || request.url().endsWith(".js")) {
      requests.push(request.url());
    }
  });
  return requests;
}

test("a guest's page runs no script until an intent; a press made meanwhile runs after hydration", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const modules = moduleRequests(page);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrate", "intent");
  // A reader who only reads: the page waits for an intent, nothing is fetched, nothing hydrates.
  await expectWaitingForIntent(page);
  expect(modules).toEqual([]);
  expect(await isHydrated(page)).toBe(false);
  expect(await inlineStylesStart(page)).toMatch(/^\/\*pruned:\/assets\/app-[^*]+\.css\*\//);
  await expect(fullStylesheet(page)).toHaveCount(0);
  // The first press both shows the intent and is held until the page can answer it.
  const toggle = header(page).getByRole("button", { name: CATALOGS.en.common.header.openMenu });
  await toggle.click();
  await expect(
    header(page).getByRole("button", { name: CATALOGS.en.common.header.closeMenu }),
  ).toHaveAttribute("aria-expanded", "true");
  expect(await isHydrated(page)).toBe(true);
  expect(modules.length).toBeGreaterThan(0);
  await expect(fullStylesheet(page)).toHaveCount(1);
  // A client-side navigation keeps the full stylesheet (React leaves it in the head).
  await clientNavigate(page, "/blog");
  await expect(page).toHaveURL(/\/blog$/);
  await expect(fullStylesheet(page)).toHaveCount(1);
  await context.close();
});

test("before hydration, / focuses the search box, and what is typed at once is searched", async ({
  page,
}) => {
  await page.goto("/blog");
  await expectWaitingForIntent(page);
  expect(await isHydrated(page)).toBe(false);
  await page.keyboard.press("/");
  const box = header(page).getByRole("combobox", { name: CATALOGS.en.search.box.label });
  await expect(box).toBeFocused();
  // Typed while the page hydrates: React is told of it, and the results come as you type.
  await page.keyboard.type(CONTENT.post.title.split(" ")[0] ?? "");
  await expect(page.getByRole("option").first()).toBeVisible();
  await expect(box).toHaveValue(CONTENT.post.title.split(" ")[0] ?? "");
});

test("at phone width, / before hydration leaves the key alone: the box is in the closed menu", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/blog");
  await expectWaitingForIntent(page);
  expect(await isHydrated(page)).toBe(false);
  await page.evaluate(() => {
    addEventListener("keydown", (event) => {
      (window as { slashPrevented?: boolean }).slashPrevented = event.defaultPrevented;
    });
  });
  await page.keyboard.press("/");
  expect(await page.evaluate(() => (window as { slashPrevented?: boolean }).slashPrevented)).toBe(
    false,
  );
});

test("a signed-in page hydrates without an intent", async ({ browser }) => {
  const context = await browser.newContext(signedIn("user"));
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrate", /./);
  await expect.poll(() => isHydrated(page), { timeout: 15_000 }).toBe(true);
  expect(await inlineStylesStart(page)).not.toMatch(/^\/\*pruned:/);
  await context.close();
});
