/**
 * A big archive (issue 30 item 4, `BENCH_ONLY=scale`): for each engine, a database seeded with
 * `BENCH_SCALE_ENTRIES` entries (1,000,000 by default) of one user per 500 entries (2,000) with
 * three collections each, and one post per ten entries, then the same at 10,000 entries; each
 * is timed as a self-hoster meets it: the seed, `cahier reindex`'s work (the search index
 * rebuilt), the last migration run again (an index over every post), the database's size, then
 * requests one at a time (latency, not throughput) to the list API as a writer and as a guest,
 * search, the writer's desk and one user's export. The report states the 1,000,000 run's p50
 * and p99 of each list as a ratio to the 10,000 run's (target ≤ 2) and search's p99 (target
 * ≤ 100 ms). Revisions are not seeded (each entry would need its own history).
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { SearchIndex } from "#server/core/search/search-index.ts";
import { openDatabase, type Database } from "#server/data/db.ts";
import { migrate, MIGRATIONS } from "#server/data/migrations/index.ts";
import { freshEnvironment, type DialectName } from "#tests/helpers/test-app.ts";
import { fetchJson } from "./api.ts";
import { startCahierServer } from "./processes.ts";
import { seedEntries } from "./search-seed.ts";
import { seedPosts } from "./seed.ts";
import { summarize } from "./stats.ts";

/** Issue 30's targets: a list at 1,000,000 entries within twice its time at 10,000; search. */
export const TARGET_LIST_GROWTH = 2;
export const TARGET_SCALE_SEARCH_P99_MS = 100;

/** One measured request kind at one size. */
export interface ScaleLatency {
  name: string;
  p50: number;
  p99: number;
}

/** What one engine and size measured. */
export interface ScaleRun {
  target: DialectName;
  entries: number;
  seedSeconds: number;
  indexSeconds: number;
  migrationSeconds: number;
  databaseMB: number;
  exportSeconds: number;
  latencies: ScaleLatency[];
}

/** Requests of each kind (one at a time), after ten unmeasured. */
const ROUNDS = 100;

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${String(res.status)}`);
  return performance.now() - started;
}

async function latency(
  name: string,
  url: string,
  headers: Record<string, string>,
): Promise<ScaleLatency> {
  for (let i = 0; i < 10; i++) await timed(url, headers);
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) samples.push(await timed(url, headers));
  const { p50, p99 } = summarize(samples);
  return { name, p50, p99 };
}

async function databaseMB(database: Database, dataDir: string): Promise<number> {
  if (database.dialect.name === "postgres") {
    const size = await sql<{
      bytes: string;
    }>`SELECT pg_database_size(current_database()) AS "bytes"`.execute(database.kysely);
    return Number(size.rows[0]?.bytes ?? 0) / 1048576;
  }
  let bytes = 0;
  for (const file of ["data.db", "data.db-wal"]) {
    const at = path.join(dataDir, file);
    if (fs.existsSync(at)) bytes += fs.statSync(at).size;
  }
  return bytes / 1048576;
}

/** Seeds and measures one engine at one size (see the module comment). */
async function scaleRun(
  dialect: DialectName,
  entries: number,
  childEnv: (extra: Record<string, string>) => Record<string, string>,
  log: (message: string) => void,
): Promise<ScaleRun> {
  const { env, cleanup } = await freshEnvironment(dialect);
  const dataDir = env.DATA_DIR ?? "";
  try {
    const database = openDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
    let seedSeconds: number;
    let indexSeconds: number;
    let migrationSeconds: number;
    let size: number;
    try {
      await migrate(database);
      log(`${dialect}: seeding ${String(entries)} entries`);
      let started = performance.now();
      await seedEntries(database, { entries, users: Math.max(2, Math.round(entries / 500)) });
      await seedPosts(database, { count: Math.round(entries / 10), authors: 50 });
      await sql`ANALYZE`.execute(database.kysely);
      seedSeconds = (performance.now() - started) / 1000;
      log(`${dialect}: seeded in ${seedSeconds.toFixed(1)} s; indexing`);
      started = performance.now();
      await new SearchIndex(database).rebuild();
      indexSeconds = (performance.now() - started) / 1000;
      // The last migration again, on the full tables (it rebuilds an index over every post).
      const last = MIGRATIONS.at(-1)?.name ?? "";
      await sql`DELETE FROM "_migrations" WHERE "file" = ${last}`.execute(database.kysely);
      started = performance.now();
      await migrate(database);
      migrationSeconds = (performance.now() - started) / 1000;
      size = await databaseMB(database, dataDir);
    } finally {
      await database.close();
    }

    const server = await startCahierServer(`${dialect}-scale`, childEnv(env));
    try {
      const auth = await fetchJson(`${server.url}/api/collections/users/auth-with-password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ identity: "user1", password: "password123" }),
      });
      if (auth.status !== 200) throw new Error(`sign-in answered ${String(auth.status)}`);
      const token = String(auth.json.token);
      const me = (auth.json.record as { id: string }).id;
      const user = { authorization: token, "cache-control": "no-cache" };
      const guest = { "cache-control": "no-cache" };
      const cookie = { cookie: `pb_auth=${encodeURIComponent(JSON.stringify(auth.json))}` };
      const collection = await fetchJson(
        `${server.url}/api/collections/collections/records?perPage=1&filter=${encodeURIComponent(`owner='${me}'`)}`,
        { headers: user },
      );
      const collectionId = (collection.json.items as { id: string }[])[0]?.id ?? "";
      const list = (filter: string) =>
        `${server.url}/api/collections/entries/records?${new URLSearchParams({ filter, sort: "-date", perPage: "30", skipTotal: "1" }).toString()}`;
      const latencies = [
        await latency("own archive", list(`author='${me}'`), user),
        await latency("public archive", list("visibility='public'"), guest),
        await latency("one collection", list(`collection='${collectionId}'`), user),
        await latency(
          "tags and dates",
          list("tags ?= 'garden' && date >= '2024-01-01' && date < '2025-01-01'"),
          user,
        ),
        await latency(
          "search",
          `${server.url}/api/search?${new URLSearchParams({ q: "garden morning", kind: "entries", perPage: "30" }).toString()}`,
          user,
        ),
        await latency("writer's desk", `${server.url}/writing`, { ...cookie, accept: "text/html" }),
      ];
      const started = performance.now();
      await timed(`${server.url}/api/export`, { authorization: token });
      return {
        target: dialect,
        entries,
        seedSeconds,
        indexSeconds,
        migrationSeconds,
        databaseMB: size,
        exportSeconds: (performance.now() - started) / 1000,
        latencies,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await cleanup();
  }
}

