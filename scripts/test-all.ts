/**
 * `npm test`: the whole Vitest suite on SQLite, then the files that depend on the engine
 * (`scripts/engine-tests.ts`) again on PostgreSQL when `DATABASE_URL` is set, then the
 * browser suite (Playwright, `tests/e2e`) once against the built app on SQLite. Vitest runs
 * every project of `vitest.config.ts` (each test file belongs to exactly one). Each phase's
 * time is printed at the end.
 * Arguments are passed to Vitest (`--project server`, a file path). Prints one closing line
 * `tests: N passed, N failed` (both runners' counts) and exits non-zero on any failure.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIfNeeded } from "./build-if-needed.ts";
import { engineTestFiles } from "./engine-tests.ts";

/** Debian's Chromium, which the browser suite drives (`.ci/run` installs it). */
const CHROMIUM = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium";

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** One Playwright suite of the JSON report, with its specs and nested suites. */
interface PlaywrightSuite {
  file?: string;
  specs?: { title: string; line?: number; ok: boolean; tests?: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** The part of Playwright's JSON report this script reads. */
interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: { message?: string }[];
  suites?: PlaywrightSuite[];
}

/**
 * What failed, repeated after the last runner's output so the end of a long CI log names it
 * (a CI page often shows only the tail).
 */
const failures: string[] = [];

/** The first line of a failure message, trimmed to one readable line. */
function firstLine(message: string | undefined): string {
  const line = (message ?? "").split("\n").find((l) => l.trim() !== "") ?? "";
  return line.trim().slice(0, 300);
}

/** Collects the failed tests (and failed files) of one Vitest JSON report. */
function collectVitestFailures(dialect: string, json: VitestJson): void {
  for (const file of json.testResults ?? []) {
    const relative = path.relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const test of failedTests) {
      failures.push(
        `[${dialect}] ${relative} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      );
    }
    if (file.status === "failed" && failedTests.length === 0) {
      failures.push(`[${dialect}] ${relative}: ${firstLine(file.message)}`);
    }
  }
}

/** Collects the Playwright specs that failed (even after their retries). */
function collectPlaywrightFailures(suites: PlaywrightSuite[] | undefined, file = ""): void {
  for (const suite of suites ?? []) {
    const where = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) failures.push(`[browser] ${where}:${String(spec.line ?? 0)} › ${spec.title}`);
    }
    collectPlaywrightFailures(suite.suites, where);
  }
}

if (process.argv.includes("--help")) {
  console.log(
    [
      "Usage: npm test [-- <vitest arguments>]",
      "",
      "Runs the Vitest suite (every project of vitest.config.ts) on SQLite, then the files that",
      "depend on the engine on PostgreSQL when DATABASE_URL is set, then the browser suite",
      "(Playwright) once, and ends with the line",
      "`tests: N passed, N failed`. Arguments go to Vitest, e.g. `--project server` or a path.",
      "One project alone: npm run test:server, test:app, test:compat (Vitest only).",
    ].join("\n"),
  );
  process.exit(0);
}

const vitest = path.join("node_modules", "vitest", "vitest.mjs");
const extraArgs = process.argv.slice(2);

/**
 * The Vitest runs: everything on SQLite; on PostgreSQL, the files that depend on the engine
 * (or, for a targeted run, the same arguments).
 */
const runs: { dialect: string; env: Record<string, string>; args: string[] }[] = [
  { dialect: "sqlite", env: { DIALECTS: "sqlite" }, args: extraArgs },
];
if (process.env.DATABASE_URL) {
  runs.push({
    dialect: "postgres",
    // Its tests mostly wait on the database: a third worker keeps the two cores busy.
    env: { DIALECTS: "postgres", VITEST_MAX_WORKERS: process.env.VITEST_MAX_WORKERS ?? "3" },
    args: extraArgs.length > 0 ? extraArgs : engineTestFiles(),
  });
} else console.log("DATABASE_URL is not set: skipping the PostgreSQL run.");

/** How long each phase took, printed at the end. */
const phases: { name: string; seconds: number }[] = [];

/** Runs `phase`, recording its time under `name`. */
function timed(name: string, phase: () => void): void {
  const started = performance.now();
  phase();
  phases.push({ name, seconds: (performance.now() - started) / 1000 });
}
let passed = 0;
let failed = 0;
let skipped = 0;
// Set to false by the runs below (in functions, which narrowing does not follow).
let ok = true as boolean;

/** Runs Vitest once with `args` and `env`; adds its counts under `label`. */
function runVitest(label: string, env: Record<string, string>, args: string[]): void {
  const output = path.join(".vitest", `results-${label}.json`);
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.rmSync(output, { force: true });
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(
    process.execPath,
    [
      vitest,
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${output}`,
      ...args,
    ],
    { stdio: "inherit", env: { ...process.env, ...env } },
  );
  if (!fs.existsSync(output)) {
    console.error(`vitest produced no results for ${label} (exit ${String(result.status)})`);
    ok = false;
    failed += 1;
    return;
  }
  const json = JSON.parse(fs.readFileSync(output, "utf8")) as VitestJson;
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += json.numPendingTests + json.numTodoTests;
  collectVitestFailures(label, json);
  if (result.status !== 0 || !json.success) ok = false;
}

for (const run of runs) {
  timed(`Vitest ${run.dialect}`, () => {
    runVitest(run.dialect, run.env, run.args);
  });
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
    buildIfNeeded();
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
  const { stats, errors, suites } = JSON.parse(fs.readFileSync(output, "utf8")) as PlaywrightJson;
  collectPlaywrightFailures(suites);
  for (const error of errors) failures.push(`[browser] ${firstLine(error.message)}`);
  // A test that passed on its retry (flaky) passed; global errors (setup, server) fail.
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected + errors.length;
  skipped += stats.skipped;
  if (result.status !== 0) ok = false;
}

timed("browser", runBrowserSuite);

if (failures.length > 0) {
  console.log(`\nfailed (${String(failures.length)}):`);
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log(`\nphases: ${phases.map((p) => `${p.name} ${p.seconds.toFixed(0)} s`).join(", ")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok && failed === 0 ? 0 : 1);
