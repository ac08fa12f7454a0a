/**
 * The search benchmark (issue 14): `GET /api/search` over `BENCH_SEARCH_ENTRIES` (100,000)
 * journal entries on each engine, as a guest and as a user with private entries, against a
 * `LIKE` scan over the same data in the same run: the records list with a `~` filter
 * (`title ~ 'w' || content ~ 'w'` per word), which is what a search without an index does.
 *
 * Each server is a child process (`bin/cahier.js serve` on a fresh database); the entries are
 * inserted straight into the database (`search-seed.ts`), then indexed by the same code as
 * `cahier reindex`, timed. Requests are sent one after the other (latency, not throughput):
 * a mix of realistic queries (words found in 0.1% to 3% of entries, two-word queries, words
 * being typed, phrases), each `BENCH_SEARCH_ROUNDS` times after one unmeasured round; then a
 * common word (in about one entry in five) on its own, the worst case of a ranked search.
 */
import { sql } from "kysely";
import { SearchIndex } from "#server/core/search/search-index.ts";
import { openDatabase } from "#server/data/db.ts";
import { freshEnvironment, type DialectName } from "#tests/helpers/test-app.ts";
import { fetchJson } from "./api.ts";
import { startCahierServer } from "./processes.ts";
import { benchCorpus, seedEntries, type SearchSeed } from "./search-seed.ts";
import { summarize, type LatencySummary } from "./stats.ts";

/** The target for the search's p99, in milliseconds. */
export const TARGET_SEARCH_P99_MS = 50;
/** Results per page, as the UI asks. */
const PER_PAGE = 30;

/** Settings of the search benchmark. */
export interface SearchBenchSettings {
  /** Entries seeded (`BENCH_SEARCH_ENTRIES`). */
  entries: number;
  /** Users they belong to (`BENCH_SEARCH_USERS`). */
  users: number;
  /** Measured rounds over the query mix (`BENCH_SEARCH_ROUNDS`); the LIKE scan does a third of them. */
  rounds: number;
}

/** One measured series of requests. */
export interface SearchBenchResult {
  target: string;
  /** `guest` or `user` (a user whose private entries count too). */
  who: string;
  /** `search` or `LIKE`. */
  method: string;
  /** `mixed` (the realistic queries) or `common` (one common word). */
  queries: string;
  latency: LatencySummary & { mean: number };
  /**
   * Server CPU time per request in milliseconds (user + system, from `/proc`): steadier than
   * latencies when other work shares the machine. Undefined where it cannot be read.
   */
  cpuMs?: number;
  /** Mean `totalItems` of the answers. */
  meanTotal: number;
  /** The LIKE scan's p50 over the search's, for the same queries (search rows only). */
  speedup?: number;
  error?: string;
}

/** What a run of the search benchmark produced. */
export interface SearchBenchReport {
  settings: SearchBenchSettings;
  /** Per engine: seconds to insert the rows and to index them. */
  setup: {
    target: string;
    seedSeconds: number;
    indexSeconds: number;
    seed: Omit<SearchSeed, "usernames" | "phrases">;
  }[];
  results: SearchBenchResult[];
}

/** The measured queries: realistic ones, and the common word. */
export function benchQueries(phrases: readonly string[]): { mixed: string[]; common: string } {
  const { english, french } = benchCorpus();
  const word = (list: string[], rank: number) => list[rank] ?? "";
  const mixed = [
    // Single words found in 0.1% to 3% of entries (ranks by frequency).
    ...[110, 260, 480, 900, 1700, 2600].map((r) => `${word(english, r)} `),
    ...[120, 300, 700, 1500].map((r) => `${word(french, r)} `),
    // Two words, both required.
    ...[
      [60, 140],
      [90, 400],
      [200, 75],
    ].map(([a = 0, b = 0]) => `${word(english, a)} ${word(english, b)} `),
    `${word(french, 80)} ${word(french, 150)} `,
    // Words being typed: the last one is a prefix.
    ...[350, 820, 1300].map((r) => word(english, r).slice(0, 4)),
    word(french, 640).slice(0, 5),
    // Phrases found in the entries.
    ...phrases.slice(0, 2).map((p) => `"${p}"`),
  ];
  return { mixed, common: `${word(english, 24)} ` };
}

