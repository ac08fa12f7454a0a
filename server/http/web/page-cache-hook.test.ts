/**
 * The page cache's fast path (ADR 045) through a real socket: a kept page answered in front
 * of Fastify carries exactly the headers and bytes the page route sends for it (security
 * headers, CSP, validators, cache policy, `Vary`), in every coding, `HEAD` and `304`
 * included; and it steps aside for sessions, bodies, other methods, rate-limited pages and
 * the protocol a trusted proxy forwards.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCookie, type Login } from "#tests/helpers/pages.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { pageCacheFastPathStats } from "./page-cache-hook.ts";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Headers that belong to the connection or the moment, not to the page. */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive"]);

/** A request over a socket, answered as sent (nothing decoded). */
function request(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The headers of an answer that say something about the page. */
function pageHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));
}

/** The CSP with its nonce blanked, to compare the policy of two renders. */
function policyShape(csp: unknown): string {
  return String(csp).replace(/'nonce-[^']+'/, "'nonce-…'");
}

async function listen(app: TestApp): Promise<string> {
  return app.http.listen({ port: 0, host: "127.0.0.1" });
}

describe.each(DIALECTS)("page cache fast path (%s)", (dialect) => {
  let app: TestApp;
  let base: string;
  /** The `Host` of socket requests (part of the key): the in-process requests send it too. */
  let host: string;
  let wanda: Login;
  let postUrl: string;
  const hits = () => pageCacheFastPathStats(app.http)?.hits ?? 0;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/posts/records",
      headers: { authorization: wanda.token },
      payload: {
        author: wanda.record.id,
        title: "Morning pages",
        content: "Three pages every morning.",
        status: "published",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    postUrl = `/post/wanda/${res.json<{ slug: string }>().slug}`;
    base = await listen(app);
    host = new URL(base).host;
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers a kept page with the headers and bytes of the page route", async () => {
    const browser = { "accept-encoding": "br, gzip", "accept-language": "en-US,en;q=0.9" };
    const before = hits();
    const rendered = await request(base, postUrl, browser);
    expect(rendered.status).toBe(200);
    expect(hits()).toBe(before);
    const fast = await request(base, postUrl, browser);
    expect(hits()).toBe(before + 1);
    // The same page through Fastify's whole stack: hooks, router, the page route's cache hit.
    const slow = await app.http.inject({
      method: "GET",
      url: postUrl,
      headers: { ...browser, host },
    });
    expect(hits()).toBe(before + 1);

    expect(fast.status).toBe(200);
    expect(pageHeaders(fast.headers)).toEqual(pageHeaders(rendered.headers));
    expect(pageHeaders(fast.headers)).toEqual(pageHeaders(slow.headers));
    expect(fast.body.equals(rendered.body)).toBe(true);
    expect(fast.body.equals(slow.rawPayload)).toBe(true);
    expect(fast.headers["content-encoding"]).toBe("br");
    expect(fast.headers.etag).toMatch(/^W\//);
    expect(fast.headers.vary).toBe("Accept, Accept-Encoding, Accept-Language, Cookie");
    expect(fast.headers["cache-control"]).toBe("public, max-age=0, must-revalidate, s-maxage=10");

    // The security headers are those of a page rendered for a session, nonce aside.
    const signedIn = await request(base, postUrl, { ...browser, cookie: authCookie(wanda) });
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    for (const name of ["x-content-type-options", "x-frame-options", "referrer-policy"]) {
      expect(fast.headers[name], name).toBe(signedIn.headers[name]);
    }
    expect(fast.headers["strict-transport-security"]).toBeUndefined();
    expect(policyShape(fast.headers["content-security-policy"])).toBe(
      policyShape(signedIn.headers["content-security-policy"]),
    );
    expect(hits()).toBe(before + 1);
  });

  it("answers every coding, HEAD and 304 as the page route does", async () => {
    await request(base, "/team");
    for (const [headers, method] of [
      [{ "accept-encoding": "gzip" }, "GET"],
      [{ "accept-encoding": "identity" }, "GET"],
      [{}, "HEAD"],
      [{ "accept-encoding": "br" }, "HEAD"],
    ] as const) {
      const before = hits();
      const fast = await request(base, "/team", headers, method);
      expect(hits(), JSON.stringify(headers)).toBe(before + 1);
      const slow = await app.http.inject({ method, url: "/team", headers: { ...headers, host } });
      expect(fast.status).toBe(200);
      expect(pageHeaders(fast.headers)).toEqual(pageHeaders(slow.headers));
      expect(fast.body.equals(slow.rawPayload)).toBe(true);
    }
    const etag = String((await request(base, "/team")).headers.etag);
    const fast = await request(base, "/team", { "if-none-match": etag });
    const slow = await app.http.inject({ url: "/team", headers: { "if-none-match": etag, host } });
    expect(fast.status).toBe(304);
    expect(fast.body.length).toBe(0);
    expect(fast.headers["content-security-policy"]).toBeUndefined();
    expect(pageHeaders(fast.headers)).toEqual(pageHeaders(slow.headers));
  });

  it("leaves sessions, bodies, other methods and pages not kept to Fastify", async () => {
    await request(base, "/blog");
    const before = hits();
    const signedIn = await request(base, "/blog", { cookie: authCookie(wanda) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.body.toString()).toContain("Wanda Writer");
    const bearer = await request(base, "/blog", { authorization: wanda.token });
    expect(bearer.headers["cache-control"]).toBe("private, no-store");
    // A body is Fastify's to read within its limits, whatever the page.
    const text = { "content-type": "text/plain", "content-length": "2" };
    const withBody = await request(base, "/blog", text, "GET", "hi");
    expect(withBody.status).toBe(200);
    expect((await request(base, "/blog", {}, "OPTIONS")).status).toBe(404);
    const api = await request(base, "/api/health");
    expect(api.status).toBe(200);
    expect((await request(base, "/no/such/page")).status).toBe(404);
    expect(hits()).toBe(before);
  });
});

describe.each(DIALECTS)("page cache fast path settings (%s)", (dialect) => {
  it("steps aside while rate limits count page paths, so kept pages are counted", async () => {
    const app = await createTestApp(dialect, {
      RATE_LIMITS: '[{"label":"/team","duration":60,"maxRequests":3}]',
    });
    try {
      const base = await listen(app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await request(base, "/team")).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(pageCacheFastPathStats(app.http)?.hits).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("reads the protocol a trusted proxy forwards as Fastify does, and no other's", async () => {
    const behind = await createTestApp(dialect, { TRUSTED_PROXIES: "loopback" });
    const direct = await createTestApp(dialect);
    try {
      const https = { "x-forwarded-proto": "https" };
      const proxied = await listen(behind);
      const first = await request(proxied, "/team", https);
      expect(first.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains",
      );
      const hits = () => pageCacheFastPathStats(behind.http)?.hits ?? 0;
      const kept = hits();
      const again = await request(proxied, "/team", https);
      expect(hits()).toBe(kept + 1);
      expect(pageHeaders(again.headers)).toEqual(pageHeaders(first.headers));
      // Plain http is another page (no HSTS), rendered and kept apart.
      const plain = await request(proxied, "/team");
      expect(hits()).toBe(kept + 1);
      expect(plain.headers["strict-transport-security"]).toBeUndefined();

      // Without TRUSTED_PROXIES the header is anyone's to send: ignored.
      const open = await listen(direct);
      await request(open, "/team");
      const spoofed = await request(open, "/team", https);
      expect(pageCacheFastPathStats(direct.http)?.hits).toBe(1);
      expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await behind.close();
      await direct.close();
    }
  });
});
