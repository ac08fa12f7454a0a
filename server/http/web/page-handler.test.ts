/**
 * The page handler under load, with a server build whose renders the test finishes by hand
 * (no timing involved): past the render line's length a reader is told at once, in their
 * language, that the server is busy (`503`, `Retry-After`, never kept), while the renders in
 * line are served in turn.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import enErrors from "#shared/i18n/catalogs/en/errors.ts";
import frErrors from "#shared/i18n/catalogs/fr/errors.ts";
import type { LoadedBuild } from "./page-build.ts";
import { PageHandler } from "./page-handler.ts";

/** A build whose every render waits until the test finishes it. */
function heldBuild(): { build: LoadedBuild; started: string[]; finish: (i: number) => void } {
  const started: string[] = [];
  const finishers: (() => void)[] = [];
  const build: LoadedBuild = {
    createLoadContext: undefined,
    handle: (request) =>
      new Promise<Response>((resolve) => {
        const path = new URL(request.url).pathname;
        started.push(path);
        finishers.push(() => {
          resolve(
            new Response(`<!doctype html><p>${path}</p>`, {
              headers: { "content-type": "text/html; charset=utf-8" },
            }),
          );
        });
      }),
  };
  return { build, started, finish: (i) => finishers[i]?.() };
}

describe("page handler load shedding", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it("answers 503 with Retry-After at once past the line, and serves the line in turn", async () => {
    const { build, started, finish } = heldBuild();
    const server = Fastify();
    app = server;
    const pages = new PageHandler({
      api: server,
      cache: null,
      cdnSeconds: 10,
      renders: { concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 },
    });
    server.get("/*", async (request, reply) => {
      reply.header("X-Content-Type-Options", "nosniff");
      reply.hijack();
      await pages.handle(request, reply, build);
      return reply;
    });

    const first = server.inject({ url: "/first" });
    await vi.waitFor(() => {
      expect(started).toEqual(["/first"]);
    });
    const second = server.inject({ url: "/second" });
    await vi.waitFor(() => {
      expect(pages.load).toEqual({ running: 1, waiting: 1 });
    });

    const refused = await server.inject({
      url: "/third",
      headers: { "accept-language": "fr-FR, fr;q=0.9" },
    });
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(refused.headers["content-language"]).toBe("fr");
    expect(refused.headers["x-content-type-options"]).toBe("nosniff");
    expect(refused.body).toBe(`${frErrors.page.busy}\n`);
    const english = await server.inject({ url: "/fourth" });
    expect(english.statusCode).toBe(503);
    expect(english.body).toBe(`${enErrors.page.busy}\n`);
    expect(started).toEqual(["/first"]);

    finish(0);
    const served = await first;
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain("/first");
    await vi.waitFor(() => {
      expect(started).toEqual(["/first", "/second"]);
    });
    finish(1);
    expect((await second).statusCode).toBe(200);
    expect(pages.load).toEqual({ running: 0, waiting: 0 });
  });
});
