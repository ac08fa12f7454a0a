/**
 * Issue 29, privacy-first statistics (ADR 070), in Chromium, English and French: a guest's
 * views of a writer's post are counted on the server (no cookie, no script), and the writer
 * finds them under "Statistics" from "My writing": the chart drawn on the server (an image
 * named and described for assistive technology), its table of figures per day, the work in
 * the list, and the work's own page with its referrer; axe clean, light and dark, and at a
 * phone's width.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import enStats from "../../shared/i18n/catalogs/en/stats.ts";
import frStats from "../../shared/i18n/catalogs/fr/stats.ts";
import { CATALOGS, LANGS, fill, open, useLanguage } from "./support/app.ts";
import { baseUrl } from "./support/environment.ts";
import { createAccount, signedInState, signInAs } from "./support/test-accounts.ts";

/** The page's serious and critical axe violations. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

for (const lang of LANGS) {
  const stats = { en: enStats, fr: frStats }[lang];
  const writing = CATALOGS[lang].writing;

  test(`a writer sees their post's views on a server-drawn chart and its table (${lang})`, async ({
    browser,
    request,
  }) => {
    const account = await createAccount({ lang, verified: true, role: "writer" });
    const api = await signInAs(account.email, account.password);
    const title = `Counted ${Math.random().toString(36).slice(2, 8)}`;
    const post = await api.collection("posts").create<{ id: string; slug: string }>({
      author: account.id,
      title,
      content: "Somebody read this.",
      status: "published",
    });
    // Two guests read it, one coming from another site.
    const url = `${baseUrl()}/post/${account.username}/${post.slug}`;
    const first = await request.get(url, {
      headers: { "user-agent": FIREFOX, referer: "https://news.example.org/today" },
    });
    expect(first.status()).toBe(200);
    const second = await request.get(url, { headers: { "user-agent": `${FIREFOX} Other` } });
    expect(second.status()).toBe(200);
    // Written within seconds (batched): the API says so once they are.
    await expect
      .poll(
        async () =>
          (
            await api.send<{ days: { views: number }[] }>("/api/stats/views", {
              query: { record: post.id },
            })
          ).days.reduce((sum, day) => sum + day.views, 0),
        { timeout: 20_000 },
      )
      .toBe(2);

    const context = await browser.newContext({ storageState: await signedInState(account) });
    await useLanguage(context, lang);
    const page = await context.newPage();
    await open(page, "/writing");
    await page.getByRole("link", { name: writing.statsLink, exact: true }).click();
    await expect(page).toHaveURL("/writing/stats");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(stats.title);
    await expect(main.getByRole("img", { name: stats.chart.title })).toBeVisible();

    // The table behind the chart: every day of the period, today's two views in it.
    await main.getByText(stats.chart.table).click();
    const table = main.getByTestId("stats-table");
    await expect(table).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(31);
    await expect(table.getByRole("row").last().getByRole("cell").first()).toHaveText("2");
    expect(await seriousViolations(page)).toEqual([]);
    // On a phone, in the dark theme: nothing wider than the screen, still axe clean.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: "dark" });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The work's own figures, with where its readers came from.
    await main.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\/writing\/stats\?record=/);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      fill(stats.workTitle, { title }),
    );
    await expect(main.getByRole("img", { name: stats.chart.title })).toBeVisible();
    await expect(main.getByTestId("stats-referrers")).toContainText("news.example.org");
    await context.close();
  });
}
