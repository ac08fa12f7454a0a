import { describe, expect, it } from "vitest";
import { engineRatios, MarkerScanner, percentile, summarize } from "./stats.ts";

describe("percentile", () => {
  it("uses the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([3, 9], 0)).toBe(3);
  });

  it("is NaN without samples", () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe("summarize", () => {
  it("sorts the samples and reports p50, p99 and max", () => {
    const samples = Array.from({ length: 1000 }, (_, i) => 1000 - i);
    expect(summarize(samples)).toEqual({ count: 1000, p50: 500, p99: 990, max: 1000 });
  });

  it("does not reorder its input", () => {
    const samples = [3, 1, 2];
    summarize(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it("reports NaN for no samples", () => {
    const empty = summarize([]);
    expect(empty.count).toBe(0);
    expect(empty.p50).toBeNaN();
    expect(empty.max).toBeNaN();
  });
});

describe("engineRatios", () => {
  const results = [
    { target: "sqlite", scenario: "list", reqPerSec: 2000 },
    { target: "postgres", scenario: "list", reqPerSec: 1000 },
    { target: "sqlite", scenario: "create entry", reqPerSec: 1000 },
    { target: "postgres", scenario: "create entry", reqPerSec: 0, error: "timeouts" },
    { target: "sqlite", scenario: "list total", reqPerSec: 4 },
  ];

  it("divides the two engines' req/s per scenario, in the order asked", () => {
    expect(
      engineRatios(results, ["create entry", "list", "list total"], "postgres", "sqlite"),
    ).toEqual([{ scenario: "list", ratio: 0.5 }]);
    expect(engineRatios(results, ["list"], "sqlite", "postgres")).toEqual([
      { scenario: "list", ratio: 2 },
    ]);
  });

  it("skips a scenario measured on one engine only, or failed", () => {
    expect(engineRatios(results, ["list total", "create entry"], "postgres", "sqlite")).toEqual([]);
  });
});

describe("MarkerScanner", () => {
  it("finds markers within and across pieces, each once, in order", () => {
    const scan = new MarkerScanner("fan-");
    expect(scan.push('data:{"title":"fan-1"}\n\ndata:{"title":"fan-2"}')).toEqual([1, 2]);
    expect(scan.push('\n\ndata:{"title":"fa')).toEqual([]);
    expect(scan.push('n-3"}\n\ndata:{"title":"fan-4')).toEqual([3]);
    expect(scan.push('2"}\n\n')).toEqual([42]);
    expect(scan.push("heartbeat :\n\n")).toEqual([]);
  });

  it("ignores a marker seen again and other text", () => {
    const scan = new MarkerScanner("run.x-");
    expect(scan.push("run.x-5 run-x-6 runAx-7 ")).toEqual([5]);
    expect(scan.push("run.x-5 ")).toEqual([]);
    expect(scan.push("run.x-6 ")).toEqual([6]);
  });
});
