/** `_authCounters` on each engine: fixed windows, resets, sweeping, and no lost hit. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import {
  deleteCounter,
  deleteCountersStartedBefore,
  hitCounter,
} from "./auth-counter-repository.ts";

const T0 = "2026-01-01 12:00:00.000Z";
const T1 = "2026-01-01 12:01:00.000Z";
const T2 = "2026-01-01 12:03:00.000Z";

describe.each(DIALECTS)("auth counters (%s)", (engine) => {
  let fresh: FreshDatabase;

  beforeAll(async () => {
    fresh = await openFreshDatabase(engine);
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("counts hits in the window opened by the first one, then opens a new window", async () => {
    const db = fresh.database.kysely;
    const before = "2026-01-01 11:58:00.000Z";
    expect(await hitCounter(db, "k", T0, before)).toBe(1);
    expect(await hitCounter(db, "k", T1, before)).toBe(2);
    // A window that started at or before `expiredAt` is over.
    expect(await hitCounter(db, "k", T2, T0)).toBe(1);
    expect(await hitCounter(db, "k", T2, T1)).toBe(2);
  });

  it("forgets a counter", async () => {
    const db = fresh.database.kysely;
    await hitCounter(db, "gone", T0, "");
    await hitCounter(db, "gone", T0, "");
    await deleteCounter(db, "gone");
    expect(await hitCounter(db, "gone", T0, "")).toBe(1);
  });

  it("never loses a hit among concurrent ones", async () => {
    const db = fresh.database.kysely;
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => hitCounter(db, "burst", T0, "")),
    );
    expect([...hits].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("sweeps the counters whose window started before a time", async () => {
    const db = fresh.database.kysely;
    await hitCounter(db, "old", "2025-12-31 00:00:00.000Z", "");
    expect(await deleteCountersStartedBefore(db, "2026-01-01 00:00:00.000Z")).toBe(1);
    expect(await deleteCountersStartedBefore(db, "2026-01-01 00:00:00.000Z")).toBe(0);
    expect(await hitCounter(db, "old", T0, "")).toBe(1);
  });
});
