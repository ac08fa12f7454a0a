/**
 * Lighthouse in the suite (issue 16, issue 22): a guest's home, blog, post and login pages,
 * in sequence in one browser, score 100 in accessibility, best practices and SEO. These
 * audits read the page, not the clock, so one run decides. Performance follows the machine's
 * speed and lives in `npm run bench` (`bench/lighthouse.ts`). A failure names the audits
 * that cost points.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  audit,
  misses,
  startLighthouseBrowser,
  type Category,
  type LighthouseBrowser,
  type PageScores,
} from "./lighthouse-runner.ts";
import { PAGE_NAMES, startBudgetSite, type BudgetSite, type PageName } from "./site.ts";

/** The scores asked for, out of 100. */
export const LIGHTHOUSE_TARGETS = {
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
} as const;

const CATEGORIES = Object.keys(LIGHTHOUSE_TARGETS) as Category[];

let site: BudgetSite | undefined;
let browser: LighthouseBrowser | undefined;
const results = new Map<PageName, PageScores>();

beforeAll(async () => {
  site = await startBudgetSite();
  browser = await startLighthouseBrowser();
  for (const name of PAGE_NAMES) {
    const url = `${site.server.url}${site.pages[name]}`;
    // The first request fills the page cache, as it would for the first of many readers.
    await fetch(url);
    results.set(name, await audit(browser, url, CATEGORIES));
  }
}, 240_000);

afterAll(async () => {
  await browser?.stop();
  await site?.server.cleanup();
});

describe("Lighthouse, mobile", () => {
  it.each(PAGE_NAMES)("%s reaches the target scores", (name) => {
    const page = results.get(name);
    if (!page) throw new Error(`no Lighthouse result for ${name}`);
    console.log(`Lighthouse ${name}: ${JSON.stringify(page.scores)}`);
    expect(misses(page, LIGHTHOUSE_TARGETS)).toEqual([]);
  });
});
