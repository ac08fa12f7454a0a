/**
 * Own your data, in a real browser, in English and French: the export button of profile
 * settings downloads a zip holding `cahier.json`; an import shows its upload progress (the
 * upload is throttled, so the bar is seen moving) and then its report; a collection prints as
 * a book (print media: no header, navigation or buttons; title page, contents in date order,
 * each entry on its own page). Each test works in a throwaway account.
 */
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { CATALOGS, fill, type Lang, oneLanguage, open, useLanguage } from "./support/app.ts";
import {
  createAccount,
  signedInState,
  signInAs,
  type TestAccount,
} from "./support/test-accounts.ts";

test.describe.configure({ timeout: 90_000 });

/** A count in words, with the plural form the language gives it (French: 0 is singular). */
function counted(lang: Lang, forms: { one: string; other: string }, count: number): string {
  const form = new Intl.PluralRules(lang).select(count) === "one" ? forms.one : forms.other;
  return fill(form, { count });
}

/** A signed-in page of a new account, in `lang`. */
async function signedInPage(browser: Browser, lang: Lang, role: "" | "writer" = "") {
  const account = await createAccount({ lang, verified: true, role });
  const context = await browser.newContext({ storageState: await signedInState(account) });
  await useLanguage(context, lang);
  const page = await context.newPage();
  return { account, context, page };
}

/** Serious and critical axe violations of the page, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** A collection of the account with three entries, written in another order than their dates. */
async function collectionWithEntries(account: TestAccount) {
  const pb = await signInAs(account.email, account.password);
  const collection = await pb.collection("collections").create({
    owner: account.id,
    title: "Sea log",
    visibility: "public",
  });
  for (const [title, date] of [
    ["Second day", "2024-06-02 08:00:00.000Z"],
    ["First day", "2024-06-01 08:00:00.000Z"],
    ["Third day", "2024-06-03 08:00:00.000Z"],
  ] as const) {
    await pb.collection("entries").create({
      author: account.id,
      collection: collection.id,
      title,
      date,
      visibility: title === "Third day" ? "private" : "public",
      content: `Notes of the **${title.toLowerCase()}**.`,
    });
  }
  return String(collection.name);
}

