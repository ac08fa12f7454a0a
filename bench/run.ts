/**
 * `npm run bench`: measures, in one run, a bare `node:http` JSON server (the baseline) and
 * Cahier's API on SQLite (and PostgreSQL when `DATABASE_URL` is set) seeded with 100k posts,
 * and prints each scenario's requests per second as a ratio to the baseline.
 *
 * Each server runs in its own child process on loopback; autocannon runs here. The baseline
 * is measured first and last and ratios use the mean of both, so a machine that got busier
 * during the run shows up as a spread instead of skewing every ratio.
 *
 * Settings (env): `BENCH_DURATION` seconds per measurement (10), `BENCH_WARMUP` seconds (3),
 * `BENCH_CONNECTIONS` (50), `BENCH_POSTS` (100000), `BENCH_DIALECTS` (`sqlite,postgres`),
 * `BENCH_ONLY` (comma-separated scenario names, e.g. `list,create`; `pages`: every page
 * scenario of `pages.ts`), `BENCH_CPU_PROF=1` to write the servers' CPU profiles to
 * `.bench/profiles/` (see `bench/profile-summary.ts`).
 *
 * The realtime scenarios (`sse idle`, `sse fanout`, see `realtime.ts`) follow, with their own
 * bare baselines: `BENCH_SSE_CONNECTIONS` (10000), `BENCH_FANOUT_CLIENTS` (1000),
 * `BENCH_FANOUT_WRITES` (200), `BENCH_FANOUT_INTERVAL_MS` (50), `REDIS_URL` for the
 * two-instance fan-out on PostgreSQL. Then `search` (see `search.ts`), against a LIKE scan:
 * `BENCH_SEARCH_ENTRIES` (100000), `BENCH_SEARCH_USERS` (200), `BENCH_SEARCH_ROUNDS` (5).
 * Then Lighthouse's performance score of the reading pages (`lighthouse.ts`, median of three),
 * and the worst stall of a health check while imports run (`import-stall.ts`, `BENCH_ONLY=import`).
 * One post mailed to 10,000 confirmed subscribers through an SMTP server process
 * (`subscriptions.ts`, `BENCH_ONLY=subscriptions`): time, server peak RSS, exactly one each.
 * Resident memory (`resident.ts`): each Cahier server's after start, after the load and at its
 * peak, and a fresh seeded instance at rest beside a bare server (`BENCH_ONLY=memory`); how
 * soon a migrated server answers after its start, on each engine (`start-time.ts`, `start`); a
 * million entries against ten thousand (`scale.ts`, `BENCH_ONLY=scale`).
 * The report ends with PostgreSQL's req/s over SQLite's.
 */
import os from "node:os";
import path from "node:path";
import { openDatabase } from "#server/data/db.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { benchMemoryAtRest, memoryAfterLoad, memoryAtRestNotes, residentMB } from "./resident.ts";
import { benchScale, scaleNotes } from "./scale.ts";
import { benchStartTime, startTimeNotes } from "./start-time.ts";
import { freshEnvironment, type DialectName } from "#tests/helpers/test-app.ts";
import {
  cahierScenarios,
  checkList,
  INDEX_FIELDS,
  LIST_FILTER,
  LIST_SORT,
  listPath,
  PER_PAGE,
  WITH_TOTAL_CONNECTIONS,
} from "./api-scenarios.ts";
import {
  benchBare,
  benchBareBody,
  rawBody,
  type BaselineContext,
  type RawResult,
} from "./baselines.ts";
import { loadGenerator, measure, type LoadSettings, type Measurement } from "./load.ts";
import {
  BROWSER_HEADERS,
  CONCURRENCY_CHECK,
  expandPagesGroup,
  newestPostPath,
  PAGE_SCENARIOS,
  pageScenarios,
  pageVerdicts,
  pagesSelected,
} from "./pages.ts";
import { startCahierServer, type ServerProcess } from "./processes.ts";
import {
  benchFanout,
  benchIdleStreams,
  FANOUT_WARMUP_WRITES,
  type RealtimeSettings,
} from "./realtime.ts";
import {
  formatFanoutTable,
  formatIdleTable,
  formatSearchTable,
  formatTable,
  machineInfo,
  RESULTS_FILE,
  writeReport,
  type BenchReport,
  type ScenarioResult,
} from "./report.ts";
import { benchImportStall, importStallVerdicts } from "./import-stall.ts";
import { benchSubscriptions, subscriptionsVerdicts } from "./subscriptions.ts";
import { benchLighthouse, lighthouseVerdicts } from "./lighthouse.ts";
import { benchSearch, TARGET_SEARCH_P99_MS, type SearchBenchSettings } from "./search.ts";
import { seedPosts } from "./seed.ts";
import { engineRatios } from "./stats.ts";

