/**
 * Scale-out proof for the anonymous page cache (ADR 045): two server processes on one
 * PostgreSQL database and one Redis. Pages B keeps for guests follow the writes made through
 * A (an edit, a visibility change, a delete), A's settings and A's scheduled posts, as soon as
 * Redis relays A's message; a write no guest can see leaves B's pages alone.
 *
 * Runs when the PostgreSQL dialect is selected (`DIALECTS=…postgres` with `DATABASE_URL`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_REDIS_URL, uniqueRedisPrefix } from "#tests/helpers/redis-server.ts";
import {
  apiRequest,
  cleanupInstances,
  startInstances,
  superuserToken,
  until,
} from "#tests/helpers/instances.ts";
import type { ServerProcess } from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

type Rec = Record<string, unknown> & { id: string };

/** How long Redis may take to relay a message between two local processes. */
const RELAY_MS = 3000;

describe.skipIf(!DIALECTS.includes("postgres"))("page cache across instances", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let rootToken: string;
  let writer: { id: string; token: string };

  /** A guest's page from `server`: status, body, and the nonce of the render it came from. */
  const guest = async (server: ServerProcess, path: string) => {
    const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    return { status: res.status, body: await res.text(), nonce: nonce ?? "" };
  };
  const call = async (method: string, path: string, body?: unknown, token = writer.token) => {
    const res = await apiRequest(a, method, path, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status}`);
    return (res.json ?? { id: "" }) as Rec;
  };
  /**
   * The page once `server` keeps it: the same render twice, 300 ms apart (messages of earlier
   * writes may still be on their way and purge it once more).
   */
  const settled = async (server: ServerProcess, path: string) => {
    let last = await guest(server, path);
    await until(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const again = await guest(server, path);
        const quiet = again.nonce === last.nonce;
        last = again;
        return quiet;
      },
      `${path} to settle`,
      RELAY_MS * 3,
    );
    return last;
  };
  /** Waits until B's guests see what `check` wants, within the relay time. */
  const onB = (path: string, check: (page: { status: number; body: string }) => boolean) =>
    until(async () => check(await guest(b, path)), `B's ${path}`, RELAY_MS);

  beforeAll(async () => {
    [a, b] = await startInstances({
      REDIS_URL: SHARED_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
    });
    rootToken = await superuserToken(a);
    const user = await apiRequest(a, "POST", "/api/collections/users/records", {
      body: {
        username: "wanda",
        email: "wanda@example.com",
        password: "password123",
        passwordConfirm: "password123",
      },
    });
    const id = (user.json as Rec).id;
    await apiRequest(a, "PATCH", `/api/collections/users/records/${id}`, {
      token: rootToken,
      body: { role: "writer" },
    });
    const auth = await apiRequest(b, "POST", "/api/collections/users/auth-with-password", {
      body: { identity: "wanda", password: "password123" },
    });
    writer = { id, token: (auth.json as { token: string }).token };
  });
  afterAll(async () => {
    await cleanupInstances([a, b]);
  });

  it("shows B's guests an edit, a visibility change and a delete made through A", async () => {
    const post = await call("POST", "/api/collections/posts/records", {
      author: writer.id,
      title: "Written on A",
      content: "First version.",
      status: "published",
    });
    const url = `/post/wanda/${String(post.slug)}`;
    await onB(url, (page) => page.body.includes("First version."));
    // B kept it (its first render may come before A's message, which then purges once).
    const kept = await settled(b, url);
    expect((await guest(b, url)).nonce).toBe(kept.nonce);

    await call("PATCH", `/api/collections/posts/records/${post.id}`, {
      content: "Second version.",
    });
    await onB(url, (page) => page.body.includes("Second version."));

    await call("PATCH", `/api/collections/posts/records/${post.id}`, { status: "draft" });
    await onB(url, (page) => page.status === 404);
    await call("PATCH", `/api/collections/posts/records/${post.id}`, { status: "published" });
    await onB("/blog", (page) => page.body.includes("Written on A"));

    await call("DELETE", `/api/collections/posts/records/${post.id}`);
    await onB("/blog", (page) => !page.body.includes("Written on A"));
  });

  it("never lets B serve a page A's acknowledged write made stale, not even before the bus", async () => {
    const post = await call("POST", "/api/collections/posts/records", {
      author: writer.id,
      title: "Acknowledged on A",
      content: "Round zero.",
      status: "published",
    });
    const url = `/post/wanda/${String(post.slug)}`;
    await onB(url, (page) => page.body.includes("Round zero."));
    await settled(b, url);
    // Each answer from A is read back from B at once: the bus may not have spoken yet.
    for (let round = 1; round <= 8; round += 1) {
      await call("PATCH", `/api/collections/posts/records/${post.id}`, { status: "draft" });
      expect((await guest(b, url)).status, `round ${String(round)}: made a draft`).toBe(404);
      await call("PATCH", `/api/collections/posts/records/${post.id}`, {
        status: "published",
        content: `Round ${String(round)}.`,
      });
      const page = await guest(b, url);
      expect(page.status, `round ${String(round)}: published again`).toBe(200);
      expect(page.body).toContain(`Round ${String(round)}.`);
      // B keeps it again before the next round.
      await settled(b, url);
    }
  });

  it("leaves B's pages alone for a write no guest can see", async () => {
    const before = await settled(b, "/blog");
    await call("POST", "/api/collections/entries/records", {
      author: writer.id,
      title: "Private, on A",
      visibility: "private",
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await guest(b, "/blog")).nonce).toBe(before.nonce);
  });

  it("shows B's guests the application name set through A", async () => {
    await onB("/team", (page) => page.body.includes("· Cahier</title>"));
    // B reads the settings again on A's message (nothing polls, ADR 057), two changes in a row.
    for (const name of ["Carnet", "Cahier bis"]) {
      await call("PATCH", "/api/settings", { meta: { appName: name } }, rootToken);
      await until(
        async () => (await guest(b, "/team")).body.includes(`· ${name}</title>`),
        `B's name ${name}`,
        1500,
      );
    }
  });

  it("shows B's guests a post scheduled through A when its time comes", async () => {
    const due = Date.now() + 3000;
    await call("POST", "/api/collections/posts/records", {
      author: writer.id,
      title: "Scheduled on A",
      content: "By the clock.",
      status: "published",
      publishedAt: new Date(due).toISOString(),
    });
    // B keeps its blog without the post until then…
    await new Promise((resolve) => setTimeout(resolve, 300));
    const early = await guest(b, "/blog");
    expect(early.body).not.toContain("Scheduled on A");
    expect((await guest(b, "/blog")).nonce).toBe(early.nonce);
    // …and shows it as soon as it is due.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now()) + 50));
    expect((await guest(b, "/blog")).body).toContain("Scheduled on A");
  });
});
