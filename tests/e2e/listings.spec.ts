/**
 * Issue 4 items 4 and 5 in Chromium: the blog's pages and tag filter, the archive (grouped by
 * year and month, kind and tag filters that work without JavaScript, private entries for
 * their author only), collections (a person's own, a collection's entries by visibility),
 * and creating, editing and deleting a collection in English and French; axe and 360 px on
 * the listings with real data.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  CATALOGS,
  documentTitle,
  oneLanguage,
  open,
  useLanguage,
  waitForHydration,
} from "./support/app.ts";
import {
  fixtureAccount,
  signUpAccount,
  type SignedInAccount,
  type StorageState,
} from "./support/accounts.ts";
import { USERS } from "./support/environment.ts";

const en = CATALOGS.en.listings;
const PAGING_TAG = "e2e-paging";
const ARCHIVE_TAG = "e2e-archive";
/** Posts with {@link PAGING_TAG}: one more page than a full one, plus two. */
const PAGING_POSTS = 32;

/** A date in 2018 (older than every other spec's content), `day` days after 1 April. */
function in2018(day: number, time = "08:00:00"): string {
  return `${new Date(Date.UTC(2018, 3, 1 + day)).toISOString().slice(0, 10)} ${time}.000Z`;
}

/** Serious and critical axe violations of the page, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

test.describe("listings", () => {
  test.describe.configure({ mode: "serial" });

  let writer: SignedInAccount;
  let lena: SignedInAccount;
  const created: { collection: string; id: string; pb: SignedInAccount }[] = [];

  async function contextFor(browser: Browser, state?: StorageState, lang: "en" | "fr" = "en") {
    const context = await browser.newContext(state ? { storageState: state } : {});
    await useLanguage(context, lang);
    return context;
  }

  test.beforeAll(async () => {
    writer = await fixtureAccount("writer");
    lena = await signUpAccount({ username: "lena_e2e", name: "Lena Lister" });
    for (let i = 0; i < PAGING_POSTS; i++) {
      const post = await writer.pb.collection("posts").create({
        author: writer.id,
        title: `Paging post ${String(i).padStart(2, "0")}`,
        // Post 00 is longer: its card is taller than its neighbour's, in one row (issue 25).
        content: i === 0 ? "Some words to read. ".repeat(12) : "Some words to read.",
        tags: i === 0 ? [PAGING_TAG, ARCHIVE_TAG] : [PAGING_TAG],
        status: "published",
        publishedAt: in2018(i),
        lang: "en",
      });
      created.push({ collection: "posts", id: post.id, pb: writer });
    }
    const walks = await lena.pb.collection("collections").create({
      owner: lena.id,
      title: "Lena walks",
      description: "Walks by the **river**.",
      visibility: "public",
    });
    created.push({ collection: "collections", id: walks.id, pb: lena });
    const entries = [
      { title: "Lena public walk", visibility: "public", date: in2018(1, "00:00:00") },
      { title: "Lena private diary", visibility: "private", date: in2018(40, "00:00:00") },
      { title: "Lena unlisted note", visibility: "unlisted", date: in2018(41, "00:00:00") },
    ];
    for (const entry of entries) {
      const record = await lena.pb.collection("entries").create({
        author: lena.id,
        content: "A few lines.",
        tags: [ARCHIVE_TAG],
        collection: walks.id,
        ...entry,
      });
      created.push({ collection: "entries", id: record.id, pb: lena });
    }
  });

  test.afterAll(async () => {
    for (const { collection, id, pb } of created.reverse())
      await pb.pb
        .collection(collection)
        .delete(id)
        .catch(() => undefined);
  });

  test("the blog pages 30 posts at a time, with accessible page links that keep the tag", async ({
    page,
  }) => {
    await open(page, `/blog?tag=${PAGING_TAG}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      en.blog.taggedTitle.replace("{{tag}}", PAGING_TAG),
    );
    await expect(page).toHaveTitle(
      documentTitle(en.blog.taggedTitle.replace("{{tag}}", PAGING_TAG)),
    );
    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical).toHaveAttribute("href", new RegExp(`/blog\\?tag=${PAGING_TAG}$`));
    const cards = main.getByRole("article");
    await expect(cards).toHaveCount(30);
    await expect(cards.first()).toContainText("Paging post 31");
    await expect(cards.first()).toContainText(en.meta.by.replace("{{name}}", USERS.writer.name));
    await expect(cards.first()).toContainText(en.meta.readingTime.replace("{{count}}", "1"));

    const pages = page.getByRole("navigation", { name: en.pagination.label });
    await expect(pages).toContainText(
      en.pagination.summary.replace("{{page}}", "1").replace("{{total}}", "2"),
    );
    await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(pages.getByRole("link", { name: en.pagination.previousLabel })).toHaveCount(0);
    await pages.getByRole("link", { name: en.pagination.nextLabel }).click();
    await expect(page).toHaveURL(`/blog?tag=${PAGING_TAG}&page=2`);
    await expect(cards).toHaveCount(2);
    await expect(cards.last()).toContainText("Paging post 00");
    // Side by side at desktop width, the short card is as tall as the long one (issue 25).
    const [short, long] = await Promise.all([
      cards.first().boundingBox(),
      cards.last().boundingBox(),
    ]);
    expect(short?.y).toBe(long?.y);
    expect(short?.height).toBe(long?.height);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(canonical).toHaveAttribute(
      "href",
      new RegExp(`/blog\\?tag=${PAGING_TAG}&page=2$`),
    );

    // A tag on a card leads to that tag's posts.
    await cards.last().getByRole("link", { name: ARCHIVE_TAG }).click();
    await expect(page).toHaveURL(`/blog?tag=${ARCHIVE_TAG}`);
    await expect(cards).toHaveCount(1);
    await main.getByRole("link", { name: en.blog.allPosts }).first().click();
    await expect(page).toHaveURL("/blog");
  });

  test("the archive shows private entries to their author only, grouped by year and month", async ({
    browser,
  }) => {
    const path = `/archive?tag=${ARCHIVE_TAG}`;
    const visitor = await contextFor(browser);
    const guestPage = await visitor.newPage();
    await open(guestPage, path);
    const guestMain = guestPage.getByRole("main");
    await expect(guestMain.getByRole("heading", { level: 2, name: "2018" })).toBeVisible();
    await expect(guestMain.getByRole("heading", { level: 3, name: "April 2018" })).toBeVisible();
    await expect(guestMain.getByRole("link", { name: "Lena public walk" })).toBeVisible();
    await expect(guestMain.getByRole("link", { name: "Paging post 00" })).toBeVisible();
    await expect(guestMain).not.toContainText("Lena private diary");
    await expect(guestMain).not.toContainText("Lena unlisted note");
    await visitor.close();

    const other = await contextFor(browser, (await fixtureAccount("user")).storageState);
    const otherPage = await other.newPage();
    await open(otherPage, path);
    await expect(otherPage.getByRole("main")).not.toContainText("Lena private diary");
    await other.close();

    const author = await contextFor(browser, lena.storageState);
    const page = await author.newPage();
    await open(page, path);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 3, name: "May 2018" })).toBeVisible();
    const diary = main.getByRole("listitem").filter({ hasText: "Lena private diary" });
    await expect(diary).toContainText(CATALOGS.en.common.visibility.private);
    await expect(diary).toContainText(en.meta.entry);
    const note = main.getByRole("listitem").filter({ hasText: "Lena unlisted note" });
    await expect(note).toContainText(CATALOGS.en.common.visibility.unlisted);
    // Newest first: May's entries, then April's items.
    await expect(main.getByRole("heading", { level: 3 })).toHaveText(["May 2018", "April 2018"]);
    await author.close();
  });

  test("the archive's kind and tag filters work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({
      storageState: lena.storageState,
      javaScriptEnabled: false,
    });
    await useLanguage(context, "en");
    const page = await context.newPage();
    await page.goto("/archive");
    const filters = page.getByRole("search", { name: en.archive.filters.label });
    // At desktop width the labels share a line, and the controls and the button another
    // (issue 25); at 360 px they stack, the button across the form.
    const parts = [
      filters.locator('label[for="archive-kind"]'),
      filters.locator('label[for="archive-tag"]'),
      filters.getByLabel(en.archive.filters.kind),
      filters.getByLabel(en.archive.filters.tag),
      filters.getByRole("button", { name: en.archive.filters.apply }),
    ];
    const boxes = async () =>
      Promise.all(
        parts.map(
          async (part) => (await part.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 },
        ),
      );
    const [kindLabel, tagLabel, kind, tag, apply] = await boxes();
    expect(tagLabel?.y).toBe(kindLabel?.y);
    expect(tag?.y).toBe(kind?.y);
    expect(apply?.y).toBe(kind?.y);
    expect(apply?.height).toBe(tag?.height);
    await page.setViewportSize({ width: 360, height: 740 });
    const [kindLabel360, tagLabel360, kind360, tag360, apply360] = await boxes();
    // Each part below the one before it, in reading order.
    const column = [kindLabel360, kind360, tagLabel360, tag360, apply360];
    for (let i = 1; i < column.length; i++) {
      const above = column[i - 1];
      expect(column[i]?.y).toBeGreaterThanOrEqual((above?.y ?? 0) + (above?.height ?? 0));
    }
    expect(apply360?.width).toBe(tag360?.width);
    await page.setViewportSize({ width: 1280, height: 720 });
    await filters.getByLabel(en.archive.filters.kind).selectOption("entries");
    await filters.getByLabel(en.archive.filters.tag).fill(ARCHIVE_TAG);
    await filters.getByRole("button", { name: en.archive.filters.apply }).click();
    await expect(page).toHaveURL(`/archive?kind=entries&tag=${ARCHIVE_TAG}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("article")).toHaveCount(3);
    await expect(main).not.toContainText("Paging post 00");
    await expect(main).toContainText(
      en.archive.filters.activeTag
        .replace("{{kind}}", en.archive.kinds.entries)
        .replace("{{tag}}", ARCHIVE_TAG),
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/archive\\?kind=entries&tag=${ARCHIVE_TAG}$`),
    );

    await filters.getByLabel(en.archive.filters.kind).selectOption("posts");
    await filters.getByRole("button", { name: en.archive.filters.apply }).click();
    await expect(page).toHaveURL(`/archive?kind=posts&tag=${ARCHIVE_TAG}`);
    await expect(main.getByRole("article")).toHaveCount(1);
    await expect(main).toContainText("Paging post 00");

    await filters.getByLabel(en.archive.filters.tag).fill("no-such-tag-anywhere");
    await filters.getByRole("button", { name: en.archive.filters.apply }).click();
    await expect(main).toContainText(en.archive.emptyFiltered);
    await main.getByRole("link", { name: en.archive.filters.clear }).first().click();
    await expect(page).toHaveURL("/archive");
    await context.close();
  });

  test("the same filters navigate in the app once hydrated", async ({ browser }) => {
    const context = await contextFor(browser, lena.storageState);
    const page = await context.newPage();
    await open(page, "/archive");
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const filters = page.getByRole("search", { name: en.archive.filters.label });
    await filters.getByLabel(en.archive.filters.kind).selectOption("entries");
    await filters.getByLabel(en.archive.filters.tag).fill(ARCHIVE_TAG);
    await filters.getByLabel(en.archive.filters.tag).press("Enter");
    await expect(page).toHaveURL(`/archive?kind=entries&tag=${ARCHIVE_TAG}`);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(3);
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    await context.close();
  });

  test("collections: one's own when signed in, a collection's entries by visibility", async ({
    browser,
  }) => {
    const guest = await contextFor(browser);
    const guestPage = await guest.newPage();
    await open(guestPage, "/collections");
    await expect(
      guestPage.getByRole("main").getByRole("link", { name: "Lena walks" }),
    ).toBeVisible();
    await expect(guestPage.getByRole("link", { name: en.collections.create })).toHaveCount(0);
    await open(guestPage, "/collection/lena_e2e/lena-walks");
    const guestMain = guestPage.getByRole("main");
    await expect(guestMain.locator(".prose strong")).toHaveText("river");
    await expect(guestMain.getByRole("link", { name: "Lena public walk" })).toBeVisible();
    await expect(guestMain).not.toContainText("Lena private diary");
    await expect(guestMain).not.toContainText("Lena unlisted note");
    await expect(guestMain.getByRole("link", { name: en.collections.edit })).toHaveCount(0);
    await guest.close();

    const owner = await contextFor(browser, lena.storageState);
    const page = await owner.newPage();
    await open(page, "/collections");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Lena walks" })).toBeVisible();
    // Only one's own: the writer's public collection is not listed here.
    await expect(main.getByRole("link", { name: "Field notes" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: en.collections.create })).toHaveAttribute(
      "href",
      "/collection/create",
    );
    await main.getByRole("link", { name: "Lena walks" }).click();
    await expect(page).toHaveURL("/collection/lena_e2e/lena-walks");
    await expect(main.getByRole("link", { name: "Lena private diary" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Lena unlisted note" })).toBeVisible();
    await expect(main.getByRole("link", { name: en.collections.edit })).toHaveAttribute(
      "href",
      "/collection/update/lena_e2e/lena-walks",
    );
    await owner.close();
  });

  for (const lang of oneLanguage("en")) {
    const t = CATALOGS[lang].listings;
    const form = t.collectionForm;
    const records = CATALOGS[lang].records;

    test(`create, edit and delete a collection (${lang})`, async ({ browser }) => {
      const context = await contextFor(browser, lena.storageState, lang);
      const page = await context.newPage();
      const main = page.getByRole("main");
      await open(page, "/collections");
      await main.getByRole("link", { name: t.collections.create }).click();
      await expect(page).toHaveURL("/collection/create");
      await expect(page).toHaveTitle(documentTitle(records.collection.createTitle));

      // A missing title is caught before any request, and the field gets the focus.
      await main.getByRole("button", { name: form.create }).click();
      const title = main.getByLabel(form.title, { exact: true });
      await expect(title).toBeFocused();
      await expect(title).toHaveAccessibleDescription(form.errors.titleRequired);

      await title.fill(`Field journal ${lang}`);
      await main.getByLabel(form.description).fill("Walks along **the river**.");
      await main.getByLabel(CATALOGS[lang].common.visibility.public).check();
      await main.getByRole("button", { name: form.create }).click();
      const collectionPath = `/collection/lena_e2e/field-journal-${lang}`;
      await expect(page).toHaveURL(collectionPath);
      await expect(page.getByRole("status").filter({ hasText: form.created })).toContainText(
        form.created,
      );
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(`Field journal ${lang}`);
      await expect(main.locator(".prose strong")).toHaveText("the river");
      await expect(main).toContainText(CATALOGS[lang].common.visibility.public);

      // Edit: a new title and visibility; the URL name stays.
      await main.getByRole("link", { name: t.collections.edit }).click();
      await expect(page).toHaveURL(`/collection/update/lena_e2e/field-journal-${lang}`);
      await expect(main.getByLabel(form.name)).toHaveValue(`field-journal-${lang}`);
      await main.getByLabel(form.title, { exact: true }).fill(`River journal ${lang}`);
      await main.getByLabel(CATALOGS[lang].common.visibility.unlisted).check();
      await main.getByRole("button", { name: form.save }).click();
      await expect(page).toHaveURL(collectionPath);
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(`River journal ${lang}`);
      await expect(main).toContainText(CATALOGS[lang].common.visibility.unlisted);

      // The URL name is unique per owner: the API's answer, in the interface language.
      await open(page, "/collection/create");
      await main.getByLabel(form.title, { exact: true }).fill("Another one");
      await main.getByLabel(form.name).fill(`field-journal-${lang}`);
      await main.getByRole("button", { name: form.create }).click();
      await expect(main.getByLabel(form.name)).toHaveAccessibleDescription(
        new RegExp(form.errors.nameTaken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
      );
      await expect(main.getByLabel(form.name)).toBeFocused();
      await expect(page).toHaveURL("/collection/create");

      // Delete, after a confirmation that can be dismissed.
      await open(page, `/collection/update/lena_e2e/field-journal-${lang}`);
      await main.getByRole("button", { name: form.delete.button }).click();
      const dialog = page.getByRole("alertdialog", {
        name: form.delete.confirmTitle.replace("{{title}}", `River journal ${lang}`),
      });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(form.delete.confirmText);
      await expect(dialog.getByRole("button", { name: form.delete.cancel })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(main.getByRole("button", { name: form.delete.button })).toBeFocused();
      expect((await seriousViolations(page)).length).toBe(0);

      await main.getByRole("button", { name: form.delete.button }).click();
      await dialog.getByRole("button", { name: form.delete.confirm }).click();
      await expect(page).toHaveURL("/collections");
      await expect(page.getByRole("status").filter({ hasText: form.delete.deleted })).toContainText(
        form.delete.deleted,
      );
      await expect(main.getByRole("link", { name: `River journal ${lang}` })).toHaveCount(0);
      const gone = await page.goto(collectionPath);
      expect(gone?.status()).toBe(404);
      await context.close();
    });
  }

  for (const lang of oneLanguage("en")) {
    test(`the listings have no serious accessibility violation and fit 360 px (${lang})`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({
        storageState: lena.storageState,
        viewport: { width: 360, height: 740 },
      });
      await useLanguage(context, lang);
      const page = await context.newPage();
      for (const path of [
        `/blog?tag=${PAGING_TAG}&page=2`,
        `/blog?tag=${PAGING_TAG}`,
        `/archive?tag=${ARCHIVE_TAG}`,
        "/archive?kind=posts&page=2",
        "/collections",
        "/collection/lena_e2e/lena-walks",
        "/collection/create",
        "/collection/update/lena_e2e/lena-walks",
        "/",
      ]) {
        await page.goto(path);
        await waitForHydration(page);
        expect.soft(await seriousViolations(page), `${path} (${lang})`).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect.soft(overflow, `horizontal overflow of ${path} at 360 px (${lang})`).toBe(0);
      }
      await context.close();
    });
  }
});