/** Runs 10,000 entries, then `BENCH_SCALE_ENTRIES` (1,000,000), on each engine. */
export async function benchScale(
  dialects: readonly DialectName[],
  childEnv: (extra: Record<string, string>) => Record<string, string>,
  log: (message: string) => void,
): Promise<ScaleRun[]> {
  const big = Number(process.env.BENCH_SCALE_ENTRIES ?? 1_000_000);
  const runs: ScaleRun[] = [];
  for (const dialect of dialects) {
    for (const entries of [10_000, big]) runs.push(await scaleRun(dialect, entries, childEnv, log));
  }
  return runs;
}

/** The report's lines: each run, then each list's growth and search's p99 against the targets. */
export function scaleNotes(runs: readonly ScaleRun[]): string[] {
  const lines: string[] = [];
  for (const run of runs) {
    const each = run.latencies
      .map((l) => `${l.name} p50 ${l.p50.toFixed(1)} / p99 ${l.p99.toFixed(1)} ms`)
      .join("; ");
    lines.push(
      `scale ${run.target} ${String(run.entries)} entries: seeded in ${run.seedSeconds.toFixed(0)} s, search index in ${run.indexSeconds.toFixed(0)} s, last migration in ${run.migrationSeconds.toFixed(1)} s, database ${run.databaseMB.toFixed(0)} MB, export of user1 in ${run.exportSeconds.toFixed(1)} s; ${each}`,
    );
  }
  for (const dialect of new Set(runs.map((r) => r.target))) {
    const [small, big] = runs.filter((r) => r.target === dialect);
    if (!small || !big) continue;
    for (const l of big.latencies) {
      const base = small.latencies.find((s) => s.name === l.name);
      if (!base) continue;
      const growth = Math.max(l.p50 / base.p50, l.p99 / base.p99);
      const verdict =
        l.name === "search"
          ? l.p99 <= TARGET_SCALE_SEARCH_P99_MS
            ? "meets"
            : "misses"
          : growth <= TARGET_LIST_GROWTH
            ? "meets"
            : "misses";
      const target =
        l.name === "search"
          ? `the ${String(TARGET_SCALE_SEARCH_P99_MS)} ms p99 target`
          : `the ×${String(TARGET_LIST_GROWTH)} target`;
      lines.push(
        `scale ${dialect} ${l.name}: p50 ×${(l.p50 / base.p50).toFixed(2)}, p99 ×${(l.p99 / base.p99).toFixed(2)} from ${String(small.entries)} to ${String(big.entries)} entries (p99 ${l.p99.toFixed(1)} ms); ${verdict} ${target}`,
      );
    }
  }
  return lines;
}
