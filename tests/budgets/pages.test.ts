/**
 * Byte budgets per page (issue 16): a guest's home, blog, post and login pages, fetched
 * from a real server with `Accept-Encoding: br`, must not cost more compressed HTML, CSS and
 * JavaScript than `pages.json` allows; and no reading page names code it does not run (the
 * Markdown renderer, the editor, the admin) among its scripts (ADR 050).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_DIR, measurePage, type PageCost } from "./measure.ts";
import { PAGE_NAMES, startBudgetSite, type BudgetSite, type PageName } from "./site.ts";

type Budget = Record<"html" | "css" | "js", number>;

const budgets = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "pages.json"), "utf8"),
) as Record<PageName, Budget>;

/** Text only markdown-it's bundle holds (its error for a non-string source). */
const MARKDOWN_IT_MARKER = "Input data should be a String";

/** The languages measured, as the `locale` cookie a reader's choice sets. */
const LANGUAGES = ["en", "fr"] as const;

let site: BudgetSite | undefined;
const costs = new Map<string, PageCost>();

beforeAll(async () => {
  site = await startBudgetSite();
  for (const lang of LANGUAGES) {
    for (const name of PAGE_NAMES) {
      const headers = { cookie: `locale=${lang}` };
      // The second view is the page cache's (ADR 045): what most guests get.
      await measurePage(site.server.url, site.pages[name], headers);
      costs.set(`${name} ${lang}`, await measurePage(site.server.url, site.pages[name], headers));
    }
  }
});

afterAll(async () => {
  await site?.server.cleanup();
});

describe("page budgets (pages.json)", () => {
  const cases = LANGUAGES.flatMap((lang) => PAGE_NAMES.map((name) => [name, lang] as const));
  it.each(cases)("%s (%s) stays within its compressed HTML, CSS and JS budget", (name, lang) => {
    const cost = costs.get(`${name} ${lang}`);
    const budget = budgets[name];
    expect(cost?.status).toBe(200);
    expect(budget, `pages.json has no budget for ${name}`).toBeDefined();
    const over = (["html", "css", "js"] as const).filter(
      (kind) => (cost?.[kind] ?? 0) > budget[kind],
    );
    expect(
      over
        .map((kind) => `${kind}: ${String(cost?.[kind])} B > ${String(budget[kind])} B`)
        .join("; "),
      `${name} (${site?.pages[name] ?? ""}) assets:\n${(cost?.assets ?? []).map((a) => `  ${String(a.bytes)} ${a.href}`).join("\n")}`,
    ).toBe("");
  });

  it("inlines the stylesheet: no page links one; the full one waits for the first intent", () => {
    for (const [name, cost] of costs) {
      expect(cost.linkedStylesheets, name).toBe(0);
      const sheets = cost.assets.filter((asset) => asset.href.endsWith(".css"));
      expect(
        sheets.map((sheet) => sheet.href),
        name,
      ).toEqual([expect.stringMatching(/^\/assets\/app-[\w-]+\.css$/)]);
    }
  });

  it("loads the message catalog of the page's language only", () => {
    for (const [name, cost] of costs) {
      const lang = name.endsWith(" fr") ? "fr" : "en";
      const other = lang === "fr" ? "en" : "fr";
      const hrefs = cost.assets.map((asset) => asset.href);
      expect(
        hrefs.some((href) => href.startsWith(`/assets/${lang}-`)),
        name,
      ).toBe(true);
      expect(
        hrefs.some((href) => href.startsWith(`/assets/${other}-`)),
        name,
      ).toBe(false);
    }
  });

  it("reading pages load no Markdown renderer, editor or admin code", () => {
    for (const name of ["home en", "blog en", "post en", "home fr", "blog fr", "post fr"]) {
      for (const { href } of costs.get(name)?.assets ?? []) {
        expect(href, name).not.toMatch(/editor|admin|codemirror|history|markdown-preview/);
        const text = fs.readFileSync(path.join(CLIENT_DIR, href), "utf8");
        expect(text.includes(MARKDOWN_IT_MARKER), `${name}: ${href} holds markdown-it`).toBe(false);
      }
    }
  });
});
