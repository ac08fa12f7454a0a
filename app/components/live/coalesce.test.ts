import { describe, expect, it } from "vitest";
import { createCoalescer, type CoalescerTimers } from "./coalesce.ts";

/** A manual clock: timers fire only when the test advances time. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const timers: CoalescerTimers = {
    set(run, ms) {
      const handle = next++;
      pending.set(handle, { at: now + ms, run });
      return handle;
    },
    clear(handle) {
      pending.delete(handle as number);
    },
    now: () => now,
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...pending.entries()]
        .filter(([, timer]) => timer.at <= until)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = until;
  };
  return { timers, advance, pending };
}

describe("createCoalescer", () => {
  it("runs one batch after a burst goes quiet", () => {
    const { timers, advance } = manualTimers();
    const batches: number[][] = [];
    const c = createCoalescer<number>((b) => batches.push(b), { wait: 100, maxWait: 1000, timers });
    c.push(1);
    advance(50);
    c.push(2);
    advance(50);
    c.push(3);
    expect(batches).toEqual([]);
    advance(100);
    expect(batches).toEqual([[1, 2, 3]]);
    advance(1000);
    expect(batches).toHaveLength(1);
  });

  it("runs a long burst at least every maxWait", () => {
    const { timers, advance } = manualTimers();
    const batches: number[][] = [];
    const c = createCoalescer<number>((b) => batches.push(b), { wait: 100, maxWait: 300, timers });
    for (let i = 0; i < 10; i++) {
      c.push(i);
      advance(60);
    }
    // 600 ms of events every 60 ms: never quiet for 100 ms, so maxWait cuts the batches.
    expect(batches.length).toBeGreaterThanOrEqual(1);
    expect(batches[0]).toEqual([0, 1, 2, 3, 4]);
    advance(100);
    expect(batches.flat()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("flushes at once on demand and drops on cancel", () => {
    const { timers, advance, pending } = manualTimers();
    const batches: string[][] = [];
    const c = createCoalescer<string>((b) => batches.push(b), { wait: 100, maxWait: 300, timers });
    c.push("a");
    c.flush();
    expect(batches).toEqual([["a"]]);
    expect(pending.size).toBe(0);
    c.flush();
    expect(batches).toHaveLength(1);
    c.push("b");
    c.cancel();
    advance(1000);
    expect(batches).toEqual([["a"]]);
  });
});
