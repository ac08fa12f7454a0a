/**
 * Views counted through a real socket (ADR 070): a guest's view of a page the page cache
 * answers (its fast path, in front of Fastify) counts like a rendered one; a robot's, a
 * `HEAD`, a prefetch, a missing page and the author's own view do not; readers are counted
 * once per day; referrers keep their host only; feed readers' subscriber counts are kept;
 * and the salt of two days ago is gone once `stats.forget` has run.
 */
import http from "node:http";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { STATS_FORGET } from "../../core/stats/stats-jobs.ts";
import { addDays, dayOf } from "../../core/stats/stats-days.ts";
import { pageCacheFastPathStats } from "../web/page-cache-hook.ts";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const DAY_MS = 86_400_000;

function get(
  base: string,
  path: string,
  headers: Record<string, string>,
  method = "GET",
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      res.resume();
      res.on("end", () => {
        resolve(res.statusCode ?? 0);
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe.each(DIALECTS)("view counting (%s)", (dialect) => {
  let app: TestApp;
  let base: string;
  let wanda: Login;
  let postId: string;
  let postUrl: string;

  const totals = async (target: string) => {
    const rows = await sql<{ views: unknown; readers: unknown }>`
      SELECT "views", "readers" FROM "_statsViews" WHERE "target" = ${target} AND "day" = ${dayOf(Date.now())}`.execute(
      app.db.kysely,
    );
    const row = rows.rows[0];
    return { views: Number(row?.views ?? 0), readers: Number(row?.readers ?? 0) };
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", role: "writer" });
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/posts/records",
      headers: { authorization: wanda.token },
      payload: {
        author: wanda.record.id,
        title: "Counted pages",
        content: "Read me.",
        status: "published",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json<{ id: string; slug: string }>();
    postId = post.id;
    postUrl = `/post/wanda/${post.slug}`;
    base = await app.http.listen({ port: 0, host: "127.0.0.1" });
  });
  afterEach(() => {
    app.stats.clock.now = () => Date.now();
  });
  afterAll(async () => {
    await app.close();
  });

  it("counts a cached page's views and readers, and leaves robots, HEAD, prefetches and misses out", async () => {
    const hits = () => pageCacheFastPathStats(app.http)?.hits ?? 0;
    const before = hits();
    expect(await get(base, postUrl, { "user-agent": BROWSER })).toBe(200);
    // Answered by the page cache's fast path, before Fastify: still counted.
    expect(
      await get(base, postUrl, {
        "user-agent": BROWSER,
        referer: "https://www.example.org/links?to=cahier",
      }),
    ).toBe(200);
    expect(hits()).toBeGreaterThan(before);
    expect(await get(base, postUrl, { "user-agent": PHONE, referer: `${base}/blog` })).toBe(200);
    // Not counted.
    expect(await get(base, postUrl, { "user-agent": GOOGLEBOT })).toBe(200);
    expect(await get(base, postUrl, { "user-agent": BROWSER }, "HEAD")).toBe(200);
    expect(await get(base, postUrl, { "user-agent": BROWSER, "sec-purpose": "prefetch" })).toBe(
      200,
    );
    expect(await get(base, `${postUrl}-missing`, { "user-agent": BROWSER })).toBe(404);
    expect(await get(base, postUrl, { "user-agent": BROWSER, cookie: authCookie(wanda) })).toBe(
      200,
    );
    await app.stats.counter.flush();

    expect(await totals(postId)).toEqual({ views: 3, readers: 2 });
    expect(await totals("*")).toEqual({ views: 3, readers: 2 });
    const referrers = await sql<{ host: string; views: unknown }>`
      SELECT "host", "views" FROM "_statsReferrers" WHERE "target" = ${postId}`.execute(
      app.db.kysely,
    );
    expect(referrers.rows.map((r) => [r.host, Number(r.views)])).toEqual([["example.org", 1]]);

    // The same reader later the same day is a view, not a new reader; DNT counts no reader.
    expect(await get(base, postUrl, { "user-agent": BROWSER })).toBe(200);
    expect(await get(base, postUrl, { "user-agent": CHROME, dnt: "1" })).toBe(200);
    await app.stats.counter.flush();
    expect(await totals(postId)).toEqual({ views: 5, readers: 2 });

    // Nothing of a reader is stored but salted hashes.
    const stored = await sql<{ hash: string }>`SELECT "hash" FROM "_statsReaders"`.execute(
      app.db.kysely,
    );
    expect(stored.rows.length).toBe(4);
    expect(stored.rows.every((r) => !r.hash.includes("127.0.0.1"))).toBe(true);
  });

  it("keeps feed readers' subscriber counts, the latest per reader", async () => {
    const feedly = (n: number) =>
      `Feedly/1.0 (+http://www.feedly.com/fetcher.html; ${String(n)} subscribers; )`;
    expect(await get(base, "/profile/wanda/rss.xml", { "user-agent": feedly(40) })).toBe(200);
    expect(await get(base, "/profile/wanda/rss.xml", { "user-agent": feedly(42) })).toBe(200);
    await app.stats.counter.flush();
    const res = await app.http.inject({
      method: "GET",
      url: "/api/stats/works",
      headers: { authorization: wanda.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ feeds: { feed: string; subscribers: number }[]; works: unknown[] }>();
    expect(body.feeds).toEqual([
      {
        feed: "/profile/wanda/rss.xml",
        subscribers: 42,
        readers: [{ reader: "Feedly", subscribers: 42, day: dayOf(Date.now()) }],
      },
    ]);
    expect(body.works).toEqual([
      expect.objectContaining({ record: postId, collection: "posts", title: "Counted pages" }),
    ]);
  });

  it("deletes the salt and reader hashes of two days ago when stats.forget runs", async () => {
    const today = dayOf(Date.now());
    app.stats.clock.now = () => Date.now() - 2 * DAY_MS;
    expect(await get(base, postUrl, { "user-agent": PHONE })).toBe(200);
    await app.stats.counter.flush();
    const twoDaysAgo = addDays(today, -2);
    const salts = async () =>
      (
        await sql<{ day: string }>`SELECT "day" FROM "_statsSalts" ORDER BY "day"`.execute(
          app.db.kysely,
        )
      ).rows.map((r) => r.day);
    expect(await salts()).toEqual([twoDaysAgo, today]);

    app.stats.clock.now = () => Date.now();
    await app.jobs.enqueue(STATS_FORGET, {});
    await app.jobs.drain();
    expect(await salts()).toEqual([today]);
    const old = await sql<{ n: unknown }>`
      SELECT COUNT(*) AS "n" FROM "_statsReaders" WHERE "day" < ${today}`.execute(app.db.kysely);
    expect(Number(old.rows[0]?.n)).toBe(0);
    // The totals stay.
    const kept = await sql<{ views: unknown }>`
      SELECT "views" FROM "_statsViews" WHERE "day" = ${twoDaysAgo} AND "target" = ${postId}`.execute(
      app.db.kysely,
    );
    expect(Number(kept.rows[0]?.views)).toBe(1);
  });
});
