import { describe, expect, it } from "vitest";
import { MemoryCounters, type CounterStore } from "../../tools/counters/counters.ts";
import { RateLimiter, type LimitedRequest } from "./rate-limiter.ts";
import { DEFAULT_RATE_LIMIT_SETTINGS, type RateLimitSettings } from "./rules.ts";

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

const authRequest = (ip: string, extra: Partial<LimitedRequest> = {}): LimitedRequest => ({
  ip,
  authenticated: false,
  superuser: false,
  method: "POST",
  path: "/api/collections/users/auth-with-password",
  collection: { id: "_pb_users_auth_", name: "users" },
  tags: ["authWithPassword", "auth"],
  ...extra,
});

async function allowedCount(limiter: RateLimiter, request: LimitedRequest, times: number) {
  let allowed = 0;
  for (let i = 0; i < times; i++) if ((await limiter.checkRequest(request)).allowed) allowed++;
  return allowed;
}

describe("MemoryCounters", () => {
  it("counts within a window and starts over after it", async () => {
    const time = clock();
    const counters = new MemoryCounters({ now: time.now });
    expect(await counters.hit("a", 3000)).toEqual({ count: 1, resetMs: 3000 });
    time.advance(1000);
    expect(await counters.hit("a", 3000)).toEqual({ count: 2, resetMs: 2000 });
    expect((await counters.hit("b", 3000)).count).toBe(1);
    time.advance(2000);
    expect(await counters.hit("a", 3000)).toEqual({ count: 1, resetMs: 3000 });
    await counters.reset("a");
    expect((await counters.hit("a", 3000)).count).toBe(1);
    await counters.close();
  });

  it("stays within its key budget, dropping expired then oldest windows", async () => {
    const time = clock();
    const counters = new MemoryCounters({ now: time.now, maxKeys: 3 });
    await counters.hit("old", 1000);
    time.advance(2000);
    await counters.hit("a", 10_000);
    await counters.hit("b", 10_000);
    await counters.hit("c", 10_000);
    expect(counters.size).toBe(3);
    await counters.hit("d", 10_000);
    expect(counters.size).toBe(3);
    // "a" was the oldest live window: it starts over.
    expect((await counters.hit("a", 10_000)).count).toBe(1);
    await counters.close();
  });
});

