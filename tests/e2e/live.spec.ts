/**
 * Issue 6 item 2 in the browser: two windows as different users see each other's public
 * changes live (through `/api/realtime`, same origin, under the page's CSP) and never the
 * private ones; a record that turns private leaves the other window; an unlisted collection
 * opened by its link follows its changes; an open post follows its changes and says so once
 * unpublished; two editors of one entry warn before overwriting.
 * Accounts are created per test so the fixtures other specs read stay untouched.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type PocketBase from "pocketbase";
import { CATALOGS, waitForHydration } from "./support/app.ts";
import { cspViolations, watchCsp } from "./support/csp.ts";
import {
  createAccount,
  signedInState,
  signInAs,
  uniqueName,
  type TestAccount,
} from "./support/test-accounts.ts";

const live = CATALOGS.en.live;
const editor = CATALOGS.en.editor;

async function expectNoCspViolation(page: Page, consoleErrors: string[]): Promise<void> {
  expect(await cspViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
}

/** Serious and critical axe violations of the page as it is now (notices and warnings open). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

/** Opens a page and waits until it is hydrated and subscribed. */
async function openLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByTestId("live-status").first()).toHaveAttribute("data-status", "live", {
    timeout: 20_000,
  });
}

/** A writer (A) and a plain user (B), each with an SDK client and a browser context. */
async function twoPeople(browser: import("@playwright/test").Browser) {
  const a: TestAccount = await createAccount({ lang: "en", verified: true, role: "writer" });
  const b: TestAccount = await createAccount({ lang: "en", verified: true });
  const apiA: PocketBase = await signInAs(a.email, a.password);
  const contextB = await browser.newContext({ storageState: await signedInState(b) });
  const csp = await watchCsp(contextB);
  const pageB = await contextB.newPage();
  return { a, apiA, contextB, pageB, csp };
}

/** Brings held new items in when the list shows a "new … — Show" notice. */
async function showNew(page: Page): Promise<void> {
  const notice = page.getByTestId("new-items");
  const show = notice.getByRole("button", { name: live.newItems.show });
  if (await show.isVisible()) await show.click();
}

/**
 * Waits until the link named `name` is in the list, bringing held items in as a reader
 * would, as often as the notice comes back: other specs write public records at the same
 * time, so the first notice may announce theirs, and ours arrive behind it (issue 22).
 */
