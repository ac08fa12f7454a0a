/**
 * Issue 3 items 2 and 8: an axe-core scan of every route, in English (French: the French
 * walk of `routes.spec.ts`), light and dark (issue 16 item 5: the ground dark too), as a
 * logged-out visitor and signed in (as the account that sees the page itself, or a plain
 * user for public pages), with zero `serious` or `critical` violations. Also the 404 page,
 * the 403 page and the superuser pages of issue 7 (`SUPERUSER_ROUTES`). Each failing page is
 * reported (soft assertions), not only the first.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { groundIsDark, signedIn, useLanguage, waitForHydration, type Lang } from "./support/app.ts";
import type { AccountName } from "./support/environment.ts";
import { ROUTES, SUPERUSER_ROUTES } from "./support/routes.ts";

/** Runs axe on the page and returns its serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself; the default opens an extra page per scan to
  // combine frames, and these pages have none.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${String(violation.impact)}): ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(" ")}`).join("\n"),
    );
}

async function scan(page: Page, path: string, scheme: Scheme): Promise<void> {
  await test.step(path, async () => {
    await page.goto(path);
    await waitForHydration(page);
    if (scheme === "dark") expect.soft(await groundIsDark(page), `${path}: dark ground`).toBe(true);
    expect.soft(await seriousViolations(page), `${path} at ${page.url()}`).toEqual([]);
  });
}

/** Who scans which routes: a guest all of them, and each account the pages it sees. */
const SCANS: { visitor: "guest" | AccountName; paths: string[] }[] = [
  {
    visitor: "guest",
    paths: [
      ...ROUTES.map((route) => route.path),
      ...SUPERUSER_ROUTES.map((route) => route.path),
      "/no/such/page",
    ],
  },
  {
    visitor: "user",
    paths: [
      ...ROUTES.filter((r) => r.viewer === "guest" || r.viewer === "user").map((r) => r.path),
      "/no/such/page",
      "/i",
    ],
  },
  { visitor: "writer", paths: ROUTES.filter((r) => r.viewer === "writer").map((r) => r.path) },
  { visitor: "admin", paths: ROUTES.filter((r) => r.viewer === "admin").map((r) => r.path) },
  { visitor: "superuser", paths: SUPERUSER_ROUTES.map((r) => r.path) },
];

/** A colour scheme the system prefers (dark mode follows it, ADR 051). */
type Scheme = "light" | "dark";

/**
 * English, light and dark: colours do not depend on the language (the catalogs change words,
 * never the palette). The French pages are scanned by the walk of every route in French
 * (`routes.spec.ts`, issue 22), light.
 */
const RUNS: { lang: Lang; scheme: Scheme }[] = [
  { lang: "en", scheme: "light" },
  { lang: "en", scheme: "dark" },
];

for (const { lang, scheme } of RUNS) {
  for (const { visitor, paths } of SCANS) {
    test(`no serious or critical violation, ${visitor} (${lang}, ${scheme})`, async ({
      browser,
    }) => {
      test.setTimeout(10_000 * paths.length);
      // One context per visitor: its pages share the cache, as one person's would.
      const context = await browser.newContext({
        colorScheme: scheme,
        ...(visitor === "guest" ? {} : signedIn(visitor)),
      });
      await useLanguage(context, lang);
      const page = await context.newPage();
      for (const path of paths) await scan(page, path, scheme);
      await context.close();
    });
  }
}

test("every route is scanned as a guest and as an account that sees it", () => {
  const scanned = (visitor: string) => SCANS.find((s) => s.visitor === visitor)?.paths ?? [];
  for (const route of [...ROUTES, ...SUPERUSER_ROUTES]) {
    expect(scanned("guest")).toContain(route.path);
    const account = route.viewer === "guest" ? "user" : route.viewer;
    expect(scanned(account)).toContain(route.path);
  }
});
