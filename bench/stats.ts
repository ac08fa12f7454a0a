/**
 * Pure helpers of the realtime benchmarks: latency percentiles, ratios between two engines'
 * results, and finding event markers in a byte stream read in arbitrary pieces.
 */

/** Percentiles of a set of latencies, in milliseconds. */
export interface LatencySummary {
  /** How many samples. */
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * The `p`th percentile (0–100) of ascending `sorted` values by the nearest-rank method: the
 * smallest value with at least p% of the samples at or below it. NaN for no samples.
 *
 * @example
 * percentile([1, 2, 3, 4], 50); // 2
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0] ?? Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}

/** p50, p99 and max of unordered samples (NaN each when there are none). */
export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
  };
}

/** One engine's req/s for one scenario, as the HTTP results carry it. */
export interface EngineRate {
  target: string;
  scenario: string;
  reqPerSec: number;
  error?: string;
}

/**
 * For each scenario measured without error on both `numerator` and `denominator` engines (in
 * `scenarios`' order), the ratio of their req/s, e.g. PostgreSQL over SQLite.
 */
export function engineRatios(
  results: readonly EngineRate[],
  scenarios: readonly string[],
  numerator: string,
  denominator: string,
): { scenario: string; ratio: number }[] {
  const rate = (target: string, scenario: string) =>
    results.find((r) => r.target === target && r.scenario === scenario && !r.error)?.reqPerSec;
  const ratios: { scenario: string; ratio: number }[] = [];
  for (const scenario of scenarios) {
    const top = rate(numerator, scenario);
    const bottom = rate(denominator, scenario);
    if (top !== undefined && bottom !== undefined && bottom > 0) {
      ratios.push({ scenario, ratio: top / bottom });
    }
  }
  return ratios;
}

/**
 * Finds `<prefix><digits>` markers in a stream read in pieces: a marker cut between two pieces
 * is found once the rest arrives, and none is reported twice. Feed it every piece in order.
 *
 * @example
 * const scan = new MarkerScanner("bench-");
 * scan.push("…bench-1…ben"); // [1]
 * scan.push("ch-2 "); // [2]
 */
export class MarkerScanner {
  private readonly pattern: RegExp;
  private readonly keep: number;
  private tail = "";
  private last = -1;

  /** `prefix` must not contain digits at its end; markers must arrive in increasing order. */
  constructor(prefix: string, maxDigits = 12) {
    this.pattern = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\d+)`, "g");
    this.keep = prefix.length + maxDigits;
  }

  /** The markers completed by this piece, in order (each number at most once overall). */
  push(piece: string): number[] {
    const text = this.tail + piece;
    const found: number[] = [];
    for (const match of text.matchAll(this.pattern)) {
      const end = match.index + match[0].length;
      // Digits running to the end of the text may continue in the next piece.
      if (end === text.length) break;
      const value = Number(match[1]);
      if (value > this.last) {
        this.last = value;
        found.push(value);
      }
    }
    this.tail = text.slice(-this.keep);
    return found;
  }
}
