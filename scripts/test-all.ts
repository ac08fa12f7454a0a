/**
 * `npm test`: the Vitest suite on SQLite, then again on PostgreSQL when `DATABASE_URL` is
 * set, then the browser suite (Playwright, `tests/e2e`) once against the built app on SQLite.
 * Arguments are passed to Vitest. Prints one closing line `tests: N passed, N failed` (both
 * runners' counts) and exits non-zero on any failure.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildWebIfNeeded } from "./build-if-needed.ts";

/** Debian's Chromium, which the browser suite drives (`.ci/run` installs it). */
const CHROMIUM = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium";

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
}

/** The part of Playwright's JSON report this script reads. */
interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: unknown[];
}

const runs: { dialect: string; env: Record<string, string> }[] = [
  { dialect: "sqlite", env: { DIALECTS: "sqlite" } },
];
if (process.env.DATABASE_URL) runs.push({ dialect: "postgres", env: { DIALECTS: "postgres" } });
else console.log("DATABASE_URL is not set: skipping the PostgreSQL run.");

const vitest = path.join("node_modules", "vitest", "vitest.mjs");
const extraArgs = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;

for (const run of runs) {
  const output = path.join(".vitest", `results-${run.dialect}.json`);
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.rmSync(output, { force: true });
  console.log(`\n=== ${run.dialect} ===`);
  const result = spawnSync(
    process.execPath,
    [
      vitest,
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${output}`,
      ...extraArgs,
    ],
    { stdio: "inherit", env: { ...process.env, ...run.env } },
  );
  if (!fs.existsSync(output)) {
    console.error(`vitest produced no results for ${run.dialect} (exit ${String(result.status)})`);
    ok = false;
    failed += 1;
    continue;
  }
  const json = JSON.parse(fs.readFileSync(output, "utf8")) as VitestJson;
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += json.numPendingTests + json.numTodoTests;
  if (result.status !== 0 || !json.success) ok = false;
}

/** Runs the browser suite once; adds its counts. */
function runBrowserSuite(): void {
  console.log("\n=== browser (Playwright) ===");
  if (!fs.existsSync(CHROMIUM)) {
    console.error(
      `${CHROMIUM} is missing: install Debian's chromium package (bash .ci/run does) to run the browser suite.`,
    );
    ok = false;
    failed += 1;
    return;
  }
  try {
    buildWebIfNeeded();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    ok = false;
    failed += 1;
    return;
  }
  const output = path.join(".vitest", "results-e2e.json");
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.rmSync(output, { force: true });
  const cli = path.join("node_modules", "@playwright", "test", "cli.js");
  const result = spawnSync(process.execPath, [cli, "test", "--reporter=list,json"], {
    stdio: "inherit",
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: output },
  });
  if (!fs.existsSync(output)) {
    console.error(`Playwright produced no results (exit ${String(result.status)})`);
    ok = false;
    failed += 1;
    return;
  }
  const { stats, errors } = JSON.parse(fs.readFileSync(output, "utf8")) as PlaywrightJson;
  // A test that passed on its retry (flaky) passed; global errors (setup, server) fail.
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected + errors.length;
  skipped += stats.skipped;
  if (result.status !== 0) ok = false;
}

runBrowserSuite();

console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok && failed === 0 ? 0 : 1);
