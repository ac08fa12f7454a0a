/**
 * Issue 16 item 5, dark mode (ADR 051): pages follow the system's `prefers-color-scheme`
 * (every route passes axe in dark as each visitor: `walk.spec.ts`); the header's toggle chooses a theme that the server
 * renders on the next load (no flash: the HTML already carries `data-theme`), kept by a
 * cookie for a guest and on the account for a user (in a new browser too, where it wins
 * over the browser's cookie, and replaces a guest's at sign-in). Print stays light.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { CATALOGS, fill, groundIsDark, useLanguage, waitForHydration } from "./support/app.ts";
import { baseUrl, CONTENT, USERS } from "./support/environment.ts";
import { createAccount, signedInState } from "./support/test-accounts.ts";

const writer = USERS.writer.username;
const post = `/post/${writer}/${CONTENT.post.slug}`;
const en = CATALOGS.en.common.theme;
const auth = CATALOGS.en.auth.login;

/** Serious and critical axe violations of the page (colour contrast is one), readable. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join("\n")}`,
    );
}

/** Whether the first `selector`'s text colour is dark. */
async function inkIsDark(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const probe = document.createElement("canvas").getContext("2d");
      if (!probe) return false;
      probe.fillStyle = getComputedStyle(element).color;
      probe.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0] = probe.getImageData(0, 0, 1, 1).data;
      return (r + g + b) / 3 < 96;
    });
}

/** The header's theme button, whatever theme it shows. */
function toggle(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Colour theme:/ });
}

/** Presses the toggle until it shows `theme` (System → Light → Dark → System). */
async function choose(page: Page, theme: "system" | "light" | "dark"): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    if ((await toggle(page).getAttribute("data-theme-choice")) === theme) return;
    await toggle(page).click();
  }
  throw new Error(`the toggle never showed ${theme}`);
}

/** The server's HTML of a path in a context: its `<html>` start tag. */
async function servedHtmlTag(context: BrowserContext, path: string): Promise<string> {
  const res = await context.request.get(`${baseUrl()}${path}`);
  return /<html[^>]*>/.exec(await res.text())?.[0] ?? "";
}

test("a guest's choice is kept by a cookie and rendered by the server", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "light" });
  await useLanguage(context, "en");
  const page = await context.newPage();
  await page.goto("/blog");
  await waitForHydration(page);
  expect(await groundIsDark(page)).toBe(false);
  await expect(toggle(page)).toHaveAccessibleName(
    fill(en.toggle, { current: en.system, next: en.light }),
  );
  await choose(page, "dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await groundIsDark(page)).toBe(true);

  const response = await page.reload();
  // No flash: the document as served already carries the theme.
  expect(/<html[^>]*>/.exec((await response?.text()) ?? "")?.[0]).toContain('data-theme="dark"');
  expect(await groundIsDark(page)).toBe(true);
  await waitForHydration(page);
  await expect(toggle(page)).toHaveAccessibleName(
    fill(en.toggle, { current: en.dark, next: en.system }),
  );
  await page.goto(post);
  await waitForHydration(page);
  expect.soft(await violations(page), "post, toggled dark").toEqual([]);
  // Print stays black on white.
  await page.emulateMedia({ media: "print" });
  expect(await groundIsDark(page)).toBe(false);
  expect(await inkIsDark(page, "h1")).toBe(true);
  await page.emulateMedia({ media: "screen" });
  expect(await inkIsDark(page, "h1")).toBe(false);

  // Light wins over a dark system; System gives the choice back to it.
  const night = await browser.newContext({ colorScheme: "dark" });
  await night.addCookies([{ name: "theme", value: "light", url: baseUrl(), sameSite: "Lax" }]);
  const nightPage = await night.newPage();
  await nightPage.goto("/");
  expect(await groundIsDark(nightPage)).toBe(false);
  await waitForHydration(nightPage);
  await choose(nightPage, "system");
  expect(await groundIsDark(nightPage)).toBe(true);
  expect(await servedHtmlTag(night, "/")).not.toContain("data-theme");
  await night.close();
  await context.close();
});

test("a user's choice is saved on the account and wins in another browser", async ({ browser }) => {
  const account = await createAccount({ lang: "en", verified: true });
  const state = await signedInState(account);
  const first = await browser.newContext({ storageState: state, colorScheme: "light" });
  const page = await first.newPage();
  await page.goto("/profileSettings");
  await waitForHydration(page);
  const saved = page.waitForResponse(
    (res) => res.request().method() === "PATCH" && res.url().includes("/collections/users/"),
  );
  await toggle(page).click(); // System → Light
  await saved;
  const savedDark = page.waitForResponse(
    (res) => res.request().method() === "PATCH" && res.url().includes("/collections/users/"),
  );
  await toggle(page).click(); // Light → Dark
  expect((await (await savedDark).json()) as { theme: string }).toMatchObject({ theme: "dark" });
  await first.close();

  // A new browser whose cookie says light: the account's dark wins, from the first byte.
  const second = await browser.newContext({ storageState: state, colorScheme: "light" });
  await second.addCookies([{ name: "theme", value: "light", url: baseUrl(), sameSite: "Lax" }]);
  expect(await servedHtmlTag(second, "/entry/create")).toContain('data-theme="dark"');
  const again = await second.newPage();
  await again.goto("/entry/create");
  await waitForHydration(again);
  await again.locator(".cm-editor").first().waitFor();
  expect(await groundIsDark(again)).toBe(true);
  expect.soft(await violations(again), "editor, account's dark").toEqual([]);
  // The browser's cookie now follows the account.
  expect((await second.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
  await second.close();

  // A guest in light signs in: the account's theme replaces it, in the cookie too.
  const third = await browser.newContext({ colorScheme: "light" });
  await third.addCookies([{ name: "theme", value: "light", url: baseUrl(), sameSite: "Lax" }]);
  const login = await third.newPage();
  await login.goto("/login");
  await waitForHydration(login);
  await expect(login.locator("html")).toHaveAttribute("data-theme", "light");
  const main = login.getByRole("main");
  await main.getByLabel(auth.identity, { exact: true }).fill(account.email);
  await main.getByLabel(auth.password, { exact: true }).fill(account.password);
  await main.getByRole("button", { name: auth.submit, exact: true }).click();
  await expect(login.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect
    .poll(async () => (await third.cookies()).find((c) => c.name === "theme")?.value)
    .toBe("dark");
  await third.close();
});
