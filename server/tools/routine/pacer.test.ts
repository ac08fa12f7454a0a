import { describe, expect, it } from "vitest";
import { Pacer } from "./pacer.ts";

describe("Pacer", () => {
  it("gives the event loop a turn once a slice of work is spent, not before", async () => {
    let now = 0;
    const pacer = new Pacer(10, () => now);
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    now = 9;
    await pacer.pace();
    expect([pacer.turns, ran]).toEqual([0, false]);
    now = 10;
    await pacer.pace();
    // The callback queued before the turn ran during it.
    expect([pacer.turns, ran]).toEqual([1, true]);
    await pacer.pace();
    expect(pacer.turns).toBe(1);
  });
});