for (const lang of oneLanguage("fr")) {
  const t = CATALOGS[lang].data;

  test(`${lang}: the export downloads a zip with cahier.json`, async ({ browser }) => {
    const { account, context, page } = await signedInPage(browser, lang);
    const pb = await signInAs(account.email, account.password);
    await pb.collection("entries").create({
      author: account.id,
      title: "Kept forever",
      content: "Words to keep.",
    });
    await open(page, "/profileSettings");
    const section = page.getByRole("region", { name: t.section.heading });
    await expect(section).toBeVisible();
    const download = page.waitForEvent("download");
    await section.getByRole("button", { name: t.export.submit }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^cahier-${account.username}-\\d{8}\\.zip$`),
    );
    await expect(section.getByRole("status")).toHaveText(t.export.started);
    const archive = unzipSync(await readFile(await file.path()));
    const manifest = JSON.parse(strFromU8(archive["cahier.json"] as Uint8Array)) as {
      format: string;
      profile: { username: string };
      entries: { title: string }[];
    };
    expect(manifest.format).toBe("cahier-export");
    expect(manifest.profile.username).toBe(account.username);
    expect(manifest.entries.map((e) => e.title)).toEqual(["Kept forever"]);
    expect(Object.keys(archive)).toContain("entries/kept-forever.md");
    await context.close();
  });

  test(`${lang}: an import shows its upload progress, then its report`, async ({ browser }) => {
    const { account, context, page } = await signedInPage(browser, lang);
    // Half a megabyte that does not compress, uploaded at 150 kB/s: the bar moves for seconds.
    const noise = new Uint8Array(512 * 1024);
    for (let i = 0; i < noise.length; i += 65536)
      crypto.getRandomValues(noise.subarray(i, i + 65536));
    const archive = zipSync({
      "Journal/2024-03-01-spring.md": strToU8("# Spring\n\nBuds. ![seed](seed.bin)\n"),
      "Journal/seed.bin": [noise, { level: 0 }],
      "notes/winter.md": strToU8(
        "---\ntitle: Winter\ntags: [cold]\nvisibility: public\n---\nSnow.\n",
      ),
    });
    await open(page, "/profileSettings");
    const section = page.getByRole("region", { name: t.section.heading });
    await section.getByLabel(t.import.file).setInputFiles({
      name: "journal.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(archive),
    });
    // The format is recognised from the file unless the person names it.
    await expect(section.getByLabel(t.import.format)).toHaveValue("auto");
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    await section.getByRole("button", { name: t.import.submit }).click();
    const bar = section.getByTestId("import-progress").locator("progress");
    await expect(bar).toBeVisible();
    await expect
      .poll(async () => Number(await bar.getAttribute("value")), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect(section.getByTestId("import-progress")).toContainText(
      fill(t.import.uploading, { percent: "" }).replace(/\s*%$/, "").trim(),
    );
    const report = section.getByTestId("import-report");
    await expect(report).toBeVisible({ timeout: 30_000 });
    await expect(report).toBeFocused();
    await expect(report.getByRole("heading")).toHaveText(t.import.report.heading);
    await expect(report.getByTestId("import-format")).toHaveText(
      fill(t.import.report.readAs, { format: t.import.formats.markdown }),
    );
    const entriesForms = { one: t.import.report.entries_one, other: t.import.report.entries_other };
    await expect(report.locator('[data-kind="entries"]')).toHaveText(
      counted(lang, entriesForms, 2),
    );
    await expect(report.locator('[data-kind="files"]')).toHaveText(
      counted(lang, { one: t.import.report.files_one, other: t.import.report.files_other }, 1),
    );
    await expect(report).toContainText(t.import.report.nothingSkipped);
    await expect(section.getByTestId("import-progress")).toHaveCount(0);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await seriousViolations(page)).toEqual([]);

    // The same file again: a dry run (the button says so) says nothing new would come in,
    // each reason in the page's language.
    await section.getByLabel(t.import.dryRun).check();
    await section.getByRole("button", { name: t.import.submitDry }).click();
    await expect(report.getByRole("heading")).toHaveText(t.import.report.headingDry);
    await expect(report.locator('[data-kind="entries"]')).toHaveText(
      counted(lang, entriesForms, 0),
    );
    const lines = report.getByRole("listitem").filter({ hasText: ".md)" });
    await expect(lines).toHaveCount(2);
    for (const line of await lines.all())
      await expect(line).toContainText(t.import.reasons.already_imported);
    const pb = await signInAs(account.email, account.password);
    const entries = await pb
      .collection("entries")
      .getFullList({ sort: "title", filter: pb.filter("author = {:id}", { id: account.id }) });
    expect(entries.map((e) => String(e.title))).toEqual(["Spring", "Winter"]);
    await context.close();
  });

  test(`${lang}: a collection prints as a book`, async ({ browser }) => {
    const { account, context, page } = await signedInPage(browser, lang, "writer");
    const name = await collectionWithEntries(account);
    await open(page, `/collection/${account.username}/${name}`);
    await page.getByRole("link", { name: t.print.book }).click();
    await expect(page).toHaveURL(new RegExp(`/collection/${account.username}/${name}/print$`));
    await expect(page.getByRole("heading", { level: 1, name: "Sea log" })).toBeVisible();
    await expect(page.getByRole("button", { name: t.print.action })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByRole("button", { name: t.print.action })).toBeHidden();
    await expect(page.getByRole("link", { name: t.book.back })).toBeHidden();
    const contents = page.getByRole("navigation", { name: t.book.contents });
    await expect(contents).toBeVisible();
    await expect(contents.getByRole("listitem")).toHaveText([
      /First day/,
      /Second day/,
      /Third day/,
    ]);
    const breaks = await page
      .locator("article.book-entry")
      .evaluateAll((articles) => articles.map((a) => getComputedStyle(a).breakBefore));
    expect(breaks).toEqual(["auto", "page", "page"]);
    expect(
      await page.getByTestId("book-title-page").evaluate((el) => getComputedStyle(el).breakAfter),
    ).toBe("page");
    await context.close();
  });
}
