/** Own changes wait for their echo, and are delivered exactly once whatever happens first. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { RecordChange } from "../records/record-events.ts";
import { ECHO_TIMEOUT_MS, EchoQueue } from "./echo-queue.ts";

const entries = requireCollection("entries");
const change = (id: string): RecordChange => ({ action: "create", collection: entries, id });

describe("EchoQueue", () => {
  let delivered: string[];
  let logs: string[];
  let queue: EchoQueue;

  beforeEach(() => {
    vi.useFakeTimers();
    delivered = [];
    logs = [];
    queue = new EchoQueue(
      (c) => delivered.push(c.id),
      (level, message) => logs.push(`${level} ${message}`),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("delivers a held change once, when its echo comes", () => {
    queue.hold(1, change("a"));
    queue.hold(2, change("b"));
    expect(delivered).toEqual([]);
    queue.release(2);
    queue.release(2);
    expect(delivered).toEqual(["b"]);
    vi.advanceTimersByTime(ECHO_TIMEOUT_MS);
    expect(delivered).toEqual(["b", "a"]);
    expect(logs).toEqual(["warn realtime: no Redis echo for a change; delivered locally"]);
    queue.release(1);
    expect(delivered).toEqual(["b", "a"]);
  });

  it("delivers every held change when the subscription drops", () => {
    queue.hold(1, change("a"));
    queue.hold(2, change("b"));
    queue.releaseAll();
    expect(delivered).toEqual(["a", "b"]);
    vi.advanceTimersByTime(ECHO_TIMEOUT_MS);
    expect(delivered).toEqual(["a", "b"]);
    expect(logs).toEqual([]);
  });

  it("forgets held changes when dropped", () => {
    queue.hold(1, change("a"));
    queue.drop();
    queue.release(1);
    vi.advanceTimersByTime(ECHO_TIMEOUT_MS);
    expect(delivered).toEqual([]);
  });
});
