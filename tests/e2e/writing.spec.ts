/**
 * Issue 13 point 1 in Chromium, in English and French: "My writing" (`/writing`) is linked
 * from the header, sends a guest to `/login`, invites a new writer to write, then lists their
 * own entries and posts with counts; the state and collection filters work, a draft is
 * published from the list after a confirmation, an entry is deleted after a dialog, and the
 * list follows changes made elsewhere. Axe finds no serious violation and nothing overflows at
 * 360 px, with a dialog open too. Each test creates its own writer.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type PocketBase from "pocketbase";
import {
  CATALOGS,
  fill,
  header,
  type Lang,
  oneLanguage,
  open,
  useLanguage,
} from "./support/app.ts";
import {
  createAccount,
  signedInState,
  signInAs,
  type TestAccount,
} from "./support/test-accounts.ts";

/** Serious and critical axe violations of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

/** A new writer in `lang`, their SDK client, and a signed-in browser page. */
async function newWriter(
  browser: Browser,
  lang: Lang,
  viewport?: { width: number; height: number },
) {
  const account: TestAccount = await createAccount({ lang, verified: true, role: "writer" });
  const api: PocketBase = await signInAs(account.email, account.password);
  const context = await browser.newContext({
    storageState: await signedInState(account),
    ...(viewport ? { viewport } : {}),
  });
  await useLanguage(context, lang);
  const page = await context.newPage();
  return { account, api, context, page };
}

/** A collection, two entries (one in it) and two posts (a draft, a scheduled one). */
async function seed(api: PocketBase, authorId: string) {
  const walks = await api
    .collection("collections")
    .create({ owner: authorId, title: "Walks", visibility: "private" });
  const entries = api.collection("entries");
  const posts = api.collection("posts");
  const morning = await entries.create({
    author: authorId,
    title: "Morning notes",
    content: "Birds at **dawn**.",
    visibility: "private",
    collection: walks.id,
  });
  const letter = await entries.create({
    author: authorId,
    title: "Open letter",
    content: "Dear reader.",
    visibility: "public",
  });
  const draft = await posts.create({
    author: authorId,
    title: "First draft",
    content: "Not yet.",
    status: "draft",
  });
  await posts.create({
    author: authorId,
    title: "Later post",
    content: "Soon.",
    status: "published",
    publishedAt: "2999-01-01 09:30:00.000Z",
  });
  return { morning, letter, draft };
}

