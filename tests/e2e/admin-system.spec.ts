/**
 * Issue 7: the superuser pages, in English and French. A superuser changes the application
 * name and sees it in the test email it sends through a real SMTP server, gets field errors
 * from the API in the interface language, filters the request log, opens an entry and reads
 * the per-hour chart, then creates, downloads, restores (data written after the backup is
 * gone), uploads a hostile archive (refused with the API's reason) and deletes a backup.
 * Admin-role accounts and plain users get the 403 page on all of them; guests go to `/login`.
 *
 * A restore replaces every table, and the application name shows in mail: these flows run on
 * a server of their own (own data folder, own SMTP server), never on the suite's shared one.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { strToU8, zipSync } from "fflate";
import fs from "node:fs";
import PocketBase from "pocketbase";
import { storageStateOf } from "./support/accounts.ts";
import {
  CATALOGS,
  type Lang,
  oneLanguage,
  signedIn,
  useLanguage,
  waitForHydration,
} from "./support/app.ts";
import { PASSWORD } from "./support/environment.ts";
import { startOwnServer, type OwnServer } from "./support/own-server.ts";
import { SUPERUSER_ROUTES } from "./support/routes.ts";
import { seriousViolations } from "./support/axe.ts";

test.describe.configure({ mode: "serial" });

const ROOT_EMAIL = "root@system.example.com";

let server: OwnServer;
let root: PocketBase;

/** A name no other run uses. */
function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** A page of the spec's server, signed in as its superuser, in `lang`. */
async function superuserPage(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(root, server.url) });
  await useLanguage(context, lang);
  return context.newPage();
}

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
  server.upsertSuperuser(ROOT_EMAIL);
  root = new PocketBase(server.url);
  root.autoCancellation(false);
  await root.collection("_superusers").authWithPassword(ROOT_EMAIL, PASSWORD);
});

test.afterAll(async () => {
  await server.stop();
});

