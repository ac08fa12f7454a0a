/**
 * Issue 28 in the browser (Chromium's offline emulation), in English and French, in one
 * persistent browser profile per language (the service worker, its caches and IndexedDB
 * survive closing the browser, as on a phone): signed in, Chromium finds the app installable
 * (its manifest, icons and service worker), and the service worker keeps the desk,
 * the editor and the pages opened; offline, three new entries are written and a fourth is
 * edited, each waiting in the outbox ("Offline · 4 changes waiting"), the third saved with
 * an attachment kept as a Blob; the browser is closed and opened again still offline, and
 * the desk lists them, the file "waiting to be sent"; online again, each reaches the
 * server exactly once, and the fourth, edited meanwhile through the API on the same lines,
 * keeps the server's version with ours offered beside it; signing out leaves no cache, no
 * IndexedDB database and no service worker.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import enOffline from "#shared/i18n/catalogs/en/offline.ts";
import frOffline from "#shared/i18n/catalogs/fr/offline.ts";
import { CATALOGS, fill, LABELS, LANGS, waitForHydration } from "./support/app.ts";
import { baseUrl } from "./support/environment.ts";
import { createAccount, signedInState, signInAs } from "./support/test-accounts.ts";

// Two browser launches, an offline session and a sync: more than the suite's 60 s when busy.
test.describe.configure({ timeout: 150_000 });

/** Launches Chromium on a profile folder kept between launches. */
function launch(
  playwright: Parameters<Parameters<typeof test>[2]>[0]["playwright"],
  profile: string,
  offline: boolean,
): Promise<BrowserContext> {
  return playwright.chromium.launchPersistentContext(profile, {
    executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    baseURL: baseUrl(),
    locale: "en-US",
    timezoneId: "UTC",
    offline,
  });
}

/** The pages the account's cache holds (paths). */
async function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith("cahier-pages-"));
    if (!name) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  });
}