const ROOT = path.dirname(import.meta.dirname);
/** The issue's target: the list does at least this share of the bare baseline's req/s. */
const TARGET_LIST_RATIO = 0.3;
/** The issue's realtime targets: idle streams one instance holds, fan-out p99 in ms. */
const TARGET_IDLE_STREAMS = 10_000;
const TARGET_FANOUT_P99_MS = 100;
/** The shared Redis used for the two-instance fan-out when `REDIS_URL` is not set. */
const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";
/** Baselines further apart than this (start vs end) mean the machine's load changed. */
const BASELINE_SPREAD_WARNING = 0.2;

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number`);
  return value;
}

const settings: LoadSettings & { posts: number } = {
  duration: envNumber("BENCH_DURATION", 10),
  warmup: envNumber("BENCH_WARMUP", 3),
  connections: envNumber("BENCH_CONNECTIONS", 50),
  posts: envNumber("BENCH_POSTS", 100_000),
};
const realtimeSettings: RealtimeSettings = {
  idleConnections: envNumber("BENCH_SSE_CONNECTIONS", 10_000),
  fanoutClients: envNumber("BENCH_FANOUT_CLIENTS", 1000),
  fanoutWrites: envNumber("BENCH_FANOUT_WRITES", 200),
  fanoutIntervalMs: envNumber("BENCH_FANOUT_INTERVAL_MS", 50),
};
const searchSettings: SearchBenchSettings = {
  entries: envNumber("BENCH_SEARCH_ENTRIES", 100_000),
  users: envNumber("BENCH_SEARCH_USERS", 200),
  rounds: envNumber("BENCH_SEARCH_ROUNDS", 5),
};
const cpuProfile = process.env.BENCH_CPU_PROF === "1";
const only = new Set(
  expandPagesGroup((process.env.BENCH_ONLY ?? "").split(",").map((w) => w.trim())).filter(Boolean),
);
const profileDir = path.join(ROOT, ".bench", "profiles");
/** The load generator of every HTTP measurement of this run. */
const generator = loadGenerator();

/** Environment for a child: PATH, HOME and NODE_OPTIONS from ours, everything else explicit. */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { TZ: "UTC", NODE_ENV: "production" };
  for (const key of ["PATH", "HOME", "NODE_OPTIONS"]) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...extra };
}

function profileArgs(name: string): string[] {
  if (!cpuProfile) return [];
  return [
    "--cpu-prof",
    `--cpu-prof-dir=${profileDir}`,
    `--cpu-prof-name=${name}-${String(Date.now())}.cpuprofile`,
  ];
}

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

const baselines: BaselineContext = { settings, childEnv, log };

/** Seeds a fresh database behind a running server; returns a note on what was seeded. */
async function seed(
  dialect: DialectName,
  env: Record<string, string>,
  url: string,
): Promise<string> {
  const started = performance.now();
  const database = openDatabase({ dataDir: env.DATA_DIR ?? "", databaseUrl: env.DATABASE_URL });
  let seeded;
  try {
    seeded = await seedPosts(database, { count: settings.posts, authors: 5 });
  } finally {
    await database.close();
  }
  const seconds = (performance.now() - started) / 1000;
  log(
    `${dialect}: seeded in ${seconds.toFixed(1)} s (${String(seeded.visiblePosts)} posts visible to guests)`,
  );
  await checkList(url, true);
  const total = await checkList(url, false);
  return `${dialect}: ${String(seeded.posts)} posts seeded in ${seconds.toFixed(1)} s; the list filter matches ${String(total)} of them for a guest`;
}

/** Starts a Cahier server on `env`'s database (rate limits off: one client is the bench). */
function startCahier(
  name: string,
  env: Record<string, string>,
  extra: Record<string, string> = {},
): Promise<ServerProcess> {
  return startCahierServer(name, childEnv({ ...env, ...extra }), profileArgs(name));
}

async function benchDialect(
  dialect: DialectName,
  results: RawResult[],
  notes: string[],
  withListBody: boolean,
): Promise<void> {
  const { env, cleanup } = await freshEnvironment(dialect);
  let server: ServerProcess | undefined;
  let uncached: ServerProcess | undefined;
  try {
    server = await startCahier(dialect, env);
    const started = residentMB(server.pid);
    log(`${dialect}: server on ${server.url}, seeding ${String(settings.posts)} posts`);
    notes.push(await seed(dialect, env, server.url));
    if (withListBody && (only.size === 0 || only.has("list") || only.has("list cached")))
      results.push(
        await benchBareBody(
          baselines,
          "bare, list body",
          "list-body.json",
          await rawBody(server.url + listPath({ skipTotal: true })),
        ),
      );
    if (withListBody && (only.size === 0 || only.has("post page")))
      results.push(
        await benchBareBody(
          baselines,
          "bare, post page body",
          "post-body.br",
          await rawBody(server.url + (await newestPostPath(server.url)), BROWSER_HEADERS),
        ),
      );
    const main = server;
    const scenarios = (await cahierScenarios(server.url)).map((s) => ({ ...s, server: main }));
    if (pagesSelected(only)) {
      // The same database, rendering every page: the uncached side of the reading scenarios.
      uncached = await startCahier(`${dialect}-uncached`, env, { PAGE_CACHE_TTL_MS: "0" });
      const second = uncached;
      for (const scenario of await pageScenarios(server.url, second.url)) {
        scenarios.push({ ...scenario, server: scenario.target.url === second.url ? second : main });
      }
    }

    for (const {
      name,
      target,
      connections,
      timeout,
      countFailures,
      server: measured,
    } of scenarios) {
      if (only.size && !only.has(name)) continue;
      log(`${dialect}: ${name}`);
      const load = {
        ...settings,
        connections: connections ?? settings.connections,
        ...(timeout ? { timeout } : {}),
      };
      const info = {
        target: dialect,
        scenario: name,
        request: `${target.method ?? "GET"} ${target.path}`,
        connections: load.connections,
      };
      try {
        results.push({
          ...(await measure(`${dialect} ${name}`, target, load, measured.cpuSeconds, {
            tolerateFailures: countFailures ?? false,
          })),
          ...info,
        });
      } catch (error) {
        log(String(error));
        results.push({
          reqPerSec: 0,
          p50: 0,
          p99: 0,
          bytesPerResponse: 0,
          requests: 0,
          ...info,
          error: String(error),
        });
      }
    }
    notes.push(memoryAfterLoad(dialect, started, residentMB(server.pid)));
  } finally {
    await uncached?.stop();
    await server?.stop();
    await cleanup();
  }
}

/** Adds the ratios to the mean of the two baseline measurements. */
function withRatios(
  results: readonly RawResult[],
  first: Measurement,
  last: Measurement,
): ScenarioResult[] {
  const reqPerSec = (first.reqPerSec + last.reqPerSec) / 2;
  const cpu =
    first.cpuMicrosPerRequest && last.cpuMicrosPerRequest
      ? (first.cpuMicrosPerRequest + last.cpuMicrosPerRequest) / 2
      : undefined;
  return results.map((r) => {
    const result: ScenarioResult = { ...r, ratio: r.reqPerSec / reqPerSec };
    if (cpu && r.cpuMicrosPerRequest) result.cpuRatio = cpu / r.cpuMicrosPerRequest;
    return result;
  });
}

/** The scenarios of `realtime.ts`, selectable with `BENCH_ONLY` like the HTTP ones. */
const SSE_IDLE = "sse idle";
const SSE_FANOUT = "sse fanout";
/** The search scenario (`search.ts`), selectable with `BENCH_ONLY` too. */
const SEARCH = "search";
/** Lighthouse's performance score of the reading pages (`lighthouse.ts`). */
const LIGHTHOUSE = "lighthouse";
/** The worst stall of other requests while an import runs (`import-stall.ts`). */
const IMPORT = "import";
/** One post mailed to 10,000 subscribers (`subscriptions.ts`). */
const SUBSCRIPTIONS = "subscriptions";
const MEMORY = "memory";
const START = "start";
const SCALE = "scale";
/** The HTTP scenarios whose PostgreSQL/SQLite req/s ratio is stated. */
const ENGINE_RATIO_SCENARIOS = ["list", "list fields", "list total", "create entry"];

/** Whether `BENCH_ONLY` selects `name` (everything runs without it). */
function selected(name: string): boolean {
  return only.size === 0 || only.has(name);
}

/** The HTTP benchmark: bare baselines at start and end, each dialect's scenarios between. */
async function benchHttp(dialects: DialectName[], notes: string[]): Promise<ScenarioResult[]> {
  const bare = { target: "baseline", request: "GET /", connections: settings.connections };
  const first = await benchBare(baselines);
  const raw: RawResult[] = [{ ...first, ...bare, scenario: "bare (start)" }];
  for (const [i, dialect] of dialects.entries()) await benchDialect(dialect, raw, notes, i === 0);
  const last = await benchBare(baselines);
  raw.push({ ...last, ...bare, scenario: "bare (end)" });
  const spread =
    Math.abs(first.reqPerSec - last.reqPerSec) / Math.max(first.reqPerSec, last.reqPerSec);
  if (spread > BASELINE_SPREAD_WARNING) {
    notes.push(
      `WARNING: the bare baseline moved ${(spread * 100).toFixed(0)}% between start and end: the machine's load ` +
        "changed during the run, so req/s ratios are rough (the CPU ratio is steadier)",
    );
  }
  return withRatios(raw, first, last);
}

