/**
 * Load generation with autocannon (programmatic API, in the bench process): a warm-up run,
 * then the measured run. A measurement with failed or non-2xx responses is an error, never a
 * number (unless the scenario counts them: the 200-connection checks report their timeouts).
 */
import autocannon, { type Request, type Result } from "autocannon";

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

async function run(target: LoadTarget, settings: LoadSettings, duration: number): Promise<Result> {
  const request: Request = { method: target.method ?? "GET", path: target.path };
  if (target.headers) request.headers = target.headers;
  if (target.body !== undefined) request.body = target.body;
  return autocannon({
    url: target.url,
    connections: settings.connections,
    duration,
    timeout: settings.timeout ?? 30,
    idReplacement: target.body?.includes("[<id>]") ?? false,
    requests: [request],
  });
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
  if (settings.warmup > 0) await run(target, settings, settings.warmup);
  const cpuBefore = cpuSeconds?.();
  const result = await run(target, settings, settings.duration);
  const cpuAfter = cpuSeconds?.();
  const completed = result.requests.total;
  const failed = result.errors + result.timeouts + result.non2xx;
  if (
    result["2xx"] === 0 ||
    (!options.tolerateFailures && failed > completed * MAX_FAILURE_RATIO)
  ) {
    const codes = Object.entries(result.statusCodeStats)
      .map(([code, stat]) => `${code}×${String(stat.count)}`)
      .join(", ");
    throw new Error(
      `${name}: ${String(failed)} failed of ${String(completed)} (errors ${String(result.errors)}, ` +
        `timeouts ${String(result.timeouts)}, statuses ${codes})`,
    );
  }
  const measurement: Measurement = {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerResponse:
      result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    requests: result.requests.total,
    timeouts: result.timeouts,
    errors: result.errors,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
    ),
  };
  if (cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0) {
    measurement.cpuMicrosPerRequest = ((cpuAfter - cpuBefore) * 1e6) / result.requests.total;
  }
  return measurement;
}
