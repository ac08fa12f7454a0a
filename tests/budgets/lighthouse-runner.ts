/**
 * Lighthouse over Debian's Chromium (never a downloaded browser), shared by the suite's
 * scores (`lighthouse.test.ts`: accessibility, best practices and SEO, which do not depend on
 * the machine's speed) and the bench's performance score (`bench/lighthouse.ts`, issue 22:
 * performance follows the machine, so it is measured, not asserted). The default mobile
 * profile with simulated throttling: computed from one unthrottled load, nothing is fetched
 * from outside.
 *
 * `E2E_CHROMIUM` (or `CHROME_PATH`) names another Chromium; the browser runs headless with
 * background networking, component updates and sync off, so it reaches nothing but the server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { freePort, killOnExit, waitForExit } from "../helpers/child-process.ts";

/** The Chromium Lighthouse drives. */
export const CHROMIUM = process.env.E2E_CHROMIUM ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Lighthouse's categories Cahier scores. */
export type Category = "performance" | "accessibility" | "best-practices" | "seo";

/** Targets, out of 100, per category. */
export type Targets = Partial<Record<Category, number>>;

/** One page's scores and the audits that cost points, per category. */
export interface PageScores {
  scores: Partial<Record<Category, number>>;
  losses: Partial<Record<Category, string[]>>;
}

/** A headless Chromium with a DevTools port. */
export interface LighthouseBrowser {
  port: number;
  stop(): Promise<void>;
}

const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-default-apps",
  "--disable-domain-reliability",
  "--disable-extensions",
  "--disable-sync",
  "--no-first-run",
  "--no-default-browser-check",
  "--metrics-recording-only",
  "--mute-audio",
];

/** Starts headless Chromium; resolves once its DevTools port answers. */
export async function startLighthouseBrowser(): Promise<LighthouseBrowser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
  }
  const port = await freePort();
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-lighthouse-"));
  const chromium: ChildProcess = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_ARGS,
      `--user-data-dir=${profileDir}`,
      `--remote-debugging-port=${String(port)}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  killOnExit(chromium);
  const stop = async () => {
    if (chromium.exitCode === null && chromium.signalCode === null) {
      chromium.kill("SIGTERM");
      await waitForExit(chromium);
    }
    fs.rmSync(profileDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${String(port)}/json/version`);
      if (response.ok) return { port, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${CHROMIUM} did not open its DevTools port within 30 s`);
}

/** Runs Lighthouse on one page for `categories`; answers the scores and what lost points. */
export async function audit(
  browser: LighthouseBrowser,
  url: string,
  categories: readonly Category[],
): Promise<PageScores> {
  const result = await lighthouse(url, {
    port: browser.port,
    logLevel: "error",
    output: "json",
    onlyCategories: [...categories],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const page: PageScores = { scores: {}, losses: {} };
  for (const category of categories) {
    const entry = lhr.categories[category];
    page.scores[category] = Math.round((entry?.score ?? 0) * 100);
    page.losses[category] = (entry?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((item) => item && item.score !== null && item.score < 1)
      .map((item) => `${item?.id ?? ""} (${String(item?.score)}): ${item?.displayValue ?? ""}`);
  }
  return page;
}

/** The targets a page's scores miss, each with the audits that cost points. */
export function misses(page: PageScores, targets: Targets): string[] {
  return (Object.entries(targets) as [Category, number][])
    .filter(([category, target]) => (page.scores[category] ?? 0) < target)
    .map(
      ([category, target]) =>
        `${category} ${String(page.scores[category] ?? 0)} < ${String(target)}: ${(page.losses[category] ?? []).join("; ")}`,
    );
}

/** Per category, the median run's score and what it lost. */
export function median(runs: readonly PageScores[], categories: readonly Category[]): PageScores {
  const page: PageScores = { scores: {}, losses: {} };
  for (const category of categories) {
    const sorted = runs.toSorted((a, b) => (a.scores[category] ?? 0) - (b.scores[category] ?? 0));
    const middle = sorted[Math.floor(sorted.length / 2)];
    page.scores[category] = middle?.scores[category] ?? 0;
    page.losses[category] = [
      `runs ${runs.map((run) => String(run.scores[category] ?? 0)).join(", ")}`,
      ...(middle?.losses[category] ?? []),
    ];
  }
  return page;
}
