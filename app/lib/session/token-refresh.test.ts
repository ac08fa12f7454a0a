import { describe, expect, it } from "vitest";
import {
  MAX_REFRESH_DELAY_MS,
  MIN_REFRESH_DELAY_MS,
  REFRESH_MARGIN_MS,
  refreshDelay,
  refreshIsDue,
  refreshTime,
  tokenExpiry,
} from "./token-refresh.ts";

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const HOUR = 60 * 60 * 1000;

/** An unsigned JWT with these claims (only the server checks signatures). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ type: "auth", ...claims })}.x`;
}

/** A token that expires `ms` after {@link NOW}. */
function expiringIn(ms: number, refreshable = true): string {
  return jwt({ exp: Math.floor((NOW + ms) / 1000), refreshable });
}

describe("token refresh schedule", () => {
  it("reads the expiry of a token, and none of a token without one", () => {
    expect(tokenExpiry(expiringIn(5 * HOUR))).toBe(NOW + 5 * HOUR);
    expect(tokenExpiry(jwt({}))).toBeNull();
    expect(tokenExpiry("")).toBeNull();
    expect(tokenExpiry("not a token")).toBeNull();
  });

  it("renews a refreshable token an hour before it expires", () => {
    const token = expiringIn(5 * 24 * HOUR);
    expect(refreshTime(token)).toBe(NOW + 5 * 24 * HOUR - REFRESH_MARGIN_MS);
    expect(refreshIsDue(token, NOW)).toBe(false);
    expect(refreshIsDue(token, NOW + 5 * 24 * HOUR - REFRESH_MARGIN_MS)).toBe(true);
  });

  it('asks about a "View as" token only when it expires (it cannot be renewed)', () => {
    const token = expiringIn(30 * 60 * 1000, false);
    expect(refreshTime(token)).toBe(NOW + 30 * 60 * 1000);
    expect(refreshIsDue(token, NOW + 29 * 60 * 1000)).toBe(false);
    expect(refreshDelay(token, NOW)).toBe(30 * 60 * 1000);
  });

  it("waits until the token is due, at least a minute and at most a day at a time", () => {
    expect(refreshDelay(expiringIn(3 * HOUR), NOW)).toBe(2 * HOUR);
    // Due already (or the server's clock disagrees): the next try is a minute away, not now.
    expect(refreshDelay(expiringIn(10 * 60 * 1000), NOW)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelay(expiringIn(-HOUR), NOW)).toBe(MIN_REFRESH_DELAY_MS);
    // Far away: the schedule is made again after a day (timers hold about 24.8 days at most).
    expect(refreshDelay(expiringIn(60 * 24 * HOUR), NOW)).toBe(MAX_REFRESH_DELAY_MS);
  });

  it("schedules nothing without a token or an expiry", () => {
    expect(refreshDelay("", NOW)).toBeNull();
    expect(refreshDelay(jwt({ refreshable: true }), NOW)).toBeNull();
    expect(refreshIsDue("", NOW)).toBe(false);
  });
});
