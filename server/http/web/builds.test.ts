import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import {
  createTestApp,
  DIALECTS,
  freshEnvironment,
  type TestApp,
} from "#tests/helpers/test-app.ts";
import {
  BUILDS_CACHE_CONTROL,
  loadRouteRules,
  parseRouteRules,
  readBuildInfo,
  ROUTE_RULES_FILE,
  RouteRulesError,
} from "./builds.ts";
import { DEFAULT_BUILD_DIR, registerWebApp } from "./web-app.ts";

const temporaryDirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of temporaryDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build folder holding only a client manifest (pages answer 503: no SSR bundle). */
function fakeBuild(version: string, mtime = new Date("2026-01-02T03:04:05.678Z")): string {
  const buildDir = tempDir("cahier-build-");
  const assets = path.join(buildDir, "client", "assets");
  fs.mkdirSync(assets, { recursive: true });
  const file = path.join(assets, `manifest-${version}.js`);
  fs.writeFileSync(file, `window.__reactRouterManifest={"version":"${version}"};`);
  fs.utimesSync(file, mtime, mtime);
  fs.writeFileSync(path.join(assets, "entry.client-abc.js"), "");
  return buildDir;
}

function rulesDir(rules: unknown): string {
  const dataDir = tempDir("cahier-rules-");
  fs.writeFileSync(
    path.join(dataDir, ROUTE_RULES_FILE),
    typeof rules === "string" ? rules : JSON.stringify(rules),
  );
  return dataDir;
}

function parseError(input: unknown): string {
  try {
    parseRouteRules(input, "rules.json");
  } catch (error) {
    expect(error).toBeInstanceOf(RouteRulesError);
    return (error as Error).message;
  }
  throw new Error("expected the rules to be refused");
}

describe("route rules file", () => {
  it("accepts internal and external redirects, with 307 as the default status", () => {
    expect(
      parseRouteRules(
        {
          redirects: [
            { from: "/old", to: "/new", status: 301 },
            { from: "/docs/**", to: "https://docs.example.org/" },
            { from: "/moved/", to: "/blog?tag=moved#top", status: 308 },
          ],
        },
        "rules.json",
      ),
    ).toEqual({
      redirects: [
        { from: "/old", to: "/new", status: 301 },
        { from: "/docs/**", to: "https://docs.example.org/", status: 307 },
        { from: "/moved/", to: "/blog?tag=moved#top", status: 308 },
      ],
    });
    expect(parseRouteRules({}, "rules.json")).toEqual({ redirects: [] });
  });

  it("names the file and every bad field", () => {
    const message = parseError({
      redirects: [
        { from: "old", to: "/new" },
        { from: "/a", to: "javascript:alert(1)" },
        { from: "/b", to: "ftp://example.org/file" },
        { from: "/c", to: "new" },
        { from: "/d", to: "/e", status: 200 },
        { from: "/api/records", to: "/x" },
        { from: "/f?x=1", to: "/g" },
        { from: "/h/*/i", to: "/j" },
        { from: "/k", to: "/l", extra: true },
      ],
    });
    expect(message).toMatch(/^Invalid route rules in rules\.json:\n/);
    expect(message).toContain('redirects.0.from: must be a path starting with "/"');
    expect(message).toContain("redirects.1.to: must be a path of the site");
    expect(message).toContain("redirects.2.to: must be a path of the site");
    expect(message).toContain("redirects.3.to: must be a path of the site");
    expect(message).toContain("redirects.4.status: must be one of 301, 302, 307, 308");
    expect(message).toContain("redirects.5.from: may not be under /api");
    expect(message).toContain("redirects.6.from: must be a path only");
    expect(message).toContain('redirects.7.from: may only end with "/**"');
    expect(message).toContain("redirects.8");
  });

  it("refuses repeated sources and rules that redirect to themselves", () => {
    const message = parseError({
      redirects: [
        { from: "/same", to: "/one" },
        { from: "/same/", to: "/two" },
        { from: "/loop/**", to: "/loop/inner" },
      ],
    });
    expect(message).toContain('redirects.1.from: repeats redirects.0.from ("/same/")');
    expect(message).toContain("redirects.2.to: would redirect to itself");
  });

  it("refuses a file that is not an object with a redirects array", () => {
    expect(parseError([])).toContain("(file): must be an object");
    expect(parseError({ redirects: {} })).toContain("redirects: must be an array");
  });

  it("reads route-rules.json from the data folder; no file means no rules", () => {
    expect(loadRouteRules(undefined)).toEqual({ redirects: [] });
    expect(loadRouteRules(tempDir("cahier-empty-"))).toEqual({ redirects: [] });
    expect(loadRouteRules(rulesDir({ redirects: [{ from: "/a", to: "/b" }] }))).toEqual({
      redirects: [{ from: "/a", to: "/b", status: 307 }],
    });
    const dataDir = rulesDir("{ not json");
    expect(() => loadRouteRules(dataDir)).toThrow(RouteRulesError);
    expect(() => loadRouteRules(dataDir)).toThrow(
      `Invalid route rules in ${path.join(dataDir, ROUTE_RULES_FILE)}: not valid JSON`,
    );
  });

  it("stops the server at start when the file is invalid", async () => {
    const { env, cleanup } = await freshEnvironment("sqlite");
    try {
      fs.writeFileSync(
        path.join(env.DATA_DIR ?? "", ROUTE_RULES_FILE),
        JSON.stringify({ redirects: [{ from: "/x", to: "data:text/html,hi" }] }),
      );
      const config = loadConfig({ ...env, LOG_LEVEL: "silent" });
      await expect(createApp(config)).rejects.toThrow(/redirects\.0\.to: must be a path/);
    } finally {
      await cleanup();
    }
  });
});