for (const lang of oneLanguage("en")) {
  const C = CATALOGS[lang].adminSystem;
  const validation = CATALOGS[lang].errors.validation;

  test(`settings: app name, field errors and a test email (${lang})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await superuserPage(browser, lang);
    await open(page, "/admin/settings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(C.settings.title);
    // What the environment decides is shown read-only, secrets hidden.
    await expect(page.getByText(server.url, { exact: true })).toBeVisible();
    await expect(page.getByText(C.settings.mail.passwordHidden, { exact: true })).toBeVisible();
    await expect(page.getByText(C.settings.oauth2.empty)).toBeVisible();

    // A value the API refuses: the error shows under its field, in the interface language.
    const maxRequests = page.getByLabel(C.settings.batch.maxRequests, { exact: true });
    await maxRequests.fill("many");
    await page.getByRole("button", { name: C.settings.save }).click();
    await expect(maxRequests).toHaveAttribute("aria-invalid", "true");
    await expect(maxRequests).toHaveAccessibleDescription(validation.validation_invalid_value);
    await expect(
      page.getByRole("alert").filter({ hasText: C.settings.failed }).first(),
    ).toBeVisible();

    const appName = `Journal ${lang} ${unique("")}`;
    await maxRequests.fill("40");
    await page.getByLabel(C.settings.application.appName, { exact: true }).fill(appName);
    await page.getByRole("button", { name: C.settings.save }).click();
    await expect(
      page.getByRole("region", { name: CATALOGS[lang].shell.notifications.label }),
    ).toContainText(C.settings.saved);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel(C.settings.application.appName, { exact: true })).toHaveValue(
      appName,
    );
    await expect(page.getByLabel(C.settings.batch.maxRequests, { exact: true })).toHaveValue("40");

    // The test email: a bad address is refused by field, a good one arrives with the new name.
    const recipient = page.getByLabel(C.settings.testEmail.email, { exact: true });
    await recipient.fill("nope");
    await page.getByRole("button", { name: C.settings.testEmail.send }).click();
    await expect(recipient).toHaveAccessibleDescription(validation.validation_is_email);
    const address = `${unique("check")}@system.example.com`;
    await recipient.fill(address);
    await page.getByRole("button", { name: C.settings.testEmail.send }).click();
    await expect(
      page.getByText(C.settings.testEmail.sent.replace("{{email}}", address)),
    ).toBeVisible();
    const mail = await server.mail.waitForMail(address);
    expect(mail.subject).toContain(appName);
    expect(mail.text).toContain(appName);
    await page.context().close();
  });

  test(`logs: filters, an entry and the hourly chart (${lang})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await superuserPage(browser, lang);
    await open(page, "/admin/logs");
    const chart = page.getByRole("img", { name: new RegExp(C.logs.chart.heading) });
    await expect(chart).toBeVisible();
    await page.getByText(C.logs.chart.table).click();
    const numbers = page.getByRole("table", { name: C.logs.chart.heading });
    await expect(numbers.getByRole("row").nth(1)).toBeVisible();

    // The refused settings change of the previous test: PATCH /api/settings answered 400.
    await page.getByLabel(C.logs.status, { exact: true }).selectOption("4xx");
    await page.getByLabel(C.logs.method, { exact: true }).selectOption("PATCH");
    await page.getByLabel(C.logs.url, { exact: true }).fill("/api/settings");
    await page.getByLabel(C.logs.sort, { exact: true }).selectOption("created");
    await page.getByRole("button", { name: C.logs.apply }).click();
    await expect(page).toHaveURL(/status=4xx/);
    await expect(page).toHaveURL(/sort=created/);
    const table = page.getByRole("table", { name: C.logs.title });
    const rows = table.locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    // Web-first checks: the table may still be the unfiltered one for a moment.
    for (const text of ["PATCH", "/api/settings", "400"]) {
      await expect(rows.filter({ hasNotText: text })).toHaveCount(0);
    }
    await expect(chart).toBeVisible();

    await rows.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/admin\/logs\/[a-z0-9]{15}$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toContainText(
      C.log.title.replace("{{id}}", ""),
    );
    await expect(main).toContainText("PATCH");
    await expect(main).toContainText("/api/settings");
    await expect(main).toContainText("400");
    await expect(main).toContainText("Chrome");
    expect(await seriousViolations(page)).toEqual([]);

    // Free text stays a literal: quotes cannot change the filter.
    await open(page, `/admin/logs?url=${encodeURIComponent('" || id != "')}`);
    await expect(page.getByText(C.logs.empty)).toBeVisible();
    await page.context().close();
  });

  test(`backups: create, download, restore, hostile upload, delete (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await superuserPage(browser, lang);
    await open(page, "/admin/backups");
    const key = `${unique(`start_${lang}_`)}.zip`;
    await page.getByLabel(C.backups.create.name, { exact: true }).fill(key);
    await page.getByRole("button", { name: C.backups.create.submit }).click();
    await expect(page.getByText(C.backups.create.done)).toBeVisible();
    await expect(page.getByRole("rowheader", { name: key })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Written after the backup: gone once it is restored.
    const late = unique("late_");
    await root.collection("users").create({
      username: late,
      email: `${late}@system.example.com`,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });

    const downloading = page.waitForEvent("download");
    await page
      .getByRole("button", { name: C.backups.list.downloadLabel.replace("{{name}}", key) })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(key);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe("PK");

    await page
      .getByRole("button", { name: C.backups.list.restoreLabel.replace("{{name}}", key) })
      .click();
    const dialog = page.getByRole("dialog", {
      name: C.backups.restore.title.replace("{{name}}", key),
    });
    await expect(dialog).toContainText(C.backups.restore.body);
    expect(await seriousViolations(page)).toEqual([]);
    const reloaded = page.waitForEvent("load", { timeout: 60_000 });
    await dialog.getByRole("button", { name: C.backups.restore.confirm }).click();
    await expect(page.getByText(C.backups.restore.done.replace("{{name}}", key))).toBeVisible({
      timeout: 60_000,
    });
    await reloaded;
    await waitForHydration(page);
    await expect(page.getByRole("rowheader", { name: key })).toBeVisible();
    const after = await root
      .collection("users")
      .getList(1, 1, { filter: root.filter("username = {:u}", { u: late }) });
    expect(after.totalItems).toBe(0);

    // A hostile archive (an entry escaping the folder) is refused with the API's reason.
    const hostile = zipSync({
      "cahier-backup.json": strToU8("{}"),
      "../evil.txt": strToU8("x"),
    });
    const hostileName = `${unique("hostile_")}.zip`;
    await page.getByLabel(C.backups.upload.file, { exact: true }).setInputFiles({
      name: hostileName,
      mimeType: "application/zip",
      buffer: Buffer.from(hostile),
    });
    await page.getByRole("button", { name: C.backups.upload.submit }).click();
    await expect(
      page.getByLabel(C.backups.upload.file, { exact: true }),
    ).toHaveAccessibleDescription(C.errors.validation_invalid_backup);
    const refusal = page.getByRole("alert").filter({ hasText: C.backups.upload.failed });
    await expect(refusal).toContainText("Invalid backup archive:");
    await expect(page.getByRole("rowheader", { name: hostileName })).toHaveCount(0);

    await page
      .getByRole("button", { name: C.backups.list.deleteLabel.replace("{{name}}", key) })
      .click();
    const confirmDelete = page.getByRole("dialog", {
      name: C.backups.delete.title.replace("{{name}}", key),
    });
    await confirmDelete.getByRole("button", { name: C.backups.delete.confirm }).click();
    await expect(page.getByText(C.backups.delete.done.replace("{{name}}", key))).toBeVisible();
    await expect(page.getByRole("rowheader", { name: key })).toHaveCount(0);
    expect((await root.backups.getFullList()).map((b) => b.key)).not.toContain(key);
    await page.context().close();
  });
}

test("the system pages are readable at 360 px", async ({ browser }) => {
  const page = await superuserPage(browser, "fr");
  await page.setViewportSize({ width: 360, height: 740 });
  const entry = (
    await root.send<{ items: { id: string }[] }>("/api/logs", { query: { perPage: 1 } })
  ).items[0];
  const paths = [...SUPERUSER_ROUTES.map((route) => route.path), `/admin/logs/${entry?.id ?? ""}`];
  for (const path of paths) {
    await open(page, path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.context().close();
});

test.describe("only superusers", () => {
  const paths = [...SUPERUSER_ROUTES.map((route) => route.path), "/admin/logs/abcdefghijklmno"];
  for (const lang of oneLanguage("en")) {
    test(`a guest is sent to /login, to come back once signed in (${lang})`, async ({
      browser,
    }) => {
      const context = await browser.newContext();
      await useLanguage(context, lang);
      const page = await context.newPage();
      for (const path of paths) {
        expect((await page.goto(path))?.status(), path).toBe(200);
        const url = new URL(page.url());
        expect(url.pathname, path).toBe("/login");
        expect(url.searchParams.get("redirectTo"), path).toBe(path);
      }
      await context.close();
    });
    for (const visitor of ["user", "admin"] as const) {
      test(`${visitor} gets the 403 page (${lang})`, async ({ browser }) => {
        const context = await browser.newContext(signedIn(visitor));
        await useLanguage(context, lang);
        const page = await context.newPage();
        for (const path of paths) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(403);
          await expect(page.getByTestId("error-message")).toHaveText(
            CATALOGS[lang].errors.page.forbidden,
          );
        }
        await context.close();
      });
    }
  }
});
