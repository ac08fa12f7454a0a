/** The bench's output: a table on stdout and `.bench/results.json`. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LighthouseResult } from "./lighthouse.ts";
import type { LoadSettings, Measurement } from "./load.ts";
import type { FanoutResult, IdleSseResult, RealtimeSettings } from "./realtime.ts";
import type { SearchBenchReport } from "./search.ts";

/** One measured scenario. */
export interface ScenarioResult extends Measurement {
  /** `baseline`, `sqlite` or `postgres`. */
  target: string;
  /** Short scenario name. */
  scenario: string;
  /** Method and path measured. */
  request: string;
  /** Concurrent connections used. */
  connections: number;
  /** Requests per second relative to the bare `node:http` baseline of the same run. */
  ratio: number;
  /**
   * Bare baseline's server CPU per request divided by this scenario's: the same ratio in CPU
   * terms, which other load on the machine disturbs less than req/s.
   */
  cpuRatio?: number;
  /** Why the measurement failed (its numbers are then zero). */
  error?: string;
}

/** Everything a run produced. */
export interface BenchReport {
  date: string;
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  settings: LoadSettings & { posts: number };
  /** The list target the issue sets, as a share of the bare baseline. */
  target: { listRatio: number };
  notes: string[];
  results: ScenarioResult[];
  /** PostgreSQL req/s over SQLite's, per HTTP scenario measured on both. */
  engineRatios?: { scenario: string; ratio: number }[];
  /** The realtime scenarios (`sse idle`, `sse fanout`), when they ran. */
  realtime?: {
    settings: RealtimeSettings;
    /** Load average (1, 5, 15 min) when the realtime scenarios started. */
    loadAverage: number[];
    idle: IdleSseResult[];
    fanout: FanoutResult[];
  };
  /** The search scenario (`search`), when it ran. */
  search?: SearchBenchReport;
  /** Lighthouse's performance scores (`lighthouse`), when they ran. */
  lighthouse?: LighthouseResult[];
}

/** Where results are written (gitignored). */
export const RESULTS_FILE = path.join(path.dirname(import.meta.dirname), ".bench", "results.json");

/** Machine facts for the report. */
export function machineInfo(): BenchReport["machine"] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  };
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

/** Formats results as an aligned text table. */
export function formatTable(results: readonly ScenarioResult[]): string {
  const header = [
    "target",
    "scenario",
    "conns",
    "req/s",
    "p50 ms",
    "p99 ms",
    "KB/resp",
    "CPU µs/req",
    "ratio",
    "CPU ratio",
  ];
  const rows = results.map((r) => [
    r.target,
    r.error ? `${r.scenario} (FAILED)` : r.scenario,
    String(r.connections),
    Math.round(r.reqPerSec).toLocaleString("en-US"),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    (r.bytesPerResponse / 1024).toFixed(1),
    r.cpuMicrosPerRequest === undefined
      ? "-"
      : Math.round(r.cpuMicrosPerRequest).toLocaleString("en-US"),
    r.ratio.toFixed(3),
    r.cpuRatio === undefined ? "-" : r.cpuRatio.toFixed(3),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] ?? 0, i >= 2)).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)),
  );
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] ?? 0, i >= 1)).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

const MIB = 1024 * 1024;
const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(1));

/** Formats the idle-stream results as an aligned text table. */
export function formatIdleTable(results: readonly IdleSseResult[]): string {
  return table(
    [
      "target",
      "streams held",
      "open s",
      "RSS MiB before→after",
      "heap MiB before→after",
      "KB RSS/stream",
      "KB heap/stream",
      "health ms p50/max, idle",
      "holding",
      "RSS ratio",
    ],
    results.map((r) => [
      r.error ? `${r.target} (FAILED)` : r.target,
      `${String(r.held)}/${String(r.connections)}`,
      r.openSeconds.toFixed(1),
      `${(r.before.rss / MIB).toFixed(0)}→${(r.after.rss / MIB).toFixed(0)}`,
      `${(r.before.heapUsed / MIB).toFixed(0)}→${(r.after.heapUsed / MIB).toFixed(0)}`,
      (r.rssPerConnection / 1024).toFixed(1),
      (r.heapPerConnection / 1024).toFixed(1),
      `${ms(r.healthIdle.p50)}/${ms(r.healthIdle.max)}`,
      `${ms(r.healthHeld.p50)}/${ms(r.healthHeld.max)}`,
      r.ratio === undefined ? "-" : r.ratio.toFixed(2),
    ]),
  );
}

/** Formats the fan-out results as an aligned text table. */
export function formatFanoutTable(results: readonly FanoutResult[]): string {
  return table(
    [
      "target",
      "instances",
      "streams",
      "writes",
      "delivered",
      "p50 ms",
      "p99 ms",
      "max ms",
      "write p50 ms",
      "server CPU ms/event",
      "bench CPU ms/event",
      "p99 ratio",
      "CPU ratio",
    ],
    results.map((r) => [
      r.error ? `${r.target} (FAILED)` : r.target,
      String(r.instances),
      String(r.clients),
      String(r.writes),
      `${String(r.delivered)}/${String(r.expected)}`,
      ms(r.latency.p50),
      ms(r.latency.p99),
      ms(r.latency.max),
      ms(r.write.p50),
      r.serverCpuMsPerEvent === undefined ? "-" : r.serverCpuMsPerEvent.toFixed(2),
      r.clientCpuMsPerEvent === undefined ? "-" : r.clientCpuMsPerEvent.toFixed(2),
      r.p99Ratio === undefined ? "-" : r.p99Ratio.toFixed(2),
      r.cpuRatio === undefined ? "-" : r.cpuRatio.toFixed(3),
    ]),
  );
}

/** Formats the search results as an aligned text table. */
export function formatSearchTable(report: SearchBenchReport): string {
  return table(
    [
      "target",
      "who",
      "queries",
      "method",
      "requests",
      "p50 ms",
      "p99 ms",
      "mean ms",
      "mean total",
      "LIKE/search p50",
    ],
    report.results.map((r) => [
      r.error ? `${r.target} (FAILED)` : r.target,
      r.who,
      r.queries,
      r.method,
      String(r.latency.count),
      ms(r.latency.p50),
      ms(r.latency.p99),
      ms(r.latency.mean),
      r.cpuMs === undefined ? "-" : r.cpuMs.toFixed(1),
      Math.round(r.meanTotal).toLocaleString("en-US"),
      r.speedup === undefined ? "-" : `${r.speedup.toFixed(1)}×`,
    ]),
  );
}

/** Writes the report as JSON. */
export function writeReport(report: BenchReport): void {
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, JSON.stringify(report, null, 2) + "\n");
}
