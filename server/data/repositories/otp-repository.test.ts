/** `_otps` on each engine: lookups, newest first, single-use deletes and sweeping. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import {
  deleteOtp,
  deleteOtpsCreatedBefore,
  findOtpById,
  findRecentOtps,
  insertOtp,
  type OtpRow,
} from "./otp-repository.ts";

const otp = (id: string, created: string, extra: Partial<OtpRow> = {}): OtpRow => ({
  id,
  collectionRef: "users",
  recordRef: "r1",
  password: `hash-${id}`,
  sentTo: "ada@example.com",
  created,
  updated: created,
  ...extra,
});

describe.each(DIALECTS)("otps (%s)", (engine) => {
  let fresh: FreshDatabase;

  beforeAll(async () => {
    fresh = await openFreshDatabase(engine);
    const db = fresh.database.kysely;
    await insertOtp(db, otp("a", "2026-01-01 10:00:00.000Z"));
    await insertOtp(db, otp("b", "2026-01-01 10:05:00.000Z"));
    await insertOtp(db, otp("c", "2026-01-01 10:05:00.000Z"));
    await insertOtp(db, otp("other", "2026-01-01 10:06:00.000Z", { recordRef: "r2" }));
    await insertOtp(db, otp("admin", "2026-01-01 09:00:00.000Z", { collectionRef: "admins" }));
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("finds a code by id", async () => {
    const db = fresh.database.kysely;
    expect(await findOtpById(db, "a")).toEqual(otp("a", "2026-01-01 10:00:00.000Z"));
    expect(await findOtpById(db, "missing")).toBeUndefined();
  });

  it("lists a record's codes since a time, newest first (ties by id)", async () => {
    const db = fresh.database.kysely;
    const recent = await findRecentOtps(db, "users", "r1", "2026-01-01 10:00:00.000Z");
    expect(recent.map((row) => row.id)).toEqual(["c", "b", "a"]);
    const later = await findRecentOtps(db, "users", "r1", "2026-01-01 10:01:00.000Z");
    expect(later.map((row) => row.id)).toEqual(["c", "b"]);
  });

  it("deletes a code once, even when two deletes race", async () => {
    const db = fresh.database.kysely;
    const results = await Promise.all([deleteOtp(db, "b"), deleteOtp(db, "b")]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await deleteOtp(db, "b")).toBe(false);
    expect(await findOtpById(db, "b")).toBeUndefined();
  });

  it("sweeps one collection's codes created before a time", async () => {
    const db = fresh.database.kysely;
    expect(await deleteOtpsCreatedBefore(db, "users", "2026-01-01 10:05:00.000Z")).toBe(1);
    expect(await findOtpById(db, "a")).toBeUndefined();
    expect(await findOtpById(db, "c")).toBeDefined();
    // Another collection's older code stays.
    expect(await findOtpById(db, "admin")).toBeDefined();
  });
});
