/**
 * Security headers (ASVS 3.4.1–3.4.6, 3.4.2 CORS): on API responses, files and pages, with
 * HSTS only over https, and a per-request CSP nonce on every script of a rendered page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { HSTS, REFERRER_POLICY } from "./security-headers.ts";

/** The `pb_auth` cookie the browser writes (the SDK's `exportToCookie` format). */
function authCookie(login: { token: string; record: Record<string, unknown> }): string {
  return `pb_auth=${encodeURIComponent(JSON.stringify({ token: login.token, record: login.record }))}`;
}

const EVERY_RESPONSE = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "SAMEORIGIN",
  "referrer-policy": REFERRER_POLICY,
};

/** The CSP directives of a header, by name. */
function directives(header: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header).split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

/** Deprecated headers that must never be sent (probe finding F9). */
const NEVER_SENT = ["x-xss-protection"];

describe.each(DIALECTS)("security headers (%s)", (dialect) => {
  let app: TestApp;
  let writer: Awaited<ReturnType<TestApp["createUser"]>>;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    writer = await app.createUser({ username: "wanda", role: "writer" });
    await app.seedRecord("posts", {
      author: writer.record.id,
      title: "Hello",
      slug: "hello",
      content: "Hi.",
      status: "published",
      publishedAt: "2025-01-01 00:00:00.000Z",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  describe("on API responses", () => {
    it.each([
      ["a list", "GET", "/api/collections/posts/records", 200],
      ["a 404", "GET", "/api/collections/posts/records/nosuchrecord000", 404],
      ["an unknown route", "GET", "/api/nope", 404],
      ["a 401", "POST", "/api/collections/users/auth-refresh", 401],
      ["a health check", "HEAD", "/api/health", 200],
    ] as const)("%s", async (_name, method, url, status) => {
      const res = await app.http.inject({
        method,
        url,
        headers: { origin: "https://elsewhere.example", cookie: "pb_auth=x" },
      });
      expect(res.statusCode).toBe(status);
      expect(res.headers).toMatchObject({ ...EVERY_RESPONSE, "access-control-allow-origin": "*" });
      for (const name of NEVER_SENT) expect(res.headers[name]).toBeUndefined();
      // SECURITY: a wildcard origin never comes with credentials (ASVS 3.4.2).
      expect(res.headers["access-control-allow-credentials"]).toBeUndefined();
      // Over plain http without APP_URL https: no HSTS (browsers ignore it there anyway).
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      expect(res.headers["content-security-policy"]).toBeUndefined();
    });
  });

  describe("on pages", () => {
    const page = (url: string, headers: Record<string, string> = {}) =>
      app.http.inject({ method: "GET", url, headers });

    it.each([
      ["the home page", "/", {}],
      ["a post", "/post/wanda/hello", {}],
      ["a signed-in page", "/profileSettings", "writer"],
      ["the 404 page", "/no/such/page", {}],
      ["a writer on an admin page (403)", "/i", "writer"],
    ] as const)("%s: a CSP whose nonce every script carries", async (_name, url, who) => {
      const res = await page(url, who === "writer" ? { cookie: authCookie(writer) } : {});
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers).toMatchObject(EVERY_RESPONSE);
      for (const name of NEVER_SENT) expect(res.headers[name]).toBeUndefined();
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      const csp = directives(res.headers["content-security-policy"]);
      const scriptSrc = csp.get("script-src") ?? [];
      const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(scriptSrc[0] ?? "")?.[1];
      expect(nonce).toBeDefined();
      expect(scriptSrc).toEqual([`'nonce-${nonce ?? ""}'`, "'strict-dynamic'", "'self'"]);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
      expect(csp.get("form-action")).toEqual(["'self'"]);
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
      const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce ?? ""}"`);
      // Modules load after the first paint, from a nonced script: no preload link (ADR 050).
      expect(res.body).not.toMatch(/<link\b[^>]*rel="modulepreload"/);
    });

    it("uses a new nonce for every render", async () => {
      // A signed-in reader's page is rendered every time.
      const nonces = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const res = await page("/blog", { cookie: authCookie(writer) });
        nonces.add(String(res.headers["content-security-policy"]));
      }
      expect(nonces.size).toBe(5);
      // A guest's page kept by the page cache keeps its render's nonce until the next render
      // (ADR 045); after a purge, the next render has a new one.
      const kept = await page("/blog");
      expect((await page("/blog")).headers["content-security-policy"]).toBe(
        kept.headers["content-security-policy"],
      );
      app.pageCache?.purge();
      const rendered = await page("/blog");
      expect(rendered.headers["content-security-policy"]).not.toBe(
        kept.headers["content-security-policy"],
      );
      expect(rendered.body).toContain(
        `nonce="${/'nonce-([^']+)'/.exec(String(rendered.headers["content-security-policy"]))?.[1] ?? ""}"`,
      );
    });

    it("keeps static files and build metadata free of page CSP but with nosniff", async () => {
      const res = await page("/_app/builds/latest.json");
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject(EVERY_RESPONSE);
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
    });
  });

  describe("HSTS", () => {
    it("is sent everywhere when APP_URL is https", async () => {
      const secure = await createTestApp(dialect, { APP_URL: "https://journal.example.com" });
      try {
        for (const url of ["/api/health", "/", "/api/nope"]) {
          const res = await secure.http.inject({ method: "GET", url });
          expect(res.headers["strict-transport-security"]).toBe(HSTS);
        }
      } finally {
        await secure.close();
      }
    });

    it("follows X-Forwarded-Proto from a trusted proxy only", async () => {
      const proxied = await createTestApp(dialect, { TRUSTED_PROXIES: "10.0.0.0/8" });
      try {
        const via = (remoteAddress: string) =>
          proxied.http.inject({
            method: "GET",
            url: "/api/health",
            remoteAddress,
            headers: { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.1" },
          });
        expect((await via("10.0.0.5")).headers["strict-transport-security"]).toBe(HSTS);
        expect((await via("203.0.113.9")).headers["strict-transport-security"]).toBeUndefined();
      } finally {
        await proxied.close();
      }
    });
  });
});
