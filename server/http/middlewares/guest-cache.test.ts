import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("guest micro-cache (%s)", (dialect) => {
  let app: TestApp;
  let author: { record: Record<string, unknown>; token: string };
  const url = "/api/collections/entries/records?sort=title&fields=title";
  const titles = async (headers: Record<string, string> = {}) =>
    (await app.http.inject({ method: "GET", url, headers }))
      .json<{ items: { title: string }[] }>()
      .items.map((i) => i.title);

  beforeAll(async () => {
    // A long TTL keeps the test independent of the machine's speed.
    app = await createTestApp(dialect, { GUEST_CACHE_TTL_MS: "60000" });
    author = await app.createUser();
    await app.seedRecord("entries", {
      author: author.record.id,
      title: "One",
      visibility: "public",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("serves the same answer again and drops it on any write", async () => {
    expect(await titles()).toEqual(["One"]);
    expect(await titles()).toEqual(["One"]);
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/entries/records",
      headers: { authorization: author.token },
      payload: { author: author.record.id, title: "Two", visibility: "public" },
    });
    expect(res.statusCode).toBe(200);
    expect(await titles()).toEqual(["One", "Two"]);
    const id = res.json<{ id: string }>().id;
    await app.http.inject({
      method: "PATCH",
      url: `/api/collections/entries/records/${id}`,
      headers: { authorization: author.token },
      payload: { visibility: "private" },
    });
    expect(await titles()).toEqual(["One"]);
  });

  it("never serves a guest answer to a signed-in reader, nor caches theirs", async () => {
    await app.seedRecord("entries", {
      author: author.record.id,
      title: "Mine",
      visibility: "private",
    });
    const guest = await titles();
    expect(guest).not.toContain("Mine");
    const own = (
      await app.http.inject({ method: "GET", url, headers: { authorization: author.token } })
    ).json<{ items: { title: string }[] }>();
    expect(own.items.map((i) => i.title)).toContain("Mine");
    expect(await titles()).toEqual(guest);
  });

  it("drops everything after a restore, and on a reset relayed from another instance", async () => {
    const before = await titles();
    expect(before.length).toBeGreaterThan(0);
    // Writes that bypass the service (no events): the cached answer stays.
    await app.records.db.kysely.updateTable("entries").set({ title: "Zed" }).execute();
    expect(await titles()).toEqual(before);
    await app.backups.create("guest_cache.zip");
    await app.backups.restore("guest_cache.zip");
    expect(await titles()).toEqual(before.map(() => "Zed"));
    await app.records.db.kysely.updateTable("entries").set({ title: "Yon" }).execute();
    expect(await titles()).toEqual(before.map(() => "Zed"));
    app.records.events.reset(true);
    expect(await titles()).toEqual(before.map(() => "Yon"));
  });

  it("is skipped for no-cache requests and can be turned off", async () => {
    const before = await titles();
    // A write that bypasses the service (and so its events) shows up at once with no-cache.
    await app.records.db.kysely.deleteFrom("entries").execute();
    expect(await titles()).toEqual(before);
    expect(await titles({ "cache-control": "no-cache" })).toEqual([]);
    const off = await createTestApp(dialect, { GUEST_CACHE_TTL_MS: "0" });
    try {
      await off.seedRecord("entries", {
        author: (await off.createUser()).record.id,
        title: "A",
        visibility: "public",
      });
      const list = async () =>
        (await off.http.inject({ method: "GET", url })).json<{ items: unknown[] }>().items.length;
      expect(await list()).toBe(1);
      await off.records.db.kysely.deleteFrom("entries").execute();
      expect(await list()).toBe(0);
    } finally {
      await off.close();
    }
  });
});
