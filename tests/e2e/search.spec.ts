/**
 * Issue 14 items 4 and 5 in Chromium, in English and French: the header's search box (`/`
 * focuses it, results as you type in a listbox, arrow keys and Enter open one, Escape closes
 * it); the `/search` page without JavaScript finds a record and applies a filter (a GET form);
 * the calendar marks a created entry's day and links to it; the pages are axe clean and fit
 * 360 px.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { CATALOGS, fill, oneLanguage, open, useLanguage, waitForHydration } from "./support/app.ts";
import { signUpAccount, type SignedInAccount } from "./support/accounts.ts";

/** Letters of this run: a retry's records never meet the first try's. */
const RUN = Array.from({ length: 5 }, () =>
  String.fromCharCode(97 + Math.floor(Math.random() * 26)),
).join("");
/** A word no other spec (and no other run) writes, so results are this run's own. */
const WORD = `quokka${RUN}`;
/** What is typed for results as you type: a prefix of {@link WORD} that is only this run's. */
const PREFIX = WORD.slice(0, 9);
const TITLE = `Harbour ${WORD} walk`;
const TODAY = new Date().toISOString().slice(0, 10);

/** Serious and critical axe violations of the page, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("search and remember", () => {
  test.describe.configure({ mode: "serial" });
  let sara: SignedInAccount;
  let entryPath = "";

  test.beforeAll(async () => {
    // A new name per run: a retry runs this again.
    sara = await signUpAccount({
      username: `sara_${Date.now().toString(36)}`,
      name: "Sara Search",
    });
    const entry = await sara.pb.collection("entries").create({
      author: sara.id,
      title: TITLE,
      content: `We saw a ${WORD} bush by the harbour.`,
      visibility: "public",
      date: `${TODAY} 00:00:00.000Z`,
    });
    entryPath = `/entry/${sara.username}/${String(entry.name)}`;
  });

  for (const lang of oneLanguage("fr")) {
    const text = CATALOGS[lang].search;
    const remember = CATALOGS[lang].remember;

    test(`the header box: / focuses it, results as you type, keys choose (${lang})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ storageState: sara.storageState });
      await useLanguage(context, lang);
      const page = await context.newPage();
      await open(page, "/blog");
      await page.locator("body").press("/");
      const box = page.getByRole("banner").getByRole("combobox", { name: text.box.label });
      await expect(box).toBeFocused();
      await page.keyboard.type(PREFIX);
      const list = page.getByRole("listbox", { name: text.box.label });
      const option = list.getByRole("option", { name: new RegExp(TITLE) });
      await expect(option).toBeVisible();
      await expect(
        page.getByRole("status").filter({ hasText: fill(text.box.results_one, { count: 1 }) }),
      ).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(list).toBeHidden();
      await page.keyboard.press("ArrowDown");
      await expect(option).toHaveAttribute("aria-selected", "true");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(entryPath);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
      // "/" in a text field stays a slash.
      await open(page, `/search?q=${WORD}`);
      const field = page.getByRole("main").getByRole("searchbox", { name: text.page.query });
      await field.fill("a/b");
      await expect(field).toHaveValue("a/b");
      // With JavaScript the page follows the typing, replacing its URL.
      await field.fill(PREFIX);
      await expect(page).toHaveURL(`/search?q=${PREFIX}`);
      await expect(page.getByRole("main").getByRole("link", { name: TITLE })).toBeVisible();
      await expect(field).toBeFocused();
      await context.close();
    });

    test(`the search page works without JavaScript, with filters (${lang})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      await useLanguage(context, lang);
      const page = await context.newPage();
      await page.goto("/search");
      await expect(page.getByRole("heading", { name: text.page.help.heading })).toBeVisible();
      const main = page.getByRole("main");
      await main.getByRole("searchbox", { name: text.page.query }).fill(WORD);
      await main.getByRole("button", { name: text.page.submit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${WORD}`));
      await expect(main.getByRole("link", { name: TITLE })).toHaveAttribute("href", entryPath);
      await expect(main.getByTestId("search-total")).toHaveText(
        fill(text.page.total_one, { count: 1, q: WORD }),
      );
      await main.getByLabel(text.page.filters.kind).selectOption("posts");
      await main.getByRole("button", { name: text.page.filters.apply }).click();
      await expect(page).toHaveURL(/kind=posts/);
      await expect(main).toContainText(fill(text.page.none, { q: WORD }));
      await main.getByRole("link", { name: text.page.filters.clear }).click();
      await expect(main.getByRole("link", { name: TITLE })).toBeVisible();
      await context.close();
    });

    test(`the calendar links a created entry's day; pages fit 360 px, axe clean (${lang})`, async ({
      browser,
    }) => {
      // Four axe scans: slower than one page's budget on a busy machine.
      test.setTimeout(90_000);
      const context = await browser.newContext({
        storageState: sara.storageState,
        viewport: { width: 360, height: 740 },
      });
      await useLanguage(context, lang);
      const page = await context.newPage();
      await open(page, "/calendar");
      const table = page.getByRole("main").getByRole("table");
      await expect(table).toBeVisible();
      const day = table.locator(`a[data-day="${TODAY}"]`);
      await expect(day).toHaveAttribute("href", entryPath);
      await expect(page.locator('td[aria-current="date"]')).toHaveCount(1);
      for (const path of ["/calendar", `/search?q=${WORD}`, "/", `/profile/${sara.username}`]) {
        if (path !== "/calendar") await open(page, path);
        else await waitForHydration(page);
        expect.soft(await seriousViolations(page), `${path} (${lang})`).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect.soft(overflow, `horizontal overflow of ${path} at 360 px (${lang})`).toBe(0);
      }
      await expect(page.getByTestId("year-heatmap")).toContainText(
        fill(remember.heatmap.summary_one, { count: 1 }),
      );
      await open(page, "/calendar");
      await day.click();
      await expect(page).toHaveURL(entryPath);
      await context.close();
    });
  }
});
