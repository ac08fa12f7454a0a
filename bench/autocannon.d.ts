/** The part of autocannon's programmatic API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  /** One request of a run. */
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  /** Options of a run. */
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    idReplacement?: boolean;
    requests?: Request[];
  }

  /** Percentiles and moments of one measure. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    [percentile: `p${string}`]: number;
  }

  /** What a run measured. */
  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  /** Runs a load test; resolves with its result. */
  export default function autocannon(options: Options): Promise<Result>;
}