/** The realtime benchmarks, with their settings and the load average when they started. */
async function benchRealtime(
  dialects: DialectName[],
  notes: string[],
): Promise<NonNullable<BenchReport["realtime"]>> {
  const loadAverage = os.loadavg();
  log(`realtime: load average ${loadAverage.map((l) => l.toFixed(2)).join(", ")}`);
  const base = childEnv({});
  const idle = selected(SSE_IDLE)
    ? await benchIdleStreams(realtimeSettings, base, profileArgs)
    : [];
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const fanout = selected(SSE_FANOUT)
    ? await benchFanout(realtimeSettings, dialects, base, profileArgs, redisUrl)
    : [];
  if (idle.length) {
    notes.push(
      `sse idle: ${String(realtimeSettings.idleConnections)} idle /api/realtime streams on one process (raw sockets ` +
        "from 127.0.0.1, 127.0.0.2, …), memory after a full GC before and after; the baseline is a bare node:http " +
        "server writing one PB_CONNECT per stream; REALTIME_MAX_CLIENTS(_PER_IP) raised to allow them all",
    );
  }
  if (fanout.length) {
    notes.push(
      `sse fanout: ${String(realtimeSettings.fanoutClients)} guest streams on entries/*, ${String(realtimeSettings.fanoutWrites)} ` +
        `public entries written ${String(realtimeSettings.fanoutIntervalMs)} ms apart (after ${String(FANOUT_WARMUP_WRITES)} unmeasured); ` +
        "latency = request sent → event received, over every delivery; the baseline is a bare node:http broadcaster",
    );
  }
  if (fanout.length && dialects.includes("postgres")) {
    notes.push(
      `sse fanout postgres+redis: writes through instance A, streams split between A and B, Redis ${redisUrl} with a fresh prefix`,
    );
  }
  return { settings: realtimeSettings, loadAverage, idle, fanout };
}