for (const lang of oneLanguage("en")) {
  const w = CATALOGS[lang].writing;
  const live = CATALOGS[lang].live;

  test(`my writing: filters, quick publish, delete and live updates (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // A guest is sent to the login page.
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto("/writing");
    await expect(guestPage).toHaveURL(/\/login\?redirectTo=%2Fwriting$/);
    await guest.close();

    const { account, api, context, page } = await newWriter(browser, lang);
    // Linked from the header; a new writer is invited to write.
    await open(page, "/blog");
    await header(page)
      .getByRole("link", { name: CATALOGS[lang].common.nav.writing, exact: true })
      .click();
    await expect(page).toHaveURL(/\/writing$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(w.title);
    await expect(main).toContainText(w.empty.all);
    await expect(main.getByRole("link", { name: w.newEntry }).first()).toHaveAttribute(
      "href",
      "/entry/create",
    );

    const records = await seed(api, account.id);
    await open(page, "/writing");
    const rows = page.getByTestId("writing-row");
    await expect(rows).toHaveCount(4);
    const states = page.getByRole("navigation", { name: w.states.label });
    await expect(states.getByRole("link", { name: `${w.states.all} 4` })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(states.getByRole("link", { name: `${w.states.private} 1` })).toBeVisible();
    await expect(states.getByRole("link", { name: `${w.states.scheduled} 1` })).toBeVisible();

    // Drafts: the draft, previewed on its page, published now after a confirmation.
    await states.getByRole("link", { name: `${w.states.drafts} 1` }).click();
    await expect(page).toHaveURL(/\/writing\?show=drafts$/);
    await expect(main.getByRole("heading", { level: 2 })).toHaveText(w.headings.drafts);
    await expect(rows).toHaveCount(1);
    const title = "First draft";
    await expect(
      rows.getByRole("link", { name: fill(w.actions.previewLabel, { title }) }),
    ).toHaveAttribute("href", `/post/${account.username}/first-draft`);
    await rows.getByRole("button", { name: fill(w.actions.publishLabel, { title }) }).click();
    const publishDialog = page.getByRole("dialog", {
      name: fill(w.actions.publishTitle, { title }),
    });
    await expect(publishDialog).toContainText(w.actions.publishBody);
    await publishDialog.getByRole("button", { name: w.actions.publishConfirm }).click();
    // The header's search box has a status line of its own: the notification is the one that
    // says it.
    const publishedText = fill(w.actions.published, { title });
    await expect(page.getByRole("status").filter({ hasText: publishedText })).toContainText(
      publishedText,
    );
    await expect(rows).toHaveCount(0);
    await expect(main).toContainText(w.empty.drafts);
    const published = await api.collection("posts").getOne(records.draft.id);
    expect(published.status).toBe("published");
    expect(Date.parse(String(published.publishedAt).replace(" ", "T"))).toBeLessThanOrEqual(
      Date.now() + 1000,
    );

    await states.getByRole("link", { name: `${w.states.published} 1` }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId("writing-state")).toHaveText(w.row.published);

    // Scheduled: with its date.
    await states.getByRole("link", { name: `${w.states.scheduled} 1` }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Later post");
    await expect(rows).toContainText(w.row.scheduledFor.split("{{date}}")[0] ?? "");
    await expect(rows.locator("time").nth(1)).toHaveAttribute(
      "datetime",
      "2999-01-01T09:30:00.000Z",
    );

    // A collection, chosen in the GET form.
    await states.getByRole("link", { name: `${w.states.all} 4` }).click();
    await page.getByLabel(w.filters.collection, { exact: true }).selectOption("walks");
    await page.getByRole("button", { name: w.filters.apply }).click();
    await expect(page).toHaveURL(/\/writing\?collection=walks$/);
    const heading = main.getByRole("heading", { level: 2 });
    await expect(heading).toHaveText(
      fill(w.headings.inCollection, { what: w.headings.all, collection: "Walks" }),
    );
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Morning notes");
    await expect(rows).toContainText("Birds at dawn.");

    // Delete, after a dialog naming the entry; the heading takes the focus.
    const gone = "Morning notes";
    await rows.getByRole("button", { name: fill(w.actions.deleteLabel, { title: gone }) }).click();
    const deleteDialog = page.getByRole("dialog", {
      name: fill(w.actions.deleteTitle, { title: gone }),
    });
    await expect(deleteDialog).toContainText(w.actions.deleteEntryBody);
    await deleteDialog.getByRole("button", { name: w.actions.deleteConfirm }).click();
    const deleted = fill(w.actions.deleted, { title: gone });
    await expect(page.getByRole("status").filter({ hasText: deleted })).toContainText(deleted);
    await expect(main).toContainText(fill(w.empty.inCollection.all, { collection: "Walks" }));
    await expect(heading).toBeFocused();
    await expect(api.collection("entries").getOne(records.morning.id)).rejects.toMatchObject({
      status: 404,
    });

    // Live: a change made elsewhere updates the list; a new record waits above it.
    await page.goto("/writing");
    await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live", {
      timeout: 20_000,
    });
    await expect(rows).toHaveCount(3);
    await api.collection("entries").update(records.letter.id, { title: "Open letter, revised" });
    await expect(rows.first()).toContainText("Open letter, revised");
    await api.collection("entries").create({
      author: account.id,
      title: "From elsewhere",
      content: "Typed on another device.",
    });
    const notice = page.getByTestId("new-items");
    await expect(notice).toContainText(fill(live.newItems.items_one, { count: 1 }));
    await notice.getByRole("button", { name: live.newItems.show }).click();
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toContainText("From elsewhere");
    await context.close();
  });

  test(`my writing has no serious accessibility violation and fits 360 px (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { account, api, context, page } = await newWriter(browser, lang, {
      width: 360,
      height: 740,
    });
    await seed(api, account.id);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    for (const path of [
      "/writing",
      "/writing?show=drafts",
      "/writing?collection=walks",
      "/writing?show=published",
    ]) {
      await open(page, path);
      expect.soft(await seriousViolations(page), `${path} (${lang})`).toEqual([]);
      expect.soft(await overflow(), `horizontal overflow of ${path} at 360 px (${lang})`).toBe(0);
    }
    // The small-screen menu links the page.
    await header(page).getByRole("button", { name: CATALOGS[lang].common.header.openMenu }).click();
    await expect(
      header(page).getByRole("link", { name: CATALOGS[lang].common.nav.writing, exact: true }),
    ).toBeVisible();
    // With the publish dialog open.
    await open(page, "/writing?show=drafts");
    await page
      .getByRole("button", { name: fill(w.actions.publishLabel, { title: "First draft" }) })
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect.soft(await seriousViolations(page), `publish dialog (${lang})`).toEqual([]);
    expect.soft(await overflow(), `overflow with the dialog (${lang})`).toBe(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await context.close();
  });
}
