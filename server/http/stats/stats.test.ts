/**
 * `GET /api/stats/views`, `/works` and `/site` (ADR 070): who may read what (the author and
 * superusers a record's; other users 403, guests 401), bad ranges 400, an unknown record
 * 404, every day of the range present with zeros, and `stats.retentionDays` in the settings
 * with its daily pruning.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Login } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { STATS_PRUNE } from "../../core/stats/stats-jobs.ts";
import { addDays, dayOf } from "../../core/stats/stats-days.ts";

describe.each(DIALECTS)("statistics API (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let other: Login;
  let root: Login;
  let postId: string;
  const today = dayOf(Date.now());

  const call = (url: string, token?: string) =>
    app.http.inject({
      method: "GET",
      url,
      headers: token ? { authorization: token } : {},
    });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", role: "writer" });
    other = await app.createUser({ username: "otto", role: "writer" });
    root = await app.createSuperuser();
    const post = await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Figures",
      content: "Counted.",
      status: "published",
    });
    postId = String(post.id);
    const yesterday = addDays(today, -1);
    await sql`INSERT INTO "_statsViews" ("day", "target", "author", "views", "readers") VALUES
      (${yesterday}, ${postId}, ${wanda.record.id}, 5, 3),
      (${today}, ${postId}, ${wanda.record.id}, 2, 2),
      (${today}, '*', '', 9, 6),
      (${today}, 'page:/blog', '', 2, 1)`.execute(app.db.kysely);
    await sql`INSERT INTO "_statsReferrers" ("day", "target", "author", "host", "views") VALUES
      (${yesterday}, ${postId}, ${wanda.record.id}, 'example.org', 3),
      (${today}, ${postId}, ${wanda.record.id}, 'example.org', 1),
      (${today}, ${postId}, ${wanda.record.id}, 'news.example', 2)`.execute(app.db.kysely);
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers the author and superusers a record's days and referrers, zeros included", async () => {
    const from = addDays(today, -3);
    for (const token of [wanda.token, root.token]) {
      const res = await call(`/api/stats/views?record=${postId}&from=${from}&to=${today}`, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        days: [
          { day: from, views: 0, readers: 0 },
          { day: addDays(today, -2), views: 0, readers: 0 },
          { day: addDays(today, -1), views: 5, readers: 3 },
          { day: today, views: 2, readers: 2 },
        ],
        referrers: [
          { host: "example.org", views: 4 },
          { host: "news.example", views: 2 },
        ],
      });
    }
  });

  it("refuses guests (401), other users (403) and unknown records (404)", async () => {
    const url = `/api/stats/views?record=${postId}`;
    const guest = await call(url);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ status: 401, data: {} });
    const stranger = await call(url, other.token);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ status: 403 });
    const missing = await call("/api/stats/views?record=nosuchrecord123", wanda.token);
    expect(missing.statusCode).toBe(404);
    expect((await call("/api/stats/views", wanda.token)).statusCode).toBe(404);
    expect((await call("/api/stats/site")).statusCode).toBe(401);
    expect((await call("/api/stats/site", wanda.token)).statusCode).toBe(403);
    expect((await call("/api/stats/works")).statusCode).toBe(401);
  });

  it("refuses bad days, reversed and too long ranges with a 400 naming the field", async () => {
    const cases: [string, string, string][] = [
      [`from=2026-02-30&to=${today}`, "from", "validation_invalid_date"],
      ["from=2026-01-01&to=tomorrow", "to", "validation_invalid_date"],
      ["from=2026-03-02&to=2026-03-01", "from", "validation_range_order"],
      ["from=2024-01-01&to=2026-01-01", "from", "validation_range_too_long"],
    ];
    for (const [query, field, code] of cases) {
      const res = await call(`/api/stats/views?record=${postId}&${query}`, wanda.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, data: { [field]: { code } } });
    }
    const site = await call("/api/stats/site?from=x", root.token);
    expect(site.statusCode).toBe(400);
  });

  it("lists a writer's own works and the site's figures for superusers", async () => {
    const mine = await call(`/api/stats/works?from=${today}&to=${today}`, wanda.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      days: [{ day: today, views: 2, readers: 2 }],
      works: [{ record: postId, collection: "posts", title: "Figures", views: 2, readers: 2 }],
      feeds: [],
    });
    const theirs = await call(`/api/stats/works?from=${today}&to=${today}`, other.token);
    expect(theirs.json()).toMatchObject({ days: [{ day: today, views: 0 }], works: [] });
    const site = await call(`/api/stats/site?from=${today}&to=${today}`, root.token);
    expect(site.statusCode).toBe(200);
    expect(site.json()).toMatchObject({
      days: [{ day: today, views: 9, readers: 6 }],
      pages: [{ path: "/blog", views: 2, readers: 1 }],
      works: [{ record: postId, views: 2 }],
      referrers: [
        { host: "news.example", views: 2 },
        { host: "example.org", views: 1 },
      ],
    });
  });

  it("keeps stats.retentionDays in the settings and prunes older totals daily", async () => {
    const bad = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token },
      payload: { stats: { retentionDays: -1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: { "stats.retentionDays": {} } });
    const refused = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: wanda.token },
      payload: { stats: { retentionDays: 1 } },
    });
    expect(refused.statusCode).toBe(403);
    const res = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token },
      payload: { stats: { retentionDays: 1 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stats: { retentionDays: 1 } });
    const old = addDays(today, -5);
    await sql`INSERT INTO "_statsViews" ("day", "target", "author", "views", "readers")
      VALUES (${old}, ${postId}, ${wanda.record.id}, 1, 1)`.execute(app.db.kysely);
    await app.jobs.enqueue(STATS_PRUNE, {});
    await app.jobs.drain();
    const left = await sql<{ day: string }>`
      SELECT DISTINCT "day" FROM "_statsViews" ORDER BY "day"`.execute(app.db.kysely);
    expect(left.rows.map((r) => r.day)).toEqual([addDays(today, -1), today]);
  });
});
