import { describe, expect, it } from "vitest";
import { IntervalGate } from "./interval-gate.ts";

describe("IntervalGate", () => {
  it("is due at once on a real clock, then once per interval", () => {
    let now = Date.UTC(2026, 0, 1);
    const gate = new IntervalGate(1000, () => now);
    expect(gate.due()).toBe(true);
    expect(gate.due()).toBe(false);
    now += 999;
    expect(gate.due()).toBe(false);
    now += 1;
    expect(gate.due()).toBe(true);
    expect(gate.due()).toBe(false);
  });

  it("counts the interval from the last run, not from the last question", () => {
    let now = 5000;
    const gate = new IntervalGate(1000, () => now);
    expect(gate.due()).toBe(true);
    now += 600;
    expect(gate.due()).toBe(false);
    now += 600;
    expect(gate.due()).toBe(true);
  });

  it("reads Date.now without a clock", () => {
    expect(new IntervalGate(60_000).due()).toBe(true);
  });
});
