/**
 * Fedify's key-value store on the database (ADR 071): values by key, expiry, listing by
 * prefix, compare-and-swap (one winner), and the prune of expired values, on each engine.
 */
import { Temporal } from "@js-temporal/polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { DatabaseKvStore } from "./kv-store.ts";

const duration = (ms: number) =>
  Temporal.Duration.from({ milliseconds: ms }) as unknown as globalThis.Temporal.Duration;

describe.each(DIALECTS)("DatabaseKvStore (%s)", (dialect) => {
  let app: TestApp;
  let now = Date.now();
  let kv: DatabaseKvStore;

  beforeAll(async () => {
    app = await createTestApp(dialect, { FEDERATION: "off" });
    kv = new DatabaseKvStore(app.db, () => now);
  });
  afterAll(async () => {
    await app.close();
  });

  it("keeps JSON values by key and deletes them", async () => {
    await kv.set(["a", "b"], { n: 1, list: ["x"] });
    expect(await kv.get(["a", "b"])).toEqual({ n: 1, list: ["x"] });
    expect(await kv.get(["a"])).toBeUndefined();
    await kv.set(["a", "b"], "two");
    expect(await kv.get(["a", "b"])).toBe("two");
    await kv.delete(["a", "b"]);
    expect(await kv.get(["a", "b"])).toBeUndefined();
  });

  it("lists a prefix: the key itself and the keys below it, not its neighbours", async () => {
    await kv.set(["p"], 0);
    await kv.set(["p", "1"], 1);
    await kv.set(["p", "2", "x"], 2);
    await kv.set(["pq"], 3);
    await kv.set(['p"'], 4);
    const listed: unknown[] = [];
    for await (const entry of kv.list(["p"])) listed.push([entry.key, entry.value]);
    expect(listed).toHaveLength(3);
    expect(listed).toEqual(
      expect.arrayContaining([
        [["p"], 0],
        [["p", "1"], 1],
        [["p", "2", "x"], 2],
      ]),
    );
  });

  it("forgets values once their time is up, and prunes them", async () => {
    now = Date.now() - 10_000;
    await kv.set(["ttl"], "short", { ttl: duration(1_000) });
    await kv.set(["ttl", "long"], "long", { ttl: duration(3_600_000) });
    now = Date.now();
    expect(await kv.get(["ttl"])).toBeUndefined();
    expect(await kv.get(["ttl", "long"])).toBe("long");
    expect(await kv.prune()).toBeGreaterThanOrEqual(1);
  });

  it("swaps only from the expected value, with one winner", async () => {
    expect(await kv.cas(["c"], undefined, 1)).toBe(true);
    expect(await kv.cas(["c"], undefined, 2)).toBe(false);
    expect(await kv.cas(["c"], 5, 2)).toBe(false);
    const racers = await Promise.all([kv.cas(["c"], 1, 10), kv.cas(["c"], 1, 20)]);
    expect(racers.filter(Boolean)).toHaveLength(1);
    expect([10, 20]).toContain(await kv.get(["c"]));
    const current = await kv.get(["c"]);
    expect(await kv.cas(["c"], current, undefined)).toBe(true);
    expect(await kv.get(["c"])).toBeUndefined();
  });
});
