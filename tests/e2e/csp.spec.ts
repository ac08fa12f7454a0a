/**
 * Issue 5 item 6 (ASVS 3.4.3): every page runs under its Content-Security-Policy without a
 * single violation. Each route of spec §2 is opened as a guest and signed in, and the page
 * fails on any `securitypolicyviolation` event or CSP console error, before hydration (the
 * server's document and its scripts), after it, and after client-side navigations that
 * prefetch and load other routes' chunks.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { header, signedIn, waitForHydration } from "./support/app.ts";
import type { AccountName } from "./support/environment.ts";
import { ROUTES } from "./support/routes.ts";

/** What the page recorded, through an init script that runs before any of its own. */
interface Recorded {
  violations: string[];
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records violations from the very first byte of every document of the context. */
async function watch(context: BrowserContext): Promise<string[]> {
  const consoleErrors: string[] = [];
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${String(event.lineNumber)})`,
      );
    });
  });
  context.on("console", (message) => {
    const text = message.text();
    if (/content.security.policy|refused to (load|execute|apply|connect|frame)/i.test(text)) {
      consoleErrors.push(`${message.type()}: ${text}`);
    }
  });
  return consoleErrors;
}

async function recorded(page: Page): Promise<Recorded> {
  return { violations: await page.evaluate(() => window.__cspViolations ?? []) };
}

async function expectClean(page: Page, consoleErrors: string[], when: string): Promise<void> {
  expect((await recorded(page)).violations, `${when}: securitypolicyviolation events`).toEqual([]);
  expect(consoleErrors, `${when}: CSP console errors`).toEqual([]);
}

const VIEWERS: ("guest" | "signed in")[] = ["guest", "signed in"];

for (const viewer of VIEWERS) {
  test(`no page breaks its CSP (${viewer})`, async ({ browser }) => {
    test.setTimeout(15_000 * ROUTES.length);
    for (const route of ROUTES) {
      await test.step(route.route, async () => {
        const account: AccountName | null =
          viewer === "guest" ? null : route.viewer === "guest" ? "writer" : route.viewer;
        const context = await browser.newContext(account ? signedIn(account) : {});
        const consoleErrors = await watch(context);
        const page = await context.newPage();
        const response = await page.goto(route.path, { waitUntil: "domcontentloaded" });
        const policy = (await response?.allHeaders())?.["content-security-policy"] ?? "";
        expect(policy, `${route.path}: CSP header`).toMatch(
          /script-src 'nonce-[^']+' 'strict-dynamic'/,
        );
        await expectClean(page, consoleErrors, `${route.path} before hydration`);
        await waitForHydration(page);
        await page.waitForLoadState("load");
        await expectClean(page, consoleErrors, `${route.path} after hydration`);
        // Prefetch on intent, then navigate on the client: route chunks load under the policy.
        const here = page.url();
        const links = [
          ...(await header(page).getByRole("link").all()),
          ...(await page.getByRole("contentinfo").getByRole("link").all()),
        ];
        for (const link of links) {
          if (await link.isVisible()) await link.hover();
        }
        const path = new URL(here).pathname;
        const target = page
          .getByRole("contentinfo")
          .locator(`a[href^="/"]:not([href="${path}"])`)
          .first();
        await target.click();
        await page.waitForURL((url) => url.href !== here);
        await waitForHydration(page);
        await page.goBack();
        await page.waitForURL(here);
        await expectClean(page, consoleErrors, `${route.path} after client navigations`);
        await context.close();
      });
    }
  });
}

test("the watcher sees a violation (negative control)", async ({ browser }) => {
  const context = await browser.newContext();
  const consoleErrors = await watch(context);
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
  await expect.poll(async () => (await recorded(page)).violations).toHaveLength(1);
  expect((await recorded(page)).violations[0]).toMatch(/^script-src/);
  expect(consoleErrors.join("\n")).toMatch(/Content Security Policy/);
  expect(await page.evaluate(() => "__injected" in window)).toBe(false);
  await context.close();
});
