import { describe, expect, it, vi } from "vitest";
import { BoundedCache } from "./bounded-cache.ts";

describe("BoundedCache", () => {
  it("drops the least recently used entry when full", () => {
    const cache = new BoundedCache<string, number>({ max: 2 });
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the most recent
    cache.set("c", 3);
    expect(cache.has("b")).toBe(false);
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  it("bounds the total size of its entries when given maxSize", () => {
    const cache = new BoundedCache<string, string>({
      max: 100,
      maxSize: 10,
      sizeOf: (value) => value.length,
    });
    cache.set("a", "aaaa");
    cache.set("b", "bbbb");
    expect(cache.totalSize).toBe(8);
    cache.set("c", "cccc"); // 12 > 10: the least recently used goes
    expect(cache.has("a")).toBe(false);
    expect(cache.get("b")).toBe("bbbb");
    expect(cache.totalSize).toBe(8);
    cache.set("huge", "x".repeat(11)); // larger than the whole cache: not stored
    expect(cache.has("huge")).toBe(false);
    expect(cache.has("b")).toBe(true);
    expect(() => new BoundedCache<string, string>({ max: 1, maxSize: 1 })).toThrow(/sizeOf/);
  });

  it("keeps null values and computes each key once", () => {
    const cache = new BoundedCache<string, string | null>({ max: 10 });
    const compute = vi.fn(() => null);
    expect(cache.getOrSet("empty", compute)).toBeNull();
    expect(cache.getOrSet("empty", compute)).toBeNull();
    expect(compute).toHaveBeenCalledTimes(1);
    expect(cache.has("empty")).toBe(true);
  });

  it("stores nothing when the computation throws", () => {
    const cache = new BoundedCache<string, number>({ max: 10 });
    expect(() =>
      cache.getOrSet("bad", () => {
        throw new Error("no");
      }),
    ).toThrow("no");
    expect(cache.has("bad")).toBe(false);
  });

  it("expires entries after their time to live", async () => {
    const cache = new BoundedCache<string, number>({ max: 10, ttlMs: 30 });
    cache.set("a", 1);
    expect(cache.get("a")).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get("a")).toBeUndefined();
    expect(cache.has("a")).toBe(false);
  });

  it("expires one entry after its own time to live, on the clock it is given", () => {
    let now = 1_000;
    const cache = new BoundedCache<string, number>({ max: 10, ttlMs: 10_000, now: () => now });
    cache.set("short", 1, { ttlMs: 100 });
    cache.set("default", 2);
    cache.set("long", 3, { ttlMs: 60_000 });
    now += 100;
    expect(cache.get("short")).toBe(1);
    now += 1;
    expect(cache.get("short")).toBeUndefined();
    expect(cache.get("default")).toBe(2);
    now += 10_000;
    expect(cache.has("default")).toBe(false);
    expect(cache.peek("long")).toBe(3);
  });

  it("peeks without marking an entry recently used", () => {
    const cache = new BoundedCache<string, number>({ max: 2 });
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.peek("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.has("a")).toBe(false);
    expect(cache.peek("b")).toBe(2);
    expect(cache.peek("missing")).toBeUndefined();
  });

  it("prunes expired entries on demand, so they make room before live ones", () => {
    let now = 5_000;
    const cache = new BoundedCache<string, number>({ max: 3, now: () => now });
    cache.set("expiring", 1, { ttlMs: 50 });
    cache.set("a", 2);
    cache.set("b", 3);
    now += 51;
    expect(cache.size).toBe(3);
    cache.pruneExpired();
    expect(cache.size).toBe(2);
    cache.set("c", 4);
    expect([cache.peek("a"), cache.peek("b"), cache.peek("c")]).toEqual([2, 3, 4]);
  });

  it("deletes and clears", () => {
    const cache = new BoundedCache<string, number>({ max: 10 });
    cache.set("a", 1);
    cache.set("b", 2);
    cache.delete("a");
    expect(cache.has("a")).toBe(false);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