describe("RateLimiter", () => {
  it("allows PocketBase's 2 auth calls per 3 s per IP", async () => {
    const time = clock();
    const limiter = new RateLimiter(
      DEFAULT_RATE_LIMIT_SETTINGS,
      new MemoryCounters({ now: time.now }),
    );
    expect(await allowedCount(limiter, authRequest("203.0.113.1"), 3)).toBe(2);
    expect((await limiter.checkRequest(authRequest("203.0.113.2"))).allowed).toBe(true);
    time.advance(3000);
    expect((await limiter.checkRequest(authRequest("203.0.113.1"))).allowed).toBe(true);
    await limiter.close();
  });

  it("never limits superusers, nor anything when off", async () => {
    const limiter = new RateLimiter(DEFAULT_RATE_LIMIT_SETTINGS, new MemoryCounters());
    expect(await allowedCount(limiter, authRequest("203.0.113.1", { superuser: true }), 5)).toBe(5);
    limiter.configure({ ...DEFAULT_RATE_LIMIT_SETTINGS, enabled: false });
    expect(await allowedCount(limiter, authRequest("203.0.113.1"), 5)).toBe(5);
    await limiter.close();
  });

  it("counts collection routes per collection and route, path rules per rule", async () => {
    const settings: RateLimitSettings = {
      ...DEFAULT_RATE_LIMIT_SETTINGS,
      rules: [{ label: "/api/", audience: "", duration: 10, maxRequests: 2 }],
    };
    const limiter = new RateLimiter(settings, new MemoryCounters());
    const list = (name: string): LimitedRequest => ({
      ip: "203.0.113.9",
      authenticated: false,
      superuser: false,
      method: "GET",
      path: `/api/collections/${name}/records`,
      collection: { id: `id_${name}`, name },
      tags: ["list"],
    });
    expect(await allowedCount(limiter, list("posts"), 3)).toBe(2);
    expect(await allowedCount(limiter, list("entries"), 2)).toBe(2);
    const health: LimitedRequest = {
      ip: "203.0.113.9",
      authenticated: false,
      superuser: false,
      method: "GET",
      path: "/api/health",
    };
    const realtime = { ...health, path: "/api/realtime" };
    expect(await allowedCount(limiter, health, 1)).toBe(1);
    expect(await allowedCount(limiter, realtime, 2)).toBe(1);
    await limiter.close();
  });

  it("applies *:tag rules to tagged routes outside collections, in a bucket per path", async () => {
    const settings: RateLimitSettings = {
      ...DEFAULT_RATE_LIMIT_SETTINGS,
      rules: [
        { label: "*:list", audience: "", duration: 10, maxRequests: 1 },
        { label: "/api/", audience: "", duration: 10, maxRequests: 5 },
      ],
    };
    const limiter = new RateLimiter(settings, new MemoryCounters());
    const search: LimitedRequest = {
      ip: "203.0.113.7",
      authenticated: false,
      superuser: false,
      method: "GET",
      path: "/api/search",
      tags: ["list"],
    };
    const decision = await limiter.checkRequest(search);
    expect(decision.rule?.label).toBe("*:list");
    expect((await limiter.checkRequest(search)).allowed).toBe(false);
    // A collection's list keeps its own count.
    const list: LimitedRequest = {
      ...search,
      path: "/api/collections/posts/records",
      collection: { id: "id_posts", name: "posts" },
    };
    expect((await limiter.checkRequest(list)).allowed).toBe(true);
    await limiter.close();
  });

  it("counts accounts across IPs, case-insensitively, and clears them on demand", async () => {
    const settings: RateLimitSettings = {
      ...DEFAULT_RATE_LIMIT_SETTINGS,
      accounts: [{ action: "authWithPassword", duration: 60, maxRequests: 2 }],
    };
    const limiter = new RateLimiter(settings, new MemoryCounters());
    const first = await limiter.checkAccount("authWithPassword", "users", "Ann@Example.com");
    expect(first.allowed).toBe(true);
    expect(first.key).not.toContain("ann");
    expect(
      (await limiter.checkAccount("authWithPassword", "users", " ann@example.com")).allowed,
    ).toBe(true);
    expect(
      (await limiter.checkAccount("authWithPassword", "users", "ANN@example.com")).allowed,
    ).toBe(false);
    // Another collection, another identity, a superuser, an action without a limit: free.
    expect(
      (await limiter.checkAccount("authWithPassword", "_superusers", "ann@example.com")).allowed,
    ).toBe(true);
    expect((await limiter.checkAccount("authWithPassword", "users", "bob")).allowed).toBe(true);
    expect(
      (await limiter.checkAccount("authWithPassword", "users", "ann@example.com", true)).allowed,
    ).toBe(true);
    expect((await limiter.checkAccount("requestOTP", "users", "ann@example.com")).key).toBeNull();
    await limiter.clearAccount(first.key ?? "");
    expect(
      (await limiter.checkAccount("authWithPassword", "users", "ann@example.com")).allowed,
    ).toBe(true);
    await limiter.close();
  });

  it("fails open, with one warning, when its counters fail", async () => {
    const broken: CounterStore = {
      hit: () => Promise.reject(new Error("connection refused")),
      reset: () => Promise.reject(new Error("connection refused")),
      close: () => Promise.resolve(),
    };
    const warnings: string[] = [];
    const limiter = new RateLimiter(DEFAULT_RATE_LIMIT_SETTINGS, broken, (error, message) => {
      warnings.push(`${message}: ${(error as Error).message}`);
    });
    expect(await allowedCount(limiter, authRequest("203.0.113.1"), 5)).toBe(5);
    expect((await limiter.checkAccount("authWithPassword", "users", "ann")).allowed).toBe(true);
    await limiter.clearAccount("x");
    expect(warnings).toEqual([
      "rate-limit counters unavailable; requests are not being limited: connection refused",
    ]);
  });
});
