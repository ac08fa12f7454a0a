/**
 * Issue 17 point 3 in the browser, English and French: one account logs in from two browsers
 * (two contexts with different user agents, so two devices); the first sees both in its
 * profile settings ("This device" for its own), signs the other out, and the other's next
 * page lands on `/login`. A password change, with "Sign out of all other devices" ticked as it
 * is by default, leaves this device alone in the list. A superuser's "View as" shows as
 * "Superuser access", and "Sign out all other devices" ends it and every other session.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { RecordModel } from "pocketbase";
import { CATALOGS, fill, oneLanguage, open, useLanguage } from "./support/app.ts";
import {
  apiClient,
  createAccount,
  rootClient,
  signedInState,
  type TestAccount,
} from "./support/test-accounts.ts";

/** The second browser claims to be Firefox on Windows. */
const FIREFOX_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0";
/** The superuser's "View as" claims to be Safari on macOS. */
const SAFARI_UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";

for (const lang of oneLanguage("en")) {
  const D = CATALOGS[lang].devices.list;
  const A = CATALOGS[lang].auth.login;
  const P = CATALOGS[lang].account.settings.password;
  const PD = CATALOGS[lang].devices.otherDevices;
  const S = CATALOGS[lang].shell.notifications;

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

    // The other browser still holds its token, which no longer works: its next page asks it
    // to log in, says why (issue 25 item 10), and stays there once its own refresh is refused.
    await second.goto("/profileSettings");
    await expect(second.getByText(S.sessionExpired)).toBeVisible();
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

  test(`a View as shows as superuser access; signing out all others ends it too (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const account = await createAccount({ lang, verified: true });
    // Two other sessions made through the API: the account on Firefox, a superuser's View as.
    const firefox = apiClient();
    await firefox
      .collection("users")
      .authWithPassword(account.email, account.password, { headers: { "User-Agent": FIREFOX_UA } });
    const viewAs = await (
      await rootClient()
    ).send<{ token: string; record: RecordModel }>(
      `/api/collections/users/impersonate/${account.id}`,
      {
        method: "POST",
        headers: { "User-Agent": SAFARI_UA },
      },
    );
    const viewer = apiClient();
    viewer.authStore.save(viewAs.token, viewAs.record);
    expect((await viewer.collection("devices").getList(1, 1)).totalItems).toBe(2);
    const context = await browser.newContext({ storageState: await signedInState(account) });
    await useLanguage(context, lang);
    const page = await context.newPage();
    await open(page, "/profileSettings");
    const section = page.getByRole("region", { name: D.heading });
    const items = section.getByRole("list", { name: D.heading }).getByRole("listitem");
    await expect(items).toHaveCount(3);
    const superuser = items.filter({ hasText: D.superuserAccess });
    await expect(superuser).toHaveCount(1);
    await expect(superuser).toContainText(fill(D.nameOn, { browser: "Safari", system: "macOS" }));
    await expect(superuser).toContainText(D.superuserAccessHint);
    // This browser's own device is another one, not flagged.
    const mine = items.filter({ has: page.getByText(D.thisDevice, { exact: true }) });
    await expect(mine).toHaveCount(1);
    await expect(mine).not.toContainText(D.superuserAccess);

    await section.getByRole("button", { name: D.signOutOthers }).click();
    const dialog = page.getByRole("dialog", { name: D.signOutOthersTitle });
    await expect(dialog).toContainText(D.signOutOthersBody);
    await expect(dialog.getByRole("button", { name: D.cancel })).toBeFocused();
    await dialog.getByRole("button", { name: D.signOutOthers }).click();
    await expect(page.getByText(D.signedOutOthers)).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(items).toContainText(D.thisDevice);
    await expect(section.getByRole("button", { name: D.signOutOthers })).toHaveCount(0);

    // Both other tokens are refused now; this browser's still works.
    await expect(firefox.collection("users").authRefresh()).rejects.toMatchObject({
      status: 401,
    });
    // The View as token is nobody's: it lists what a guest lists.
    expect((await viewer.collection("devices").getList(1, 1)).totalItems).toBe(0);
    await page.reload();
    await expect(items).toHaveCount(1);
    await context.close();
  });
}
