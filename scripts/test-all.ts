/**
 * `npm test`: the whole suite on SQLite, then again on PostgreSQL when `DATABASE_URL` is
 * set. Prints one closing line `tests: N passed, N failed` and exits non-zero on any failure.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
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

console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok && failed === 0 ? 0 : 1);
