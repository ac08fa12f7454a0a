/**
 * Issue 7 items 1, 2 and 8, issue 5 item 4: the admin area in English and French. An admin
 * lists, filters, re-roles and deletes a user on `/admin/users` (marking verified is a
 * superuser's, ADR 055), suspends one (who can no longer log in) and lifts the suspension,
 * sends a reset link, never sets a password or an email (ADR 046), and gets no controls on
 * another admin's row (ADR 024); a superuser marks a user verified and views the site as them
 * ("View as"), sees the banner on every page and that user's private entry, then stops and is
 * back (ADR 025), and is back in their own session when the impersonation token ends; the
 * items list searches, filters, sorts and pages through the URL, and items are created (a
 * duplicate code refused with the API's message), edited and deleted; a plain user gets the
 * 403 page on `/admin/users`, `/admin` and `/i`.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { RecordModel } from "pocketbase";
import { storageStateOf } from "./support/accounts.ts";
import {
  accountLink,
  CATALOGS,
  fill,
  header,
  type Lang,
  oneLanguage,
  open,
  signedIn,
  useLanguage,
} from "./support/app.ts";
import type { AccountName } from "./support/environment.ts";
import { USERS } from "./support/environment.ts";
import {
  apiClient,
  createAccount,
  rootClient,
  signInAs,
  uniqueName,
  type TestAccount,
} from "./support/test-accounts.ts";

/** Time for one flow: several pages and API calls on machines shared with other runs. */
const FLOW_TIMEOUT = 120_000;

/** A page signed in as a fixture account, in `lang`. */
async function pageAs(browser: Browser, account: AccountName, lang: Lang): Promise<Page> {
  const context = await browser.newContext(signedIn(account));
  await useLanguage(context, lang);
  return context.newPage();
}

/** The notifications region. */
function notifications(page: Page, lang: Lang) {
  return page.getByRole("region", { name: CATALOGS[lang].shell.notifications.label });
}

/** Serious and critical axe violations on the page, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`);
}

/** The row of a user in the users table. */
function userRow(page: Page, username: string) {
  return page.getByTestId("users-table").locator(`tr[data-username="${username}"]`);
}

/** The filter bar (a search landmark). */
function filters(page: Page, lang: Lang) {
  return page.getByRole("search", { name: CATALOGS[lang].admin.list.filtersLabel });
}