/** What the site keeps in this browser: caches, offline databases, service workers. */
async function storedData(page: Page) {
  return page.evaluate(async () => ({
    caches: await caches.keys(),
    databases: (await indexedDB.databases())
      .map((db) => db.name ?? "")
      .filter((name) => name.startsWith("cahier-")),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
}

for (const lang of LANGS) {
  const text = { ...CATALOGS[lang], offline: lang === "fr" ? frOffline : enOffline };
  const waiting = (count: number) =>
    `${text.offline.status.offline} · ${fill(count === 1 ? text.offline.status.waiting_one : text.offline.status.waiting_other, { count })}`;

  test(`writes offline, keeps it across a restart, syncs once, signs out clean (${lang})`, async ({
    playwright,
  }) => {
    const account = await createAccount({ lang, verified: true });
    const pb = await signInAs(account.email, account.password);
    const suffix = Math.random().toString(36).slice(2, 8);
    const fourth = await pb.collection("entries").create({
      author: account.id,
      title: `Fourth ${lang} ${suffix}`,
      content: "First paragraph.\n\nSecond paragraph.",
    });
    const editPath = `/entry/update/${account.username}/${String(fourth.name)}`;
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-offline-"));
    try {
      // Signed in, online: the worker installs and keeps the desk, the editor, the entry.
      let context = await launch(playwright, profile, false);
      const state = await signedInState(account);
      // Cookies that outlive the browser, as the app's own do (session cookies would not).
      const expires = Math.floor(Date.now() / 1000) + 3600;
      await context.addCookies([
        ...state.cookies.map((cookie) => ({ ...cookie, expires })),
        { name: "locale", value: lang, url: baseUrl(), sameSite: "Lax", expires },
      ]);
      let page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/api/health");
      await page.evaluate((entries) => {
        for (const { name, value } of entries) localStorage.setItem(name, value);
      }, state.origins[0]?.localStorage ?? []);
      await page.goto("/writing");
      await waitForHydration(page);
      await expect
        .poll(() => cachedPaths(page))
        .toEqual(expect.arrayContaining(["/writing", "/entry/create"]));
      // Installable by Chromium's own check (Lighthouse 12+ has no such audit): the
      // manifest and its icons, and a service worker in control.
      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => {
          const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
          return installabilityErrors.map((error) => error.errorId);
        })
        .toEqual([]);
      await cdp.detach();
      await page.goto(editPath);
      await waitForHydration(page);
      await expect.poll(() => cachedPaths(page)).toContain(editPath);

      // Offline: the fourth entry edited, three new ones written.
      await context.setOffline(true);
      const status = page.getByTestId("offline-status");
      await expect(status).toHaveText(text.offline.status.offline);
      const editor = () =>
        page
          .getByTestId("markdown-editor")
          .getByRole("textbox", { name: text.editor.markdown.label });
      await editor().click();
      await page.keyboard.press("ControlOrMeta+End");
      await page.keyboard.type(" Added offline.");
      await expect(status).toContainText(waiting(1));
      // Meanwhile, the same paragraph changes on the server.
      await pb
        .collection("entries")
        .update(fourth.id, { content: "First paragraph.\n\nSecond paragraph, changed elsewhere." });
      for (const n of [1, 2, 3]) {
        await page.goto("/entry/create");
        await waitForHydration(page);
        await page
          .getByRole("main")
          .getByRole("textbox", { name: text.editor.fields.title, exact: true })
          .fill(`Offline ${lang} ${suffix} ${String(n)}`);
        await editor().click();
        await page.keyboard.type(`Written offline, number ${String(n)}.`);
        await expect(status).toContainText(waiting(n + 1));
      }
      // The third gets an attachment and is saved: the outbox keeps the file with it.
      await page
        .getByRole("main")
        .locator('input[type="file"]')
        .setInputFiles({ name: "note.txt", mimeType: "text/plain", buffer: Buffer.from("Kept.") });
      await page.getByRole("button", { name: text.editor.form.create, exact: true }).click();
      await expect(page).toHaveURL(/\/writing$/);
      await expect(page.getByTestId("queued-file")).toContainText("note.txt");
      await context.close();

      // The browser opens again, still offline: the desk lists the four waiting changes.
      context = await launch(playwright, profile, true);
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/writing");
      await waitForHydration(page);
      await expect(page.getByTestId("offline-status")).toContainText(waiting(4));
      const waitingList = page.getByTestId("offline-waiting");
      for (const n of [1, 2, 3])
        await expect(waitingList).toContainText(`Offline ${lang} ${suffix} ${String(n)}`);
      await expect(waitingList).toContainText(`Fourth ${lang} ${suffix}`);
      const file = waitingList.getByTestId("queued-file");
      await expect(file).toContainText("note.txt");
      await expect(file).toContainText(
        `${fill(text.offline.files.sizeKb, { size: 1 })} · ${text.offline.files.waiting}`,
      );

      // Online: each reaches the server once; the overlapping edit keeps both versions.
      await context.setOffline(false);
      await expect(page.getByTestId("offline-status")).toHaveText("");
      const created = await pb.collection("entries").getFullList({
        filter: pb.filter("title ~ {:prefix}", { prefix: `Offline ${lang} ${suffix}` }),
        sort: "title",
      });
      expect(created.map((entry) => [entry.title, entry.content])).toEqual(
        [1, 2, 3].map((n) => [
          `Offline ${lang} ${suffix} ${String(n)}`,
          `Written offline, number ${String(n)}.`,
        ]),
      );
      // Its file, once.
      expect(created.map((entry) => (entry.attachments as string[]).length)).toEqual([0, 0, 1]);
      expect((created[2]?.attachments as string[])[0]).toMatch(/^note_\w{10}\.txt$/);
      expect((await pb.collection("entries").getOne(fourth.id)).content).toBe(
        "First paragraph.\n\nSecond paragraph, changed elsewhere.",
      );
      const pending = await pb
        .collection("pendingEdits")
        .getFullList({ filter: pb.filter("record = {:id}", { id: fourth.id }) });
      expect(pending.map((row) => row.content)).toEqual([
        "First paragraph.\n\nSecond paragraph. Added offline.",
      ]);
      await expect(page.getByTestId("offline-conflicts")).toContainText(`Fourth ${lang} ${suffix}`);
      await page
        .getByRole("link", { name: fill(text.offline.conflicts.open, { title: fourth.title }) })
        .click();
      await expect(page).toHaveURL(new RegExp(`${editPath}$`));
      await expect(page.getByText(text.offline.conflicts.heading)).toHaveCount(0);
      await expect(editor()).toContainText("Second paragraph, changed elsewhere.");
      await expect(page.getByText(text.autosave.offer.found.split("{{")[0] ?? "")).toBeVisible();

      // Signing out leaves nothing of the account in this browser.
      await page.goto("/writing");
      await waitForHydration(page);
      // The offline mode (its own chunk, loaded after hydration) clears the data it made.
      await expect(page.getByTestId("offline-status")).toBeAttached();
      await page.getByRole("banner").getByRole("button", { name: LABELS[lang].logout }).click();
      await expect(page).toHaveURL(`${baseUrl()}/`);
      await expect.poll(() => storedData(page)).toEqual({ caches: [], databases: [], workers: 0 });
      await context.close();
    } finally {
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
}

test("a sign-out before the offline mode has loaded still leaves nothing behind", async ({
  browser,
}) => {
  const account = await createAccount({ lang: "en", verified: true });
  const context = await browser.newContext({
    storageState: await signedInState(account),
    serviceWorkers: "block",
  });
  try {
    const page = await context.newPage();
    // The offline mode's chunk is held back until the sign-out is asked, as in a page's
    // first instants.
    const { promise: held, resolve: release } = Promise.withResolvers<undefined>();
    await page.route(/\/assets\/offline-entry-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/writing");
    await waitForHydration(page);
    // What an earlier visit kept: the account's pages and its offline database.
    await page.evaluate(
      async ({ cache, database }) => {
        await (await caches.open(cache)).put("/writing", new Response("kept"));
        await new Promise<void>((resolve, reject) => {
          const request = indexedDB.open(database);
          request.onsuccess = () => {
            request.result.close();
            resolve();
          };
          request.onerror = () => {
            reject(new Error(String(request.error)));
          };
        });
      },
      { cache: `cahier-pages-${account.id}`, database: `cahier-offline-${account.id}` },
    );
    expect(await storedData(page)).toEqual({
      caches: [`cahier-pages-${account.id}`],
      databases: [`cahier-offline-${account.id}`],
      workers: 0,
    });
    await expect(page.getByTestId("offline-status")).toHaveCount(0);
    await page.getByRole("banner").getByRole("button", { name: LABELS.en.logout }).click();
    release(undefined);
    await expect(page).toHaveURL(`${baseUrl()}/`);
    await expect.poll(() => storedData(page)).toEqual({ caches: [], databases: [], workers: 0 });
  } finally {
    await context.close();
  }
});
