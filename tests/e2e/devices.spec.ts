/**
 * Issue 17 point 3 in the browser, English and French: one account logs in from two browsers
 * (two contexts with different user agents, so two devices); the first sees both in its
 * profile settings ("This device" for its own), signs the other out, and the other's next
 * page lands on `/login`. A password change, with "Sign out of all other devices" ticked as it
 * is by default, leaves this device alone in the list.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { CATALOGS, fill, LANGS, open, useLanguage } from "./support/app.ts";
import { createAccount, type TestAccount } from "./support/test-accounts.ts";

/** The second browser claims to be Firefox on Windows. */
const FIREFOX_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0";

for (const lang of LANGS) {
  const D = CATALOGS[lang].devices.list;
  const A = CATALOGS[lang].auth.login;
  const P = CATALOGS[lang].account.settings.password;
  const PD = CATALOGS[lang].devices.password;

  /** A new context of `browser` logged in as `account` through `/login`. */
  async function loggedIn(browser: Browser, account: TestAccount, userAgent?: string) {
    const context = await browser.newContext(userAgent ? { userAgent } : {});
    await useLanguage(context, lang);
    const page = await context.newPage();
    await open(page, "/login");
    const main = page.getByRole("main");
    await main.getByLabel(A.identity, { exact: true }).fill(account.email);
    await main.getByLabel(A.password, { exact: true }).fill(account.password);
    await main.getByRole("button", { name: A.submit }).click();
    await expect(page).not.toHaveURL(/\/login/);
    return page;
  }

  async function seriousViolations(page: Page): Promise<string[]> {
    const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
  }

  test(`sign another device out; its next page asks to log in (${lang})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const account = await createAccount({ lang, verified: true });
    const first = await loggedIn(browser, account);
    const second = await loggedIn(browser, account, FIREFOX_UA);

    await open(first, "/profileSettings");
    const section = first.getByRole("region", { name: D.heading });
    const list = section.getByRole("list", { name: D.heading });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").filter({ hasText: D.thisDevice })).toHaveCount(1);
    expect(await seriousViolations(first)).toEqual([]);

    const otherName = fill(D.nameOn, { browser: "Firefox", system: "Windows" });
    await section.getByRole("button", { name: fill(D.signOutLabel, { name: otherName }) }).click();
    const dialog = first.getByRole("dialog", { name: D.signOutTitle });
    await expect(dialog).toContainText(otherName);
    await dialog.getByRole("button", { name: D.signOut, exact: true }).click();
    await expect(first.getByText(D.signedOut)).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);

    // The other browser still holds its token, which no longer works.
    await second.goto("/profileSettings");
    await expect(second).toHaveURL(/\/login\?redirectTo=%2FprofileSettings$/);
    // The first one is still signed in.
    await first.reload();
    await expect(first.getByRole("region", { name: D.heading })).toBeVisible();
    await first.context().close();
    await second.context().close();
  });

  test(`a password change signs the other devices out of the list too (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const account = await createAccount({ lang, verified: true });
    const first = await loggedIn(browser, account);
    const second = await loggedIn(browser, account, FIREFOX_UA);
    await open(first, "/profileSettings");
    const list = first
      .getByRole("region", { name: D.heading })
      .getByRole("list", { name: D.heading });
    await expect(list.getByRole("listitem")).toHaveCount(2);

    const form = first.getByRole("region", { name: P.heading });
    await expect(form.getByRole("checkbox", { name: PD.signOut })).toBeChecked();
    const newPassword = `${account.password}-changed`;
    await form.getByLabel(P.oldPassword, { exact: true }).fill(account.password);
    await form.getByLabel(P.password, { exact: true }).fill(newPassword);
    await form.getByLabel(P.passwordConfirm, { exact: true }).fill(newPassword);
    await form.getByRole("button", { name: P.submit }).click();
    await expect(first.getByText(P.changed)).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem")).toContainText(D.thisDevice);

    await second.goto("/profileSettings");
    await expect(second).toHaveURL(/\/login\?redirectTo=%2FprofileSettings$/);
    await first.context().close();
    await second.context().close();
  });
}
