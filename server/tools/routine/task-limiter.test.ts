import { describe, expect, it } from "vitest";
import { LimiterBusyError, TaskLimiter } from "./task-limiter.ts";

/** A task that finishes when `release()` is called. */
function gate() {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

describe("TaskLimiter", () => {
  it("never runs more than `concurrency` tasks and runs the queued ones in order", async () => {
    const limiter = new TaskLimiter({ concurrency: 2, maxQueue: 10, maxWaitMs: 60_000 });
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    let peak = 0;
    const runs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        peak = Math.max(peak, limiter.running);
        await g.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[0]!.release();
    gates[1]!.release();
    gates[2]!.release();
    gates[3]!.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(limiter.running).toBe(0);
  });

  it("refuses work when the queue is full", async () => {
    const limiter = new TaskLimiter({ concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 });
    const g = gate();
    const first = limiter.run(() => g.done);
    const second = limiter.run(() => Promise.resolve("queued"));
    await expect(limiter.run(() => Promise.resolve("refused"))).rejects.toBeInstanceOf(
      LimiterBusyError,
    );
    g.release();
    await first;
    expect(await second).toBe("queued");
  });

  it("gives up on a slot after maxWaitMs", async () => {
    const limiter = new TaskLimiter({ concurrency: 1, maxQueue: 5, maxWaitMs: 10 });
    const g = gate();
    const first = limiter.run(() => g.done);
    await expect(limiter.run(() => Promise.resolve())).rejects.toBeInstanceOf(LimiterBusyError);
    g.release();
    await first;
    expect(await limiter.run(() => Promise.resolve("free again"))).toBe("free again");
  });

  it("frees the slot when a task fails", async () => {
    const limiter = new TaskLimiter({ concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 });
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(limiter.running).toBe(0);
  });
});
