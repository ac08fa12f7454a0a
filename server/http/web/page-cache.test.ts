/**
 * The anonymous page cache through the real server (ADR 045): what it keeps and for whom,
 * its validators and codings, and every kind of change that must reach the next guest at
 * once (an edit, a delete, a visibility change, a scheduled time, the application name).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { DEFAULT_BUILD_DIR } from "./web-app.ts";

type Headers = Record<string, string>;
type Rec = Record<string, unknown> & { id: string };

/** The CSP nonce a page was rendered with: the same one means the same render. */
function nonceOf(res: { headers: Record<string, unknown> }): string {
  return /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1] ?? "";
}

function decode(body: Buffer, coding: unknown): string {
  if (coding === "br") return zlib.brotliDecompressSync(body).toString();
  if (coding === "gzip") return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe.each(DIALECTS)("anonymous page cache (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let root: Login;
  let post: Rec;
  let entry: Rec;

  const page = (url: string, headers: Headers = {}, method: "GET" | "HEAD" = "GET") =>
    app.http.inject({ method, url, headers });
  const api = async (method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown) => {
    const res = await app.http.inject({
      method,
      url,
      headers: { authorization: wanda.token },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.body ? res.json<Rec>() : ({ id: "" } as Rec);
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    root = await app.createSuperuser();
    post = await api("POST", "/api/collections/posts/records", {
      author: wanda.record.id,
      title: "Morning pages",
      content: "Three pages every morning.",
      status: "published",
    });
    entry = await api("POST", "/api/collections/entries/records", {
      author: wanda.record.id,
      title: "A public walk",
      content: "By the river.",
      visibility: "public",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const postUrl = () => `/post/wanda/${String(post.slug)}`;
  const entryUrl = () => `/entry/wanda/${String(entry.name)}`;

  it("keeps a guest's page, with a validator, cache headers and a 304 on a repeat view", async () => {
    const first = await page(postUrl());
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Morning pages");
    expect(first.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("public, max-age=0, must-revalidate, s-maxage=10");
    expect(first.headers["cdn-cache-control"]).toBe(
      "public, max-age=10, stale-while-revalidate=30",
    );
    expect(first.headers.vary).toBe("Accept, Accept-Encoding, Accept-Language, Cookie");
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    // The CSP and the scripts agree: the page keeps the nonce of its render.
    const nonce = nonceOf(first);
    expect(first.body).toContain(`nonce="${nonce}"`);

    const second = await page(postUrl());
    expect(nonceOf(second)).toBe(nonce);
    expect(second.body).toBe(first.body);
    expect(second.headers["x-frame-options"]).toBe("SAMEORIGIN");

    const repeat = await page(postUrl(), { "if-none-match": String(first.headers.etag) });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe("");
    expect(repeat.headers.etag).toBe(first.headers.etag);
    expect(repeat.headers["cache-control"]).toBe(first.headers["cache-control"]);
    // The reader's copy keeps the policy its scripts' nonce belongs to.
    expect(repeat.headers["content-security-policy"]).toBeUndefined();
    expect((await page(postUrl(), { "if-none-match": 'W/"other"' })).statusCode).toBe(200);

    const head = await page(postUrl(), {}, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
    expect(Number(head.headers["content-length"])).toBe(Buffer.byteLength(first.body));
  });

  it("keeps its validator across a render after an unrelated purge (the nonce is not in it)", async () => {
    const first = await page("/privacyPolicy");
    app.pageCache?.purge();
    const again = await page("/privacyPolicy");
    expect(nonceOf(again)).not.toBe(nonceOf(first));
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it("sends kept pages in Brotli, gzip or as they are, by Accept-Encoding", async () => {
    const plain = await page("/team");
    for (const [accept, coding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const res = await page("/team", { "accept-encoding": accept });
      expect(res.headers["content-encoding"], accept).toBe(coding);
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(decode(res.rawPayload, coding)).toBe(plain.body);
    }
    const br = await page("/team", { "accept-encoding": "br" });
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("keeps one page per language, whichever way the language was asked for", async () => {
    const en = await page("/blog");
    const byCookie = await page("/blog", { cookie: "locale=fr", "accept-language": "en" });
    const byHeader = await page("/blog", { "accept-language": "fr-CA, fr;q=0.9" });
    expect(en.body).toContain('<html lang="en"');
    expect(byCookie.body).toContain('<html lang="fr"');
    expect(byHeader.body).toContain('<html lang="fr"');
    expect(nonceOf(byHeader)).toBe(nonceOf(byCookie));
    expect(nonceOf(byCookie)).not.toBe(nonceOf(en));
    expect((await page("/blog", { "accept-language": "de" })).body).toContain('<html lang="en"');
  });

  it("keeps one page per colour theme of the theme cookie (ADR 051)", async () => {
    const system = await page("/blog");
    const dark = await page("/blog", { cookie: "theme=dark" });
    const light = await page("/blog", { cookie: "locale=en; theme=light" });
    const unknown = await page("/blog", { cookie: "theme=sepia" });
    // The <html> element says the theme (the inline stylesheet names it in selectors too).
    const root = (body: string) => /<html\b[^>]*>/.exec(body)?.[0] ?? "";
    expect(root(system.body)).not.toContain("data-theme=");
    expect(root(dark.body)).toContain('data-theme="dark"');
    expect(root(light.body)).toContain('data-theme="light"');
    expect(root(unknown.body)).not.toContain("data-theme=");
    expect(nonceOf(unknown)).toBe(nonceOf(system));
    expect(nonceOf(dark)).not.toBe(nonceOf(system));
    expect(nonceOf(light)).not.toBe(nonceOf(dark));
    expect((await page("/blog", { cookie: "theme=dark" })).body).toBe(dark.body);
  });

  it("never gives a signed-in reader a kept page, and never keeps theirs", async () => {
    const guest = await page("/blog");
    const kept = app.pageCache?.size ?? 0;
    expect(kept).toBeGreaterThan(0);
    const signedIn = await page("/blog", { cookie: authCookie(wanda) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain("Wanda Writer");
    expect(signedIn.body).not.toContain(">Login<");
    expect(nonceOf(signedIn)).not.toBe(nonceOf(guest));
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers.etag).toBeUndefined();
    // Only a post's or profile's address also answers ActivityPub JSON and varies on Accept.
    expect(signedIn.headers.vary).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(guest.headers.vary).toBe("Accept-Encoding, Accept-Language, Cookie");
    // A cookie the server cannot confirm still never meets the guests' pages.
    const forged = await page("/blog", {
      cookie: `theme=dark; ${authCookie({ token: "not-a-token", record: wanda.record })}`,
    });
    expect(nonceOf(forged)).not.toBe(nonceOf(guest));
    expect(forged.headers["cache-control"]).toBe("private, no-store");
    expect(app.pageCache?.size).toBe(kept);
    // And the guests' page is still the one kept.
    expect(nonceOf(await page("/blog"))).toBe(nonceOf(guest));
  });

  it("still streams a signed-in reader's page, compressed as it renders", async () => {
    const base = await app.http.listen({ port: 0, host: "127.0.0.1" });
    const { headers, body } = await new Promise<{
      headers: http.IncomingHttpHeaders;
      body: Buffer;
    }>((resolve, reject) => {
      const req = http.get(
        `${base}/blog`,
        { headers: { cookie: authCookie(wanda), "accept-encoding": "br" } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            resolve({ headers: res.headers, body: Buffer.concat(chunks) });
          });
        },
      );
      req.on("error", reject);
    });
    expect(headers["cache-control"]).toBe("private, no-store");
    expect(headers["content-encoding"]).toBe("br");
    // Sent as it comes (chunked), never read whole first (a length would be known then).
    expect(headers["transfer-encoding"]).toBe("chunked");
    expect(headers["content-length"]).toBeUndefined();
    const html = decode(body, "br");
    expect(html).toContain("Wanda Writer");
    expect(html).toMatch(/<\/html>$/);
  });

  it("shows an edit to the next guest at once", async () => {
    expect((await page(postUrl())).body).toContain("Three pages every morning.");
    await page("/blog");
    await api("PATCH", `/api/collections/posts/records/${post.id}`, {
      content: "Two pages, then a walk.",
    });
    const after = await page(postUrl());
    expect(after.body).toContain("Two pages, then a walk.");
    expect(after.body).not.toContain("Three pages every morning.");
  });

  it("shows a visibility change to the next guest at once", async () => {
    expect((await page(entryUrl())).statusCode).toBe(200);
    expect((await page("/archive")).body).toContain("A public walk");
    await api("PATCH", `/api/collections/entries/records/${entry.id}`, { visibility: "private" });
    expect((await page(entryUrl())).statusCode).toBe(404);
    expect((await page("/archive")).body).not.toContain("A public walk");
    await api("PATCH", `/api/collections/entries/records/${entry.id}`, { visibility: "public" });
    expect((await page(entryUrl())).statusCode).toBe(200);
  });

  it("shows a delete to the next guest at once", async () => {
    const doomed = await api("POST", "/api/collections/posts/records", {
      author: wanda.record.id,
      title: "Soon gone",
      content: "Briefly here.",
      status: "published",
    });
    expect((await page("/blog")).body).toContain("Soon gone");
    expect((await page("/profile/wanda")).body).toContain("Soon gone");
    await api("DELETE", `/api/collections/posts/records/${doomed.id}`);
    expect((await page("/blog")).body).not.toContain("Soon gone");
    expect((await page("/profile/wanda")).body).not.toContain("Soon gone");
    expect((await page(`/post/wanda/${String(doomed.slug)}`)).statusCode).toBe(404);
  });

  it("keeps its pages through writes no guest can see", async () => {
    const before = await page("/blog");
    await api("POST", "/api/collections/entries/records", {
      author: wanda.record.id,
      title: "Private thoughts",
      content: "Nobody reads this.",
      visibility: "private",
    });
    const draft = await api("POST", "/api/collections/posts/records", {
      author: wanda.record.id,
      title: "A draft",
      content: "Not yet.",
      status: "draft",
    });
    await api("PATCH", `/api/collections/posts/records/${draft.id}`, { content: "Still not." });
    expect(nonceOf(await page("/blog"))).toBe(nonceOf(before));
  });

  it("shows a scheduled post when its time comes", async () => {
    const due = Date.now() + 2500;
    await api("POST", "/api/collections/posts/records", {
      author: wanda.record.id,
      title: "Right on time",
      content: "Published by the clock.",
      status: "published",
      publishedAt: new Date(due).toISOString(),
    });
    const early = await page("/blog");
    expect(early.body).not.toContain("Right on time");
    expect(nonceOf(await page("/blog"))).toBe(nonceOf(early));
    expect(app.pageCache?.nextExpiry).toBe(due);
    // Shared caches are not told to keep it past that time.
    expect(String(early.headers["cache-control"])).toMatch(/s-maxage=[0-2]$/);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()) + 50));
    const late = await page("/blog");
    expect(late.body).toContain("Right on time");
    expect((await page("/blog/rss.xml")).body).toContain("Right on time");
  });

  it("forgets every page when the application name changes", async () => {
    expect((await page("/team")).body).toContain("· Cahier</title>");
    const res = await app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: { authorization: root.token },
      payload: { meta: { appName: "Carnet" } },
    });
    expect(res.statusCode).toBe(200);
    expect((await page("/team")).body).toContain("· Carnet</title>");
  });

  it("renders a burst of guests asking the same page once", async () => {
    app.pageCache?.purge();
    const burst = await Promise.all(Array.from({ length: 12 }, () => page("/archive")));
    expect(burst.every((res) => res.statusCode === 200)).toBe(true);
    expect(new Set(burst.map(nonceOf)).size).toBe(1);
  });

  it("keeps no error page, and answers pages no guest may see as before", async () => {
    const missing = await page("/no/such/page");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-cache");
    expect(nonceOf(await page("/no/such/page"))).not.toBe(nonceOf(missing));
    const editor = await page("/entry/create");
    expect(editor.statusCode).toBe(302);
  });

  it("sends hashed assets in their precompressed form", async () => {
    const assets = path.join(DEFAULT_BUILD_DIR, "client", "assets");
    const name = fs
      .readdirSync(assets)
      .find((file) => file.endsWith(".js") && fs.existsSync(path.join(assets, `${file}.br`)));
    expect(name).toBeDefined();
    const file = path.join(assets, name ?? "");
    for (const [accept, coding, suffix] of [
      ["br, gzip", "br", ".br"],
      ["gzip", "gzip", ".gz"],
      ["identity", undefined, ""],
    ] as const) {
      const res = await page(`/assets/${name ?? ""}`, { "accept-encoding": accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(coding);
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(fs.readFileSync(file + suffix))).toBe(true);
    }
  });
});

describe.each(DIALECTS)("anonymous page cache settings (%s)", (dialect) => {
  it("is off with PAGE_CACHE_TTL_MS=0", async () => {
    const app = await createTestApp(dialect, { PAGE_CACHE_TTL_MS: "0" });
    try {
      expect(app.pageCache).toBeNull();
      const first = await app.http.inject({ method: "GET", url: "/team" });
      const second = await app.http.inject({ method: "GET", url: "/team" });
      expect(nonceOf(first)).not.toBe(nonceOf(second));
      expect(first.headers["cache-control"]).toBe("no-cache");
    } finally {
      await app.close();
    }
  });

  it("lets rate limits on page paths count kept pages too", async () => {
    const app = await createTestApp(dialect, {
      RATE_LIMITS: '[{"label":"/team","duration":60,"maxRequests":3}]',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await app.http.inject({ method: "GET", url: "/team" })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await app.http.inject({ method: "GET", url: "/blog" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe.each(DIALECTS)("feeds and the sitemap, compressed (%s)", (dialect) => {
  const FEEDS = [
    ["/blog/rss.xml", /^application\/rss\+xml/, "<rss"],
    ["/blog/atom.xml", /^application\/atom\+xml/, "<feed"],
    ["/blog/feed.json", /^application\/feed\+json/, '"version"'],
    ["/profile/wanda/rss.xml", /^application\/rss\+xml/, "<rss"],
    ["/sitemap.xml", /^application\/xml/, "<urlset"],
  ] as const;

  it.each([
    ["kept by the page cache", {}],
    ["rendered every time", { PAGE_CACHE_TTL_MS: "0" }],
  ])("answers them in Brotli or gzip, with Vary (%s)", async (_name, env) => {
    const app = await createTestApp(dialect, env);
    try {
      const wanda = await app.createUser({ username: "wanda", role: "writer" });
      for (let i = 1; i <= 12; i++) {
        await app.seedRecord("posts", {
          author: wanda.record.id,
          title: `Garden notes ${String(i)}`,
          excerpt: "What grew, what did not, and what the slugs ate this week in the garden.",
          content: "Tomatoes, beans and a great many slugs. ".repeat(20),
          status: "published",
        });
      }
      for (const [url, type, marker] of FEEDS) {
        const plain = await app.http.inject({ url, headers: { "accept-encoding": "identity" } });
        expect(plain.statusCode, url).toBe(200);
        expect(plain.headers["content-type"], url).toMatch(type);
        expect(plain.headers["content-encoding"], url).toBeUndefined();
        expect(plain.rawPayload.length, url).toBeGreaterThan(1024);
        for (const [accept, coding] of [
          ["br, gzip", "br"],
          ["gzip", "gzip"],
        ] as const) {
          const res = await app.http.inject({ url, headers: { "accept-encoding": accept } });
          expect(res.statusCode, url).toBe(200);
          expect(res.headers["content-encoding"], `${url} ${accept}`).toBe(coding);
          expect(String(res.headers.vary), url).toMatch(/Accept-Encoding/);
          const text = decode(res.rawPayload, coding);
          expect(text, url).toContain(marker);
          expect(text, url).toBe(plain.body);
          expect(res.rawPayload.length, url).toBeLessThan(plain.rawPayload.length);
        }
      }
    } finally {
      await app.close();
    }
  });
});
