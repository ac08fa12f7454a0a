/**
 * The database-backed counters of the account flows: fixed windows, resets, sweeping, and
 * concurrent hits (as from several instances) all counted, on every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, startAccountKit, type AccountKit } from "#tests/helpers/account-kit.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { AuthThrottle, otpAttemptsKey, resendKey } from "./auth-throttle.ts";

describe.each(DIALECTS)("auth throttle (%s)", (dialect) => {
  let kit: AccountKit;
  let now = Date.UTC(2026, 0, 1, 12, 0, 0);
  let throttle: AuthThrottle;

  beforeAll(async () => {
    kit = await startAccountKit(dialect);
    throttle = new AuthThrottle(kit.app.db, () => now);
  });
  afterAll(async () => {
    await kit.close();
  });

  it("allows `max` hits per window, from the first hit, without extending it", async () => {
    const key = "test:window";
    const results: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      results.push(await throttle.hit(key, 5, 180));
      now += 10_000;
    }
    expect(results).toEqual([true, true, true, true, true, false]);
    now += 100_000; // 160 s after the first hit: still the same window
    expect(await throttle.hit(key, 5, 180)).toBe(false);
    now += 20_000; // 180 s after the first hit: a new window
    expect(await throttle.hit(key, 5, 180)).toBe(true);
  });

  it("forgets a key on reset", async () => {
    const key = "test:reset";
    expect(await throttle.hit(key, 1, 120)).toBe(true);
    expect(await throttle.hit(key, 1, 120)).toBe(false);
    await throttle.reset(key);
    expect(await throttle.hit(key, 1, 120)).toBe(true);
  });

  it("counts every one of many concurrent hits", async () => {
    const key = "test:concurrent";
    // Two throttles on one database stand for two instances.
    const other = new AuthThrottle(kit.app.db, () => now);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? throttle : other).hit(key, 5, 180)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it("sweeps counters older than a day", async () => {
    await throttle.hit("test:old", 1, 60);
    expect(await countRows(kit, "_authCounters")).toBeGreaterThan(1);
    now += 25 * 60 * 60 * 1000;
    // A process sweeps on its first hit, then every 10 minutes.
    const later = new AuthThrottle(kit.app.db, () => now);
    await later.hit("test:new", 1, 60);
    expect(await countRows(kit, "_authCounters")).toBe(1);
  });

  it("keys resend suppression by address, case-insensitively, and OTP attempts by record", () => {
    expect(resendKey("verification", "c1", "Ada@Example.com")).toBe(
      resendKey("verification", "c1", "ada@example.com"),
    );
    expect(resendKey("verification", "c1", "ada@example.com")).not.toBe(
      resendKey("passwordReset", "c1", "ada@example.com"),
    );
    expect(resendKey("verification", "c1", "ada@example.com")).not.toContain("ada");
    expect(otpAttemptsKey("c1", "r1")).toBe("otp:c1:r1");
  });

  it("does the same work for unknown addresses as for known ones", async () => {
    await kit.app.createUser({ username: "known", email: "known@example.com" });
    // The app's first hit sweeps this file's old counters: take it out of the count.
    await kit.post("/api/collections/users/request-verification", { email: "warm@example.com" });
    for (const [path, email] of [
      ["request-verification", "known@example.com"],
      ["request-verification", "unknown@example.com"],
      ["request-password-reset", "known@example.com"],
      ["request-password-reset", "unknown@example.com"],
    ] as const) {
      const before = await countRows(kit, "_authCounters");
      const res = await kit.post(`/api/collections/users/${path}`, { email });
      expect(res.status).toBe(204);
      expect(await countRows(kit, "_authCounters"), `${path} ${email}`).toBe(before + 1);
    }
    await kit.mailSettled();
  });
});