/** The LIKE filter equivalent to a query: every word (or phrase) in the title or the text. */
export function likeFilter(q: string): string {
  const phrase = /^"(.*)"$/.exec(q.trim());
  const parts = phrase ? [phrase[1] ?? ""] : q.trim().split(/\s+/);
  return parts
    .map((part) => part.replace(/['"\\*]/g, ""))
    .map((part) => `(title ~ '${part}' || content ~ '${part}')`)
    .join(" && ");
}

async function timeRequests(
  urls: readonly string[],
  rounds: number,
  headers: Record<string, string>,
  cpuSeconds: () => number | undefined,
): Promise<{ samples: number[]; totals: number[]; cpuMs?: number }> {
  const samples: number[] = [];
  const totals: number[] = [];
  let cpuBefore: number | undefined;
  for (let round = 0; round <= rounds; round++) {
    if (round === 1) cpuBefore = cpuSeconds();
    for (const url of urls) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { totalItems?: number };
      const elapsed = performance.now() - started;
      if (response.status !== 200)
        throw new Error(`${url} answered ${String(response.status)}: ${JSON.stringify(body)}`);
      // Round 0 warms the caches up and is not counted.
      if (round > 0) {
        samples.push(elapsed);
        totals.push(body.totalItems ?? 0);
      }
    }
  }
  const cpuAfter = cpuSeconds();
  const cpuMs =
    cpuBefore !== undefined && cpuAfter !== undefined && samples.length
      ? ((cpuAfter - cpuBefore) * 1000) / samples.length
      : undefined;
  return cpuMs === undefined ? { samples, totals } : { samples, totals, cpuMs };
}

function summary(samples: readonly number[]): SearchBenchResult["latency"] {
  const mean = samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length);
  return { ...summarize(samples), mean };
}

/** Checks a guest's search answers a page of public entries only. */
async function checkGuestSearch(url: string, q: string): Promise<void> {
  const { status, json } = await fetchJson(
    `${url}/api/search?${new URLSearchParams({ q, kind: "entries" }).toString()}`,
  );
  const items = json.items as { record: { visibility: string } }[] | undefined;
  if (status !== 200 || !items) throw new Error(`search answered ${String(status)}`);
  if (items.some((i) => i.record.visibility !== "public"))
    throw new Error("a guest found an entry that is not public");
}

async function benchEngine(
  dialect: DialectName,
  settings: SearchBenchSettings,
  childEnv: (extra: Record<string, string>) => Record<string, string>,
  log: (message: string) => void,
  report: SearchBenchReport,
): Promise<void> {
  const { env, cleanup } = await freshEnvironment(dialect);
  const server = await startCahierServer(`${dialect}-search`, childEnv(env));
  try {
    log(`${dialect}: seeding ${String(settings.entries)} entries`);
    const database = openDatabase({ dataDir: env.DATA_DIR ?? "", databaseUrl: env.DATABASE_URL });
    let seed: SearchSeed;
    let seedSeconds: number;
    let indexSeconds: number;
    try {
      let started = performance.now();
      seed = await seedEntries(database, { entries: settings.entries, users: settings.users });
      seedSeconds = (performance.now() - started) / 1000;
      log(`${dialect}: seeded in ${seedSeconds.toFixed(1)} s; indexing`);
      started = performance.now();
      await new SearchIndex(database).rebuild();
      if (database.dialect.name === "postgres") await sql`ANALYZE`.execute(database.kysely);
      indexSeconds = (performance.now() - started) / 1000;
      log(`${dialect}: indexed in ${indexSeconds.toFixed(1)} s`);
    } finally {
      await database.close();
    }
    const { usernames: _u, phrases, ...counts } = seed;
    report.setup.push({ target: dialect, seedSeconds, indexSeconds, seed: counts });
    const { mixed, common } = benchQueries(phrases);
    await checkGuestSearch(server.url, mixed[0] ?? "");
    const auth = await fetchJson(`${server.url}/api/collections/users/auth-with-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identity: "user1", password: "password123" }),
    });
    if (auth.status !== 200) throw new Error(`sign-in answered ${String(auth.status)}`);
    // Guests' lists would come from the micro-cache (ADR 012): every request is computed.
    const viewers: [string, Record<string, string>][] = [
      ["guest", { "cache-control": "no-cache" }],
      ["user", { authorization: String(auth.json.token), "cache-control": "no-cache" }],
    ];
    const searchUrl = (q: string) =>
      `${server.url}/api/search?${new URLSearchParams({ q, kind: "entries", perPage: String(PER_PAGE) }).toString()}`;
    const likeUrl = (q: string) =>
      `${server.url}/api/collections/entries/records?${new URLSearchParams({ perPage: String(PER_PAGE), filter: likeFilter(q) }).toString()}`;
    for (const [who, headers] of viewers) {
      for (const [queries, list, rounds] of [
        ["mixed", mixed, settings.rounds],
        ["common", [common], settings.rounds * 4],
      ] as const) {
        const series: SearchBenchResult[] = [];
        for (const [method, url, share] of [
          ["search", searchUrl, 1],
          ["LIKE", likeUrl, 3],
        ] as const) {
          log(`${dialect}: ${who}, ${queries} queries, ${method}`);
          const base = { target: dialect, who, method, queries };
          try {
            const { samples, totals, cpuMs } = await timeRequests(
              list.map(url),
              Math.max(1, Math.round(rounds / share)),
              headers,
              server.cpuSeconds,
            );
            series.push({
              ...base,
              ...(cpuMs === undefined ? {} : { cpuMs }),
              latency: summary(samples),
              meanTotal: totals.reduce((a, b) => a + b, 0) / Math.max(1, totals.length),
            });
          } catch (error) {
            log(String(error));
            series.push({
              ...base,
              latency: { ...summarize([]), mean: Number.NaN },
              meanTotal: 0,
              error: String(error),
            });
          }
        }
        const [search, like] = series;
        if (search && like && !search.error && !like.error)
          search.speedup = like.latency.p50 / search.latency.p50;
        report.results.push(...series);
      }
    }
  } finally {
    await server.stop();
    await cleanup();
  }
}

/** Runs the search benchmark on each engine. */
export async function benchSearch(
  settings: SearchBenchSettings,
  dialects: readonly DialectName[],
  childEnv: (extra: Record<string, string>) => Record<string, string>,
  log: (message: string) => void,
): Promise<SearchBenchReport> {
  const report: SearchBenchReport = { settings, setup: [], results: [] };
  for (const dialect of dialects) await benchEngine(dialect, settings, childEnv, log, report);
  return report;
}
