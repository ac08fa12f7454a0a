import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.ts";

function store(options: { now?: () => number; maxBytes?: number; ttlMs?: number } = {}) {
  return new PageCache<string>({
    ttlMs: options.ttlMs ?? 60_000,
    maxEntries: 100,
    maxBytes: options.maxBytes ?? 1000,
    sizeOf: (value) => value.length,
    ...(options.now ? { now: options.now } : {}),
  });
}

describe("PageCache", () => {
  it("keeps what a render stores under its ticket, and forgets it all on a purge", () => {
    const cache = store();
    cache.set("a", "page a", cache.ticket());
    expect(cache.get("a")).toBe("page a");
    cache.purge();
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never stores a render that began before a purge (data read before a write)", () => {
    const cache = store();
    const ticket = cache.ticket();
    cache.purge(); // a write committed while the page was rendering
    expect(cache.set("a", "stale page", ticket)).toBe(false);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.set("a", "fresh page", cache.ticket())).toBe(true);
  });

  it("runs one render per key at a time and shares its result", async () => {
    const cache = store();
    let renders = 0;
    let finish: (value: string) => void = () => undefined;
    const produce = () => {
      renders += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const results = Promise.all([cache.once("a", produce), cache.once("a", produce)]);
    const other = cache.once("b", () => Promise.resolve("b"));
    finish("a");
    expect(await results).toEqual(["a", "a"]);
    expect(await other).toBe("b");
    expect(renders).toBe(1);
    // Once settled, the next request renders again (nothing was stored here).
    const again = cache.once("a", produce);
    finish("a again");
    expect(await again).toBe("a again");
    expect(renders).toBe(2);
  });

  it("lets a request after a purge start its own render instead of joining an older one", async () => {
    const cache = store();
    let renders = 0;
    const gates: ((value: string) => void)[] = [];
    const produce = () => {
      renders += 1;
      return new Promise<string>((resolve) => gates.push(resolve));
    };
    const before = cache.once("a", produce);
    cache.purge();
    const after = cache.once("a", produce);
    expect(renders).toBe(2);
    gates[0]?.("old data");
    gates[1]?.("new data");
    expect(await before).toBe("old data");
    expect(await after).toBe("new data");
  });

  it("hands a failed render's error to everyone waiting for it", async () => {
    const cache = store();
    const produce = () => Promise.reject(new Error("render failed"));
    const [first, second] = await Promise.allSettled([
      cache.once("a", produce),
      cache.once("a", produce),
    ]);
    expect(first.status).toBe("rejected");
    expect(second.status).toBe("rejected");
  });

  it("expires everything at the next scheduled publication, checked on every read", () => {
    let now = 1_000;
    const cache = store({ now: () => now });
    let expired = 0;
    cache.onExpired = () => {
      expired += 1;
    };
    cache.set("a", "blog without the post", cache.ticket());
    cache.expireAt(5_000);
    now = 4_999;
    expect(cache.get("a")).toBe("blog without the post");
    const ticket = cache.ticket();
    now = 5_000;
    expect(cache.get("a")).toBeUndefined();
    expect(expired).toBe(1);
    expect(cache.nextExpiry).toBeNull();
    // A render that began before the publication is not kept after it.
    expect(cache.set("a", "rendered before the post went live", ticket)).toBe(false);
  });

  it("stays within its byte budget and ages entries out", () => {
    let now = 1_000;
    const cache = store({ maxBytes: 10, ttlMs: 100, now: () => now });
    cache.set("a", "aaaaaa", cache.ticket());
    cache.set("b", "bbbbbb", cache.ticket());
    expect(cache.get("a")).toBeUndefined();
    expect(cache.bytes).toBe(6);
    expect(cache.set("huge", "x".repeat(11), cache.ticket())).toBe(false);
    now = 1_101;
    expect(cache.get("b")).toBeUndefined();
  });
});