async function revealLive(page: Page, name: string): Promise<void> {
  const link = page.getByRole("link", { name });
  await expect
    .poll(
      async () => {
        await showNew(page);
        return link.count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  await expect(link).toBeVisible();
}

test.describe("live pages", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a published post reaches another user's /blog live, and leaves it when unpublished", async ({
    browser,
  }) => {
    const { apiA, a, contextB, pageB, csp } = await twoPeople(browser);
    await openLive(pageB, "/blog");
    const title = `Live post ${uniqueName("")}`;
    const post = await apiA.collection("posts").create({
      author: a.id,
      title,
      content: "Written in another window.",
      status: "published",
      lang: "en",
    });
    // Held above the list (it would push the list down), announced, then shown on request.
    await expect
      .poll(
        async () =>
          (await pageB.getByRole("link", { name: title }).count()) +
          (await pageB.getByTestId("new-items").getByRole("button").count()),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    expect(await seriousViolations(pageB)).toEqual([]);
    await revealLive(pageB, title);

    await apiA.collection("posts").update(post.id, { status: "draft" });
    await expect(pageB.getByRole("link", { name: title })).toHaveCount(0, { timeout: 20_000 });
    await expectNoCspViolation(pageB, csp);
    await contextB.close();
  });

  test("a guest's /blog, never touched, announces a post published while they read (issue 25 item 7)", async ({
    browser,
  }) => {
    const a: TestAccount = await createAccount({ lang: "en", verified: true, role: "writer" });
    const apiA: PocketBase = await signInAs(a.email, a.password);
    const context = await browser.newContext();
    const csp = await watchCsp(context);
    const page = await context.newPage();
    // No pointer, key or touch: the page waits for an intent to hydrate, and watches the blog
    // meanwhile through a bare stream (opened a few seconds after load).
    const subscribed = page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/realtime") && response.request().method() === "POST",
      { timeout: 30_000 },
    );
    await page.goto("/blog");
    expect((await subscribed).status()).toBe(204);
    const title = `Read meanwhile ${uniqueName("")}`;
    await apiA.collection("posts").create({
      author: a.id,
      title,
      content: "Published while a guest was reading.",
      status: "published",
      lang: "en",
    });
    await expect
      .poll(
        async () =>
          (await page.getByRole("link", { name: title }).count()) +
          (await page.getByTestId("new-items").getByRole("button").count()),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await revealLive(page, title);
    await expectNoCspViolation(page, csp);
    await context.close();
  });

  test("another user's /archive shows public entries live, never private ones, and drops one made private", async ({
    browser,
  }) => {
    const { apiA, a, contextB, pageB, csp } = await twoPeople(browser);
    await openLive(pageB, "/archive");
    const date = `${new Date().toISOString().slice(0, 10)} 00:00:00.000Z`;
    const secret = `Secret ${uniqueName("")}`;
    const open = `Open ${uniqueName("")}`;
    await apiA.collection("entries").create({
      author: a.id,
      title: secret,
      content: "Only mine.",
      visibility: "private",
      date,
    });
    const entry = await apiA.collection("entries").create({
      author: a.id,
      title: open,
      content: "For everyone.",
      visibility: "public",
      date,
    });
    await revealLive(pageB, open);
    // The private entry was created first: had it reached B, it would be there by now.
    await expect(pageB.getByText(secret)).toHaveCount(0);

    await apiA.collection("entries").update(entry.id, { visibility: "private" });
    await expect(pageB.getByRole("link", { name: open })).toHaveCount(0, { timeout: 20_000 });
    await expect(pageB.getByText(secret)).toHaveCount(0);
    await expectNoCspViolation(pageB, csp);
    await contextB.close();
  });

  test("an unlisted collection opened by its link follows its changes live (ADR 062)", async ({
    browser,
  }) => {
    const { apiA, a, contextB, pageB, csp } = await twoPeople(browser);
    const notebook = await apiA.collection("collections").create({
      owner: a.id,
      title: `Link notebook ${uniqueName("")}`,
      visibility: "unlisted",
    });
    await openLive(pageB, `/collection/${a.username}/${String(notebook.name)}`);
    await expect(pageB.getByRole("heading", { level: 1 })).toHaveText(String(notebook.title));
    // The page subscribes with the link: by its id alone, the collection is hidden from B.
    const renamed = `Renamed notebook ${uniqueName("")}`;
    await apiA.collection("collections").update(notebook.id, { title: renamed });
    await expect(pageB.getByRole("heading", { level: 1 })).toHaveText(renamed, {
      timeout: 20_000,
    });
    await expectNoCspViolation(pageB, csp);
    await contextB.close();
  });

  test("an open post follows changes made elsewhere and says so once unpublished", async ({
    browser,
  }) => {
    const { apiA, a, contextB, pageB, csp } = await twoPeople(browser);
    const title = `Open post ${uniqueName("")}`;
    const post = await apiA.collection("posts").create({
      author: a.id,
      title,
      content: "First version.",
      status: "published",
      lang: "en",
    });
    await openLive(pageB, `/post/${a.username}/${String(post.slug)}`);
    await expect(pageB.getByRole("heading", { level: 1 })).toHaveText(title);
    await pageB.mouse.wheel(0, 200);

    await apiA.collection("posts").update(post.id, { content: "Second version, live." });
    await expect(pageB.getByText("Second version, live.")).toBeVisible({ timeout: 20_000 });
    await expect(pageB.getByRole("heading", { level: 1 })).toHaveText(title);

    await apiA.collection("posts").update(post.id, { status: "draft" });
    await expect(pageB.getByTestId("record-gone")).toContainText(live.record.gonePost, {
      timeout: 20_000,
    });
    await expect(pageB.getByText("Second version, live.")).toHaveCount(0);
    expect(await seriousViolations(pageB)).toEqual([]);
    await expectNoCspViolation(pageB, csp);
    await contextB.close();
  });

  test("two editors of one entry: the other is warned live, and a save asks before overwriting", async ({
    browser,
  }) => {
    const a = await createAccount({ lang: "en", verified: true });
    const apiA = await signInAs(a.email, a.password);
    const entry = await apiA.collection("entries").create({
      author: a.id,
      title: `Shared ${uniqueName("")}`,
      content: "Base text.",
      visibility: "private",
    });
    const context = await browser.newContext({ storageState: await signedInState(a) });
    const csp = await watchCsp(context);
    const path = `/entry/update/${a.username}/${String(entry.name)}`;
    const first = await context.newPage();
    const second = await context.newPage();
    // A third editor without realtime at all: the check before saving must still ask.
    const offline = await context.newPage();
    await offline.addInitScript(() => {
      Reflect.deleteProperty(window, "EventSource");
    });
    await openLive(first, path);
    await openLive(second, path);
    await offline.goto(path);
    await waitForHydration(offline);

    const titleBox = (page: Page) =>
      page.getByRole("main").getByRole("textbox", { name: editor.fields.title, exact: true });
    await titleBox(first).fill("Saved by the first editor");
    await first.getByRole("button", { name: editor.form.save }).click();
    await first.waitForURL(/\/entry\/[^/]+\/[^/]+$/);

    // The second editor hears about it at once, without blocking the writer.
    const warning = second.getByTestId("edit-conflict");
    await expect(warning).toContainText("This entry was changed elsewhere at", {
      timeout: 20_000,
    });
    await titleBox(second).fill("Second editor's title");
    await expect(warning.getByRole("button", { name: live.conflict.reload })).toBeVisible();
    await expect(warning.getByRole("button", { name: live.conflict.keep })).toBeVisible();
    expect(await seriousViolations(second)).toEqual([]);

    // Saving anyway asks first; "Don't save" keeps the newer version on the server.
    await second.getByRole("button", { name: editor.form.save }).click();
    const question = second.getByRole("dialog", { name: live.conflict.confirmTitle });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: live.conflict.confirmCancel }).click();
    await expect(question).toBeHidden();
    expect((await apiA.collection("entries").getOne(entry.id)).title).toBe(
      "Saved by the first editor",
    );

    // "Reload their version" puts the newer version in the form.
    await warning.getByRole("button", { name: live.conflict.reload }).click();
    await expect(titleBox(second)).toHaveValue("Saved by the first editor");
    await expect(warning).toBeEmpty();

    // Without realtime, the fresh read before saving still catches the newer version.
    await titleBox(offline).fill("Offline editor's title");
    await offline.getByRole("button", { name: editor.form.save }).click();
    const offlineQuestion = offline.getByRole("dialog", { name: live.conflict.confirmTitle });
    await expect(offlineQuestion).toBeVisible({ timeout: 20_000 });
    await offlineQuestion.getByRole("button", { name: live.conflict.confirmSave }).click();
    await offline.waitForURL(/\/entry\/[^/]+\/[^/]+$/);
    expect((await apiA.collection("entries").getOne(entry.id)).title).toBe(
      "Offline editor's title",
    );
    await expectNoCspViolation(first, csp);
    await context.close();
  });
});
