/**
 * How soon a started server answers (issue 30 item 5: within 1 s of `npm start` when the build
 * is current and no migration is left), on each engine (`BENCH_ONLY=start`): the database is
 * migrated by a first start, then each of three more starts is timed from the spawn to the
 * first 200 of `/api/health`, and of a guest's `/` (the web app's first render). The median of
 * the three is reported.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { freshEnvironment, type DialectName } from "#tests/helpers/test-app.ts";
import { startServer } from "./processes.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const CLI = path.join(ROOT, "bin", "cahier.js");

/** Issue 30's target for the first answer after a start, in ms. */
export const TARGET_START_MS = 1_000;

/** What {@link benchStartTime} measured on one engine, in ms (medians of three starts). */
export interface StartTime {
  target: DialectName;
  health: number;
  page: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Resolves once `url` answers 200, polling; the time since `started`, in ms. */
async function firstAnswer(url: string, started: number): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Times three starts of a migrated database on `dialect` (see the module comment). */
export async function benchStartTime(
  dialect: DialectName,
  childEnv: (extra: Record<string, string>) => Record<string, string>,
): Promise<StartTime> {
  const { env, cleanup } = await freshEnvironment(dialect);
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const serverEnv = childEnv({ ...env, PORT: port, HOST: "127.0.0.1", LOG_LEVEL: "warn" });
  try {
    // The first start migrates the new database; it is not timed.
    const first = await startServer({
      name: `${dialect}-migrate`,
      script: CLI,
      args: ["serve"],
      env: childEnv({ ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" }),
    });
    await first.stop();
    const health: number[] = [];
    const page: number[] = [];
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const child = spawn(process.execPath, [CLI, "serve"], { env: serverEnv, stdio: "ignore" });
      try {
        health.push(await firstAnswer(`http://127.0.0.1:${port}/api/health`, started));
        page.push(await firstAnswer(`http://127.0.0.1:${port}/`, started));
      } finally {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    }
    return { target: dialect, health: median(health), page: median(page) };
  } finally {
    await cleanup();
  }
}

/** The report's line of each engine's start. */
export function startTimeNotes(results: readonly StartTime[]): string[] {
  return results.map((r) => {
    const verdict = r.health <= TARGET_START_MS ? "meets" : "misses";
    return `${r.target} start (migrated, build current, median of 3): /api/health answers ${r.health.toFixed(0)} ms after the spawn, a guest's / ${r.page.toFixed(0)} ms; ${verdict} the ${String(TARGET_START_MS)} ms target`;
  });
}
