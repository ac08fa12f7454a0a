import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_MAX_WAIT_MS,
  AutosaveScheduler,
  RETRY_DELAYS_MS,
  type AutosaveOutcome,
} from "./autosave.ts";

describe("AutosaveScheduler", () => {
  let outcomes: AutosaveOutcome[];
  let runs: number[];
  let scheduler: AutosaveScheduler;

  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    outcomes = [];
    runs = [];
    scheduler = new AutosaveScheduler(() => {
      runs.push(Date.now());
      return Promise.resolve(outcomes.shift() ?? "saved");
    });
  });
  afterEach(() => {
    scheduler.dispose();
    vi.useRealTimers();
  });

  it("saves once the writer pauses, well within 5 s of the last keystroke", async () => {
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(1_000);
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([1_000 + AUTOSAVE_DELAY_MS]);
    expect(1_000 + AUTOSAVE_DELAY_MS - 1_000).toBeLessThan(5_000);
  });

  it("saves at least every AUTOSAVE_MAX_WAIT_MS while the writer types on", async () => {
    for (let t = 0; t < AUTOSAVE_MAX_WAIT_MS + 3_000; t += 500) {
      scheduler.changed();
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(runs[0]).toBe(AUTOSAVE_MAX_WAIT_MS);
    // The wait starts again with the first change after that save.
    expect(runs).toHaveLength(1);
  });

  it("takes a longer delay when asked (a new record's title)", async () => {
    scheduler.changed(4_000);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([4_000]);
  });

  it("flushes at once and cancels the timer", async () => {
    scheduler.changed();
    await scheduler.flush();
    expect(runs).toEqual([0]);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(runs).toEqual([0]);
  });

  it("tries again with growing pauses while offline, and at once when back online", async () => {
    outcomes = ["offline", "offline", "offline"];
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(runs).toEqual([AUTOSAVE_DELAY_MS]);
    expect(scheduler.retrying).toBe(true);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] ?? 0);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync((RETRY_DELAYS_MS[1] ?? 0) - 1);
    expect(runs).toHaveLength(2);
    scheduler.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(3);
    // The third attempt failed too; the next one comes after the third pause.
    scheduler.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(4);
    expect(scheduler.retrying).toBe(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toHaveLength(4);
  });

  it("does nothing online when nothing waits", async () => {
    scheduler.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([]);
  });

  it("leaves a refused save until the next change", async () => {
    outcomes = ["stopped"];
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(1);
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(runs).toHaveLength(2);
  });

  it("stops for good once disposed", async () => {
    scheduler.changed();
    scheduler.dispose();
    scheduler.changed();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([]);
    expect(await scheduler.flush()).toBe("stopped");
  });
});