describe("build information", () => {
  it("is the version of React Router's client manifest and when it was written", () => {
    const mtime = new Date("2026-03-04T05:06:07.000Z");
    const buildDir = fakeBuild("1a2b3c4d", mtime);
    expect(readBuildInfo(path.join(buildDir, "client"))).toEqual({
      id: "1a2b3c4d",
      timestamp: mtime.getTime(),
    });
    expect(readBuildInfo(path.join(tempDir("cahier-none-"), "client"))).toBeNull();
  });
});

describe("/_app/builds and redirects on a web app", () => {
  let app: FastifyInstance;
  const mtime = new Date("2026-05-06T07:08:09.000Z");

  beforeAll(async () => {
    const buildDir = fakeBuild("cafe1234", mtime);
    const dataDir = rulesDir({
      redirects: [
        { from: "/old", to: "/new", status: 301 },
        { from: "/away", to: "https://example.org/elsewhere" },
        { from: "/legacy/**", to: "/blog", status: 308 },
        { from: "/tagged", to: "/blog?tag=x" },
      ],
    });
    app = Fastify();
    app.get("/api/health", () => ({ ok: true }));
    await registerWebApp(app, { api: app, buildDir, dataDir });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, method: "GET" | "HEAD" | "POST" = "GET") => app.inject({ method, url });

  it("publishes the latest build, never cached", async () => {
    const res = await get("/_app/builds/latest.json?t=1700000000000");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe(BUILDS_CACHE_CONTROL);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ id: "cafe1234", timestamp: mtime.getTime() });
  });

  it("publishes the current build's route rules, and 404s other build ids", async () => {
    const res = await get("/_app/builds/meta/cafe1234.json");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe(BUILDS_CACHE_CONTROL);
    expect(res.json()).toEqual({
      id: "cafe1234",
      timestamp: mtime.getTime(),
      redirects: [
        { from: "/old", to: "/new", status: 301 },
        { from: "/away", to: "https://example.org/elsewhere", status: 307 },
        { from: "/legacy/**", to: "/blog", status: 308 },
        { from: "/tagged", to: "/blog?tag=x", status: 307 },
      ],
    });
    for (const url of ["/_app/builds/meta/deadbeef.json", "/_app/builds/meta/cafe1234"]) {
      const missing = await get(url);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers["cache-control"]).toBe(BUILDS_CACHE_CONTROL);
      expect(missing.json()).toEqual({ status: 404, message: "Unknown build id.", data: {} });
    }
  });

  it("redirects page requests by the rules, keeping the query when the target has none", async () => {
    const cases: [string, number, string][] = [
      ["/old", 301, "/new"],
      ["/old/", 301, "/new"],
      ["/old?page=2", 301, "/new?page=2"],
      ["/away", 307, "https://example.org/elsewhere"],
      ["/legacy", 308, "/blog"],
      ["/legacy/2019/post", 308, "/blog"],
      ["/tagged?tag=y", 307, "/blog?tag=x"],
    ];
    for (const [url, status, location] of cases) {
      const res = await get(url);
      expect({ url, status: res.statusCode, location: res.headers.location }).toEqual({
        url,
        status,
        location,
      });
    }
    const head = await get("/old", "HEAD");
    expect(head.statusCode).toBe(301);
  });

  it("leaves other paths, data requests, the API and non-GET requests alone", async () => {
    expect((await get("/older")).statusCode).toBe(503);
    expect((await get("/legacyish")).statusCode).toBe(503);
    expect((await get("/old.data")).statusCode).toBe(503);
    expect((await get("/old", "POST")).statusCode).toBe(503);
    expect((await get("/api/health")).json()).toEqual({ ok: true });
  });
});

describe("/_app/builds without a build", () => {
  it("answers 503 JSON", async () => {
    const app = Fastify();
    await registerWebApp(app, { api: app, buildDir: tempDir("cahier-no-build-") });
    try {
      for (const url of ["/_app/builds/latest.json", "/_app/builds/meta/x.json"]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.statusCode).toBe(503);
        expect(res.headers["cache-control"]).toBe(BUILDS_CACHE_CONTROL);
        expect(res.json()).toMatchObject({ status: 503 });
      }
    } finally {
      await app.close();
    }
  });
});

describe.each(DIALECTS)("/_app/builds on the real build (%s)", (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(dialect);
  });
  afterAll(async () => {
    await app.close();
  });

  it("names the build whose manifest the pages load", async () => {
    const latest = await app.http.inject({ method: "GET", url: "/_app/builds/latest.json" });
    expect(latest.statusCode).toBe(200);
    const { id, timestamp } = latest.json<{ id: string; timestamp: number }>();
    expect(readBuildInfo(path.join(DEFAULT_BUILD_DIR, "client"))?.id).toBe(id);
    expect(timestamp).toBeGreaterThan(0);
    const page = await app.http.inject({ method: "GET", url: "/" });
    expect(page.body).toContain(`/assets/manifest-${id}.js`);
    const meta = await app.http.inject({ method: "GET", url: `/_app/builds/meta/${id}.json` });
    expect(meta.json()).toEqual({ id, timestamp, redirects: [] });
  });
});