for (const lang of oneLanguage("fr")) {
  const c = CATALOGS[lang];
  const a = c.admin;

  test(`an admin lists, filters, re-roles and deletes a user, but does not verify them (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const account = await createAccount({ lang });
    const username = account.username;
    const page = await pageAs(browser, "admin", lang);

    // The header leads to the admin area, which leads to the users page.
    await open(page, "/");
    await header(page).getByRole("link", { name: a.nav.admin, exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: a.index.title })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(a.index.settings) })).toHaveCount(0);
    await page.getByRole("link", { name: new RegExp(`^${a.index.users}`) }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);

    // Search by username: the query lands in the URL and survives a reload.
    const bar = filters(page, lang);
    await bar.getByLabel(a.list.search, { exact: true }).fill(username);
    await bar.getByRole("button", { name: a.list.apply }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${username}`));
    await expect(userRow(page, username)).toBeVisible();
    await expect(page.getByText(fill(a.list.count_one, { count: 1 }))).toBeVisible();
    await page.reload();
    await expect(userRow(page, username)).toBeVisible();
    await expect(userRow(page, username)).toContainText(account.email);
    await expect(userRow(page, username)).toContainText(a.users.verifiedNo);

    // The role filter: a plain user is not a writer.
    await filters(page, lang).getByLabel(a.users.role, { exact: true }).selectOption("writer");
    await filters(page, lang).getByRole("button", { name: a.list.apply }).click();
    await expect(page).toHaveURL(/[?&]role=writer/);
    await expect(page.getByText(a.list.noMatch)).toBeVisible();

    // Change the role to writer: the writer filter now finds the account.
    await open(page, `/admin/users?q=${username}`);
    const row = userRow(page, username);
    await row
      .getByLabel(fill(a.users.roleOf, { username }), { exact: true })
      .selectOption("writer");
    await row.getByRole("button", { name: fill(a.users.changeRoleLabel, { username }) }).click();
    await expect(notifications(page, lang)).toContainText(
      fill(a.users.roleChanged, { username, role: a.users.roleWriter }),
    );
    await expect(row).toContainText(a.users.roleWriter);
    await open(page, `/admin/users?q=${username}&role=writer`);
    await expect(userRow(page, username)).toBeVisible();

    // ADR 055: the verified flag is a superuser's; admins get no "Mark verified".
    await expect(
      userRow(page, username).getByRole("button", {
        name: fill(a.users.markVerifiedLabel, { username }),
      }),
    ).toHaveCount(0);
    const root = await rootClient();

    // Delete, after a dialog that names the user.
    await userRow(page, username)
      .getByRole("button", { name: fill(a.users.deleteLabel, { username }) })
      .click();
    const dialog = page.getByRole("dialog", { name: fill(a.users.deleteTitle, { username }) });
    await expect(dialog).toContainText(`@${username}`);
    await expect(dialog).toContainText(account.name);
    await expect(dialog).toContainText(account.email);
    await dialog.getByRole("button", { name: fill(a.users.deleteConfirm, { username }) }).click();
    await expect(notifications(page, lang)).toContainText(fill(a.users.deleted, { username }));
    await expect(page.getByText(a.list.noMatch)).toBeVisible();
    await expect(root.collection("users").getOne(account.id)).rejects.toMatchObject({
      status: 404,
    });
    await page.context().close();
  });

  test(`an admin suspends a user, who can no longer log in, sends a reset link, and lifts the suspension (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const account = await createAccount({ lang, verified: true });
    const { username } = account;
    const user = await signInAs(account.email, account.password);
    const page = await pageAs(browser, "admin", lang);
    await open(page, `/admin/users?q=${username}`);
    const row = userRow(page, username);
    // ADR 046: nothing on the row sets a password or an email.
    await expect(row.getByRole("textbox")).toHaveCount(0);

    await row.getByRole("button", { name: fill(a.users.sendResetLabel, { username }) }).click();
    await expect(notifications(page, lang)).toContainText(fill(a.users.resetSent, { username }));

    await row.getByRole("button", { name: fill(a.users.suspendLabel, { username }) }).click();
    const dialog = page.getByRole("dialog", { name: fill(a.users.suspendTitle, { username }) });
    await expect(dialog).toContainText(fill(a.users.suspendBody, { username }));
    await dialog.getByRole("button", { name: fill(a.users.suspendConfirm, { username }) }).click();
    await expect(notifications(page, lang)).toContainText(fill(a.users.suspended, { username }));
    await expect(row).toContainText(a.users.suspendedBadge);
    // Their session ended, and the login page says why they cannot come back.
    await expect(user.collection("users").authRefresh()).rejects.toMatchObject({ status: 401 });
    const visitor = await browser.newContext();
    await useLanguage(visitor, lang);
    const login = await visitor.newPage();
    await open(login, "/login");
    const main = login.getByRole("main");
    await main.getByLabel(c.auth.login.identity, { exact: true }).fill(account.email);
    await main.getByLabel(c.auth.login.password, { exact: true }).fill(account.password);
    await main.getByRole("button", { name: c.auth.login.submit }).click();
    await expect(main.getByRole("alert")).toHaveText(c.auth.login.suspended);

    await row.getByRole("button", { name: fill(a.users.unsuspendLabel, { username }) }).click();
    await expect(notifications(page, lang)).toContainText(fill(a.users.unsuspended, { username }));
    await expect(row).not.toContainText(a.users.suspendedBadge);
    await main.getByRole("button", { name: c.auth.login.submit }).click();
    await expect(login).toHaveURL("/");
    await visitor.close();
    await page.context().close();
  });

  test(`an admin gets no controls on another admin's row (${lang})`, async ({ browser }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const other = await createAccount({ lang, role: "admin" });
    const page = await pageAs(browser, "admin", lang);
    await open(page, `/admin/users?q=${other.username}&role=admin`);
    const row = userRow(page, other.username);
    await expect(row).toContainText(a.users.adminProtected);
    await expect(row.getByRole("button")).toHaveCount(0);
    // The admin's own row has no controls either (no "View as" for admins).
    await open(page, `/admin/users?q=${USERS.admin.username}`);
    await expect(userRow(page, USERS.admin.username)).toContainText(a.users.you);
    await expect(userRow(page, USERS.admin.username).getByRole("button")).toHaveCount(0);
    await page.context().close();
  });

  test(`a superuser marks a user verified, views Cahier as them, then stops (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const account: TestAccount = await createAccount({ lang });
    const username = account.username;
    const author = await signInAs(account.email, account.password);
    const title = `Secret ${uniqueName("diary ")}`;
    const entry = await author.collection("entries").create({
      author: account.id,
      title,
      content: "Only the author reads this.",
      visibility: "private",
    });
    const entryPath = `/entry/${username}/${String(entry.name)}`;

    const page = await pageAs(browser, "superuser", lang);
    // Superusers pass every rule, so the entry proves little alone: the header's account,
    // the user's archive and the 403 on the admin pages show whose session the pages run on.
    await open(page, `/admin/users?q=${username}`);
    // The superuser's controls (View as included) pass the accessibility scan.
    expect(await seriousViolations(page)).toEqual([]);
    // Mark verified (ADR 055: superusers only).
    await userRow(page, username)
      .getByRole("button", { name: fill(a.users.markVerifiedLabel, { username }) })
      .click();
    await expect(notifications(page, lang)).toContainText(fill(a.users.verified, { username }));
    await expect(userRow(page, username)).toContainText(a.users.verifiedYes);
    expect((await (await rootClient()).collection("users").getOne(account.id)).verified).toBe(true);
    await userRow(page, username)
      .getByRole("button", { name: fill(a.users.viewAsLabel, { username }) })
      .click();
    const banner = page.getByTestId("impersonation-banner");
    await expect(banner).toContainText(fill(a.impersonation.banner, { username }));
    await expect(page).toHaveURL(/\/$/);
    await expect(accountLink(page)).toContainText(account.name);

    // Every page shows the banner, server-rendered too, and runs as that user.
    await open(page, entryPath);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(banner).toBeVisible();
    await page.reload();
    await expect(banner).toContainText(fill(a.impersonation.banner, { username }));
    expect(await seriousViolations(page)).toEqual([]);
    await open(page, "/archive");
    await expect(banner).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    // The viewed user is no admin: the admin pages answer 403.
    await open(page, "/admin/users");
    await expect(page.getByText(c.errors.page.forbidden)).toBeVisible();

    // Stop: back to the superuser session, on the users page.
    await banner
      .getByRole("button", { name: fill(a.impersonation.stopLabel, { username }) })
      .click();
    await expect(notifications(page, lang)).toContainText(a.impersonation.stopped);
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: a.users.title })).toBeVisible();
    await page.reload();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: a.users.title })).toBeVisible();
    await page.context().close();
  });

  test(`an ended View as returns to the superuser session (${lang})`, async ({ browser }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const account = await createAccount({ lang, verified: true });
    const root = await rootClient();
    // A short impersonation token, as "View as" would have stored it (ADR 025): the
    // superuser's session set aside, the tab running on the non-refreshable token.
    const short = await root.send<{ token: string; record: RecordModel }>(
      `/api/collections/users/impersonate/${account.id}`,
      { method: "POST", body: { duration: 20 } },
    );
    const impersonated = apiClient();
    impersonated.authStore.save(short.token, short.record);
    const state = storageStateOf(impersonated);
    state.origins[0]?.localStorage.push({
      name: "cahier_impersonator",
      value: JSON.stringify({ token: root.authStore.token, record: root.authStore.record }),
    });
    const context = await browser.newContext({ storageState: state });
    await useLanguage(context, lang);
    const page = await context.newPage();
    await open(page, "/archive");
    const banner = page.getByTestId("impersonation-banner");
    await expect(banner).toContainText(
      fill(a.impersonation.banner, { username: account.username }),
    );
    // The token ends: the banner goes, the superuser session is back on the users page.
    await expect(notifications(page, lang)).toContainText(a.impersonation.ended, {
      timeout: 60_000,
    });
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: a.users.title })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await context.close();
  });

  test(`the items list searches, filters, sorts and pages; items are created, edited and deleted (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const tag = uniqueName("t");
    const root = await rootClient();
    // 31 items: one more than a page. Codes sort as their numbers.
    for (let n = 1; n <= 31; n += 1) {
      const number = String(n).padStart(2, "0");
      await root.collection("items").create({
        code: `${tag}-${number}`,
        name: `Item ${number} ${tag}`,
        status: n % 3 === 0 ? "archived" : "active",
        tags: [tag],
      });
    }
    const page = await pageAs(browser, "admin", lang);

    // Tag filter: 31 results, 30 on the first page, 1 on the second.
    await open(page, "/i");
    const bar = filters(page, lang);
    await bar.getByLabel(a.items.tag, { exact: true }).fill(tag);
    await bar.getByLabel(a.list.sort, { exact: true }).selectOption("code");
    await bar.getByRole("button", { name: a.list.apply }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${tag}`));
    await expect(page.getByText(fill(a.list.count_other, { count: 31 }))).toBeVisible();
    const rows = page.getByTestId("items-table").locator("tbody tr");
    await expect(rows).toHaveCount(30);
    await expect(rows.first()).toContainText(`${tag}-01`);
    await page
      .getByRole("navigation", { name: c.listings.pagination.label })
      .getByRole("link", { name: fill(c.listings.pagination.page, { page: 2 }) })
      .click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${tag}-31`);

    // Descending sort and the status filter, straight from a URL (no JavaScript needed).
    await open(page, `/i?tag=${tag}&sort=code&dir=desc&status=archived`);
    await expect(page.getByText(fill(a.list.count_other, { count: 10 }))).toBeVisible();
    await expect(rows.first()).toContainText(`${tag}-30`);
    await expect(rows.last()).toContainText(`${tag}-03`);

    // Search on the name.
    await open(page, `/i?q=${encodeURIComponent(`Item 07 ${tag}`)}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${tag}-07`);

    // Create: a taken code is refused with the API's message, in the page's language.
    await open(page, "/i/create");
    const main = page.getByRole("main");
    const code = main.getByLabel(c.records.items.code, { exact: true });
    await code.fill(`${tag}-01`);
    await main.getByLabel(c.records.items.name, { exact: true }).fill(`New ${tag}`);
    await main.getByRole("button", { name: c.common.actions.create }).click();
    await expect(code).toHaveAttribute("aria-invalid", "true");
    await expect(code).toHaveAccessibleDescription(c.errors.validation.validation_not_unique);
    await expect(main.getByRole("alert")).toContainText(c.records.form.failed);
    await code.fill(`${tag}-new`);
    await main.getByRole("button", { name: c.common.actions.create }).click();
    await expect(page).toHaveURL(new RegExp(`/i/${tag}-new$`));
    await expect(page.getByRole("heading", { level: 1, name: `New ${tag}` })).toBeVisible();

    // Edit.
    await page.getByRole("link", { name: c.records.items.editLink }).click();
    await expect(page).toHaveURL(new RegExp(`/i/update/${tag}-new$`));
    await main.getByLabel(c.records.items.name, { exact: true }).fill(`Renamed ${tag}`);
    await main.getByRole("button", { name: c.common.actions.save }).click();
    await expect(page).toHaveURL(new RegExp(`/i/${tag}-new$`));
    await expect(page.getByRole("heading", { level: 1, name: `Renamed ${tag}` })).toBeVisible();

    // Delete, after a dialog naming the item.
    await main.getByRole("button", { name: a.items.delete, exact: true }).click();
    const names = { code: `${tag}-new`, name: `Renamed ${tag}` };
    const dialog = page.getByRole("dialog", { name: fill(a.items.deleteTitle, names) });
    await dialog.getByRole("button", { name: fill(a.items.deleteConfirm, names) }).click();
    await expect(notifications(page, lang)).toContainText(fill(a.items.deleted, names));
    await expect(page).toHaveURL(/\/i$/);
    await open(page, `/i?q=${tag}-new`);
    await expect(page.getByText(a.list.noMatch)).toBeVisible();
    await page.context().close();
  });

  test(`a plain user gets the 403 page on the admin area and the items (${lang})`, async ({
    browser,
  }) => {
    const page = await pageAs(browser, "user", lang);
    for (const path of ["/admin/users", "/admin", "/i"]) {
      const response = await open(page, path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByText(c.errors.page.forbidden)).toBeVisible();
    }
    await expect(header(page).getByRole("link", { name: a.nav.admin, exact: true })).toHaveCount(0);
    await page.context().close();
  });
}

test("the users list updates live while an admin has it open (issue 6)", async ({ browser }) => {
  test.setTimeout(FLOW_TIMEOUT);
  const a = CATALOGS.en.admin;
  const page = await pageAs(browser, "admin", "en");
  const prefix = uniqueName("live_");
  await open(page, `/admin/users?q=${prefix}`);
  await expect(page.getByText(a.list.noMatch)).toBeVisible();
  await expect(page.getByText(CATALOGS.en.live.status.live, { exact: true })).toBeVisible();

  // Someone signs up elsewhere: the open, filtered list shows them without a reload.
  const username = `${prefix}x`;
  const created = await apiClient()
    .collection("users")
    .create({
      username,
      email: `${username}@e2e.example.com`,
      password: "a-long-password-1",
      passwordConfirm: "a-long-password-1",
      name: "Live Newcomer",
    });
  await expect(userRow(page, username)).toBeVisible({ timeout: 20_000 });

  // Deleted elsewhere: the row leaves.
  await (await rootClient()).collection("users").delete(created.id);
  await expect(userRow(page, username)).toHaveCount(0, { timeout: 20_000 });
  await page.context().close();
});
