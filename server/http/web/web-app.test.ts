import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie } from "#tests/helpers/pages.ts";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import {
  DEFAULT_BUILD_DIR,
  IMMUTABLE_CACHE_CONTROL,
  NOT_BUILT_MESSAGE,
  registerWebApp,
  SHORT_CACHE_CONTROL,
} from "./web-app.ts";

describe.each(DIALECTS)("web app mounted in the API server (%s)", (dialect) => {
  let app: TestApp;
  let writer: Awaited<ReturnType<TestApp["createUser"]>>;
  let plain: Awaited<ReturnType<TestApp["createUser"]>>;
  let admin: Awaited<ReturnType<TestApp["createUser"]>>;
  let root: Awaited<ReturnType<TestApp["createSuperuser"]>>;
  let publicEntryName: string;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    writer = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    plain = await app.createUser({ username: "paul" });
    admin = await app.createUser({ username: "ada", name: "Ada Admin", role: "admin" });
    root = await app.createSuperuser();
    const publicEntry = await app.seedRecord("entries", {
      author: writer.record.id,
      title: "A public <b>day</b>",
      content: "Morning walk.\n\nEvening <script>alert(1)</script> tea.",
      visibility: "public",
      date: "2025-03-04 00:00:00.000Z",
    });
    publicEntryName = String(publicEntry.name);
    await app.seedRecord("entries", {
      author: writer.record.id,
      title: "A secret day",
      name: "secret",
      content: "Nobody reads this.",
      visibility: "private",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers });

  it("leaves the API in charge of /api paths, JSON 404s included", async () => {
    await runScenario(app, {
      name: "health",
      method: "GET",
      url: "/api/health",
      expectedStatus: 200,
      expectedContent: ['"message":"API is healthy."'],
    });
    const missing = await page("/api/no/such/thing");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^application\/json/);
    expect(missing.json()).toEqual({
      data: {},
      message: "The requested resource wasn't found.",
      status: 404,
    });
  });

  it("renders pages in English by default, with a title", async () => {
    const res = await page("/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain("<title>Home · Cahier</title>");
    expect(res.body).toContain(">Login<");
    expect(res.body).toContain(">Sign up<");
    expect(res.body).toContain('href="/privacyPolicy"');
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("renders French from the locale cookie, then from Accept-Language", async () => {
    const byCookie = await page("/blog", { cookie: "locale=fr", "accept-language": "en" });
    expect(byCookie.body).toContain('<html lang="fr"');
    expect(byCookie.body).toContain(">En<");
    const byHeader = await page("/login", { "accept-language": "de, fr-CA;q=0.9, en;q=0.5" });
    expect(byHeader.body).toContain('<html lang="fr"');
    expect(byHeader.body).toContain("<title>Connexion · Cahier</title>");
    const english = await page("/login", { cookie: "locale=en", "accept-language": "fr" });
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain(">Fr<");
  });

  it("answers unknown pages with the 404 error page", async () => {
    const res = await page("/no/such/page");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("Page not found: /no/such/page");
    expect(res.body).toContain("Go back home");
    const fr = await page("/nulle-part", { cookie: "locale=fr" });
    expect(fr.statusCode).toBe(404);
    expect(fr.body).toContain("Page introuvable\u00a0: /nulle-part");
    expect(fr.body).toContain("Retour à l&#x27;accueil");
  });

  it("serves hashed assets as immutable and other files with a short cache", async () => {
    const assets = fs.readdirSync(path.join(DEFAULT_BUILD_DIR, "client", "assets"));
    const script = assets.find((name) => name.endsWith(".js"));
    expect(script).toBeDefined();
    const asset = await page(`/assets/${script ?? ""}`);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    const icon = await page("/favicon.svg");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe(SHORT_CACHE_CONTROL);
    const missingAsset = await page("/assets/nope-123.js");
    expect(missingAsset.statusCode).toBe(404);
  });

  it("renders the signed-in header from the pb_auth cookie, per role", async () => {
    const asWriter = await page("/", { cookie: authCookie(writer) });
    expect(asWriter.body).toContain("Wanda Writer");
    expect(asWriter.body).toContain('href="/profile/wanda"');
    expect(asWriter.body).toContain(">New entry<");
    expect(asWriter.body).toContain(">Archive<");
    expect(asWriter.body).toContain(">New post<");
    expect(asWriter.body).not.toContain(">Instances<");
    expect(asWriter.body).not.toContain(">Login<");

    const asPlain = await page("/", { cookie: authCookie(plain) });
    expect(asPlain.body).toContain(">paul<");
    expect(asPlain.body).not.toContain(">New post<");

    const asAdmin = await page("/", { cookie: authCookie(admin) });
    expect(asAdmin.body).toContain(">Instances<");

    const asRoot = await page("/", { cookie: authCookie(root) });
    expect(asRoot.body).toContain(">Instances<");
    expect(asRoot.body).not.toContain(">Login<");
  });

  it("ignores a pb_auth cookie whose token the API rejects", async () => {
    const forged = authCookie({
      token: `${writer.token.slice(0, -4)}AAAA`,
      record: { ...writer.record, role: "admin" },
    });
    const res = await page("/", { cookie: forged });
    expect(res.body).toContain(">Login<");
    expect(res.body).not.toContain(">Instances<");
  });

  it("guards pages: login redirects, 403 for roles, data through the API rules", async () => {
    // Guests go to /login, which brings them back to the page they asked for (ADR 048).
    for (const url of [
      "/entry/create",
      "/post/create",
      "/collection/create",
      "/profileSettings",
      "/i",
      "/i/create",
      "/admin",
      "/admin/users",
      "/admin/logs",
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    }
    const postAsPlain = await page("/post/create", { cookie: authCookie(plain) });
    expect(postAsPlain.statusCode).toBe(403);
    expect(postAsPlain.body).toContain("Forbidden");
    expect((await page("/post/create", { cookie: authCookie(writer) })).statusCode).toBe(200);
    expect((await page("/i", { cookie: authCookie(plain) })).statusCode).toBe(403);
    expect((await page("/admin/logs", { cookie: authCookie(admin) })).statusCode).toBe(403);
    expect((await page("/i", { cookie: authCookie(admin) })).statusCode).toBe(200);
    expect((await page("/i/create", { cookie: authCookie(root) })).statusCode).toBe(200);
    const updateItem = await page("/i/update/nothing");
    expect(updateItem.statusCode).toBe(302);
    expect(updateItem.headers.location).toBe("/login?redirectTo=%2Fi%2Fupdate%2Fnothing");
    expect((await page("/i/update/nothing", { cookie: authCookie(plain) })).statusCode).toBe(403);
    // The error page keeps the visitor's language and signed-in header.
    const forbiddenFr = await page("/i", { cookie: `${authCookie(plain)}; locale=fr` });
    expect(forbiddenFr.statusCode).toBe(403);
    expect(forbiddenFr.body).toContain('<html lang="fr"');
    expect(forbiddenFr.body).toContain("Accès interdit");
    expect(forbiddenFr.body).toContain("Retour à l&#x27;accueil");
    expect(forbiddenFr.body).toContain('href="/profile/paul"');
  });

  it("renders an entry from the API, escaped, and hides private ones", async () => {
    const res = await page(`/entry/wanda/${publicEntryName}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("A public &lt;b&gt;day&lt;/b&gt;");
    expect(res.body).toContain("Evening &lt;script&gt;alert(1)&lt;/script&gt; tea.");
    expect(res.body).not.toContain("<script>alert(1)</script>");
    const hidden = await page("/entry/wanda/secret");
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain("Page not found: /entry/wanda/secret");
    const own = await page("/entry/wanda/secret", { cookie: authCookie(writer) });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain("Nobody reads this.");
  });
});

describe("web app without a build", () => {
  it("still serves the API and answers pages with a 503 text", async () => {
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-no-build-"));
    const app = Fastify();
    app.get("/api/health", () => ({ ok: true }));
    await registerWebApp(app, { api: app, buildDir });
    try {
      expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({
        ok: true,
      });
      const res = await app.inject({ method: "GET", url: "/login" });
      expect(res.statusCode).toBe(503);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      expect(res.body).toBe(NOT_BUILT_MESSAGE);
    } finally {
      await app.close();
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  });
});
