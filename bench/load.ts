/**
 * Load generation: a warm-up run, then the measured run. A measurement with failed or non-2xx
 * responses is an error, never a number (unless the scenario counts them: the 200-connection
 * checks report their timeouts).
 *
 * The generator is wrk when it is installed (`wrk.ts` says why), else autocannon (programmatic
 * API, in the bench process); `BENCH_LOAD=autocannon` or `wrk` chooses. Every measurement of
 * a run uses the same one, so its ratios compare like with like.
 */
import autocannon, { type Request } from "autocannon";
import { findWrk, runWrk } from "./wrk.ts";

/** How each measurement runs. */
export interface LoadSettings {
  /** Concurrent connections. */
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of warm-up before measuring (not recorded). */
  warmup: number;
  /** Seconds a request may take before autocannon counts it as timed out (default 30). */
  timeout?: number;
}

/** One request shape to hammer. */
export interface LoadTarget {
  /** Server base URL. */
  url: string;
  method?: "GET" | "POST";
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  /** Request body; `[<id>]` is replaced by a fresh random id on each request. */
  body?: string;
}

/** What one measurement found. */
export interface Measurement {
  /** Mean completed requests per second. */
  reqPerSec: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Mean response size in bytes (headers included). */
  bytesPerResponse: number;
  /** Completed requests. */
  requests: number;
  /** Requests that timed out, failed (socket errors) or answered other than 2xx (measured run). */
  timeouts?: number;
  errors?: number;
  non2xx?: number;
  /** Answers per status code (`"200"`, `"503"`…), measured run. */
  statusCodes?: Record<string, number>;
  /**
   * Server CPU time per request in microseconds (user + system, measured run only): steadier
   * than req/s when other work shares the machine. Undefined when it cannot be read.
   */
  cpuMicrosPerRequest?: number;
}

/** Largest share of failed requests tolerated (sockets cut at the very end of a run). */
const MAX_FAILURE_RATIO = 0.001;

/** The load generators the bench can drive. */
export type LoadGeneratorName = "wrk" | "autocannon";

/** The load generator chosen: its name, and wrk's path when it is wrk. */
export interface LoadGenerator {
  name: LoadGeneratorName;
  wrk?: string;
}

let chosen: LoadGenerator | undefined;

/**
 * The generator of this run, chosen once: `BENCH_LOAD`, else wrk when installed, else
 * autocannon.
 */
export function loadGenerator(): LoadGenerator {
  if (chosen) return chosen;
  const wanted = process.env.BENCH_LOAD;
  const wrk = wanted === "autocannon" ? undefined : findWrk();
  if (wanted === "wrk" && !wrk)
    throw new Error("BENCH_LOAD=wrk, but no wrk on the PATH (apt install wrk)");
  chosen = wrk ? { name: "wrk", wrk } : { name: "autocannon" };
  return chosen;
}

/** What one run counted, whichever generator ran it. */
interface Counted {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  bytes: number;
  ok: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes?: Record<string, number>;
}

async function runAutocannon(
  target: LoadTarget,
  settings: LoadSettings,
  duration: number,
): Promise<Counted> {
  const request: Request = { method: target.method ?? "GET", path: target.path };
  if (target.headers) request.headers = target.headers;
  if (target.body !== undefined) request.body = target.body;
  const result = await autocannon({
    url: target.url,
    connections: settings.connections,
    duration,
    timeout: settings.timeout ?? 30,
    idReplacement: target.body?.includes("[<id>]") ?? false,
    requests: [request],
  });
  return {
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.total,
    ok: result["2xx"],
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
    ),
  };
}

async function run(
  target: LoadTarget,
  settings: LoadSettings,
  duration: number,
  countStatuses: boolean,
): Promise<Counted> {
  const generator = loadGenerator();
  if (!generator.wrk) return runAutocannon(target, settings, duration);
  const result = await runWrk(
    generator.wrk,
    {
      url: target.url,
      method: target.method ?? "GET",
      path: target.path,
      headers: target.headers ?? {},
      body: target.body,
    },
    {
      connections: settings.connections,
      seconds: duration,
      timeoutSeconds: settings.timeout ?? 30,
    },
    countStatuses,
  );
  const counted: Counted = {
    requests: result.requests,
    reqPerSec: result.requests / result.durationSeconds,
    p50: result.p50,
    p99: result.p99,
    bytes: result.bytes,
    ok: result.requests - result.errorStatuses,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.errorStatuses,
  };
  if (result.statusCodes) counted.statusCodes = result.statusCodes;
  return counted;
}

/**
 * Warms up, then measures one target. `cpuSeconds` reads the server process's CPU time, to
 * report CPU per request.
 */
export async function measure(
  name: string,
  target: LoadTarget,
  settings: LoadSettings,
  cpuSeconds?: () => number | undefined,
  options: { tolerateFailures?: boolean } = {},
): Promise<Measurement> {
  const countStatuses = options.tolerateFailures ?? false;
  if (settings.warmup > 0) await run(target, settings, settings.warmup, countStatuses);
  const cpuBefore = cpuSeconds?.();
  const result = await run(target, settings, settings.duration, countStatuses);
  const cpuAfter = cpuSeconds?.();
  const completed = result.requests;
  const failed = result.errors + result.timeouts + result.non2xx;
  if (result.ok === 0 || (!options.tolerateFailures && failed > completed * MAX_FAILURE_RATIO)) {
    const codes = result.statusCodes
      ? Object.entries(result.statusCodes)
          .map(([code, count]) => `${code}×${String(count)}`)
          .join(", ")
      : `${String(result.non2xx)} of 400 or more`;
    throw new Error(
      `${name}: ${String(failed)} failed of ${String(completed)} (errors ${String(result.errors)}, ` +
        `timeouts ${String(result.timeouts)}, statuses ${codes})`,
    );
  }
  const measurement: Measurement = {
    reqPerSec: result.reqPerSec,
    p50: result.p50,
    p99: result.p99,
    bytesPerResponse: completed > 0 ? result.bytes / completed : 0,
    requests: completed,
    timeouts: result.timeouts,
    errors: result.errors,
    non2xx: result.non2xx,
  };
  if (result.statusCodes) measurement.statusCodes = result.statusCodes;
  if (cpuBefore !== undefined && cpuAfter !== undefined && completed > 0) {
    measurement.cpuMicrosPerRequest = ((cpuAfter - cpuBefore) * 1e6) / completed;
  }
  return measurement;
}