async function main(): Promise<void> {
  // The servers measured are what `npm start` runs: the current web build and compiled server.
  buildIfNeeded();
  const dialects = (process.env.BENCH_DIALECTS ?? "sqlite,postgres")
    .split(",")
    .map((d) => d.trim())
    .filter((d): d is DialectName => d === "sqlite" || d === "postgres");
  const httpSelected =
    only.size === 0 ||
    [...only].some(
      (n) =>
        ![
          SSE_IDLE,
          SSE_FANOUT,
          SEARCH,
          LIGHTHOUSE,
          IMPORT,
          SUBSCRIPTIONS,
          MEMORY,
          START,
          SCALE,
        ].includes(n),
    );
  const notes: string[] = [];
  if (httpSelected)
    notes.push(
      `list: ${listPath({ skipTotal: true })}`,
      `list: filter ${LIST_FILTER}, sort ${LIST_SORT}, ${String(PER_PAGE)} per page, as a guest (the list rule applies)`,
      `list cached: the same request without Cache-Control: no-cache (guest micro-cache, see docs/decisions/012-guest-micro-cache.md)`,
      `list fields: the same with fields=${INDEX_FIELDS} (a blog index, no content)`,
      `list total: the same without skipTotal (adds a COUNT), ${String(WITH_TOTAL_CONNECTIONS)} connections`,
      "health: GET /api/health (Fastify, hooks, SELECT 1); create entry: POST an entry as a signed-in user",
      "SQLite runs with synchronous = FULL (ADR 004): each create commits with an fsync",
      "ratio: req/s over the mean of the two bare baselines; CPU ratio: bare server CPU per request over this one's",
      `load generator: ${generator.name}${generator.name === "wrk" ? " (one thread)" : ""}; BENCH_LOAD chooses (wrk when installed, else autocannon)`,
    );
  if (pagesSelected(only))
    notes.push(
      `pages (${PAGE_SCENARIOS.join(", ")}): Accept-Encoding br, gzip as browsers send; "uncached" is a second server on the same database with PAGE_CACHE_TTL_MS=0; "signed in" sends a pb_auth cookie (CPU µs/req = one render)`,
      `200 connections: ${String(CONCURRENCY_CHECK.connections)} connections, ${String(CONCURRENCY_CHECK.timeout)} s timeout; timeouts and failures are counted, not fatal`,
    );
  if (dialects.includes("postgres") && !process.env.DATABASE_URL) {
    dialects.splice(dialects.indexOf("postgres"), 1);
    notes.push("PostgreSQL skipped: DATABASE_URL is not set");
    log("DATABASE_URL is not set: skipping PostgreSQL");
  }
  log(
    `${String(os.cpus().length)} CPUs, ${String(settings.connections)} connections, ` +
      `${String(settings.warmup)} s warm-up + ${String(settings.duration)} s per measurement, ` +
      `load from ${generator.name}`,
  );

  const results = httpSelected ? await benchHttp(dialects, notes) : [];
  const realtime =
    selected(SSE_IDLE) || selected(SSE_FANOUT) ? await benchRealtime(dialects, notes) : undefined;
  const search = selected(SEARCH)
    ? await benchSearch(searchSettings, dialects, childEnv, log)
    : undefined;
  const lighthouse = selected(LIGHTHOUSE) ? await benchLighthouse(log) : undefined;
  const imports = selected(IMPORT)
    ? await benchImportStall(dialects[0] ?? "sqlite", childEnv, log)
    : [];
  const mailings = selected(SUBSCRIPTIONS)
    ? [await benchSubscriptions(dialects[0] ?? "sqlite", childEnv, log)]
    : [];
  if (selected(MEMORY)) notes.push(...memoryAtRestNotes(await benchMemoryAtRest(childEnv, log)));
  if (selected(START)) {
    const starts = [];
    for (const dialect of dialects) starts.push(await benchStartTime(dialect, childEnv));
    notes.push(...startTimeNotes(starts));
  }
  if (selected(SCALE)) notes.push(...scaleNotes(await benchScale(dialects, childEnv, log)));
  if (search) {
    notes.push(
      `search: ${String(searchSettings.entries)} entries of ${String(searchSettings.users)} users, GET /api/search?kind=entries&perPage=30 one request at a time, as a guest and as user1 (with private entries); LIKE: the entries list with (title ~ 'w' || content ~ 'w') per word, same caller, same data`,
    );
    for (const s of search.setup) {
      notes.push(
        `search ${s.target}: ${String(s.seed.entries)} entries inserted in ${s.seedSeconds.toFixed(1)} s, indexed (cahier reindex) in ${s.indexSeconds.toFixed(1)} s`,
      );
    }
  }

  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: machineInfo(),
    settings,
    target: { listRatio: TARGET_LIST_RATIO },
    notes,
    results,
  };
  const ratios = engineRatios(results, ENGINE_RATIO_SCENARIOS, "postgres", "sqlite");
  if (ratios.length) report.engineRatios = ratios;
  if (realtime) report.realtime = realtime;
  if (search) report.search = search;
  if (lighthouse) report.lighthouse = lighthouse;
  writeReport(report);
  if (results.length) console.log(`\n${formatTable(results)}\n`);
  if (realtime?.idle.length) console.log(`\n${formatIdleTable(realtime.idle)}\n`);
  if (realtime?.fanout.length) console.log(`\n${formatFanoutTable(realtime.fanout)}\n`);
  if (search) console.log(`\n${formatSearchTable(search)}\n`);
  for (const note of notes) console.log(`- ${note}`);
  if (ratios.length) {
    console.log(
      `- PostgreSQL/SQLite req/s: ${ratios.map((r) => `${r.scenario} ${r.ratio.toFixed(2)}`).join(", ")}`,
    );
  }
  for (const r of realtime?.idle ?? []) {
    if (r.target === "baseline") continue;
    const verdict = r.held >= TARGET_IDLE_STREAMS ? "meets" : "misses";
    console.log(
      `- ${r.target}: ${String(r.held)} idle streams held, ${verdict} the ${String(TARGET_IDLE_STREAMS)} target`,
    );
  }
  for (const r of realtime?.fanout ?? []) {
    if (r.target === "baseline") continue;
    const verdict = !r.error && r.latency.p99 <= TARGET_FANOUT_P99_MS ? "meets" : "misses";
    console.log(
      `- ${r.target}: fan-out p99 ${r.latency.p99.toFixed(1)} ms ${verdict} the ${String(TARGET_FANOUT_P99_MS)} ms target`,
    );
  }
  for (const r of search?.results ?? []) {
    if (r.method !== "search" || r.queries !== "mixed") continue;
    const verdict = !r.error && r.latency.p99 <= TARGET_SEARCH_P99_MS ? "meets" : "misses";
    console.log(
      `- ${r.target}: search p99 ${r.latency.p99.toFixed(1)} ms as ${r.who} ${verdict} the ${String(TARGET_SEARCH_P99_MS)} ms target`,
    );
  }
  for (const r of results.filter((r) => r.scenario === "list" || r.scenario === "list cached")) {
    const verdict = r.ratio >= TARGET_LIST_RATIO ? "meets" : "misses";
    console.log(
      `- ${r.target}: ${r.scenario} ratio ${r.ratio.toFixed(3)} ${verdict} the ${TARGET_LIST_RATIO.toFixed(2)} target`,
    );
  }
  for (const line of pageVerdicts(results)) console.log(`- ${line}`);
  for (const line of lighthouseVerdicts(lighthouse ?? [])) console.log(`- ${line}`);
  for (const line of importStallVerdicts(imports)) console.log(`- ${line}`);
  for (const line of subscriptionsVerdicts(mailings)) console.log(`- ${line}`);
  console.log(`\nResults written to ${path.relative(process.cwd(), RESULTS_FILE) || RESULTS_FILE}`);
}

await main();
