/**
 * A small machine (issue 30): the server, started as `npm start` starts it but with V8's old
 * generation capped at 96 MB (`--max-old-space-size=96`), serves every kind of page once —
 * the guest pages with the demo content of `cahier seed`, a writer's and a superuser's pages —
 * without running out of memory: every page answers, and the process is still serving after.
 */
import { afterAll, describe, expect, it } from "vitest";
import { demoWriterOf, guestPageKinds, writerPageKinds } from "#tests/helpers/page-kinds.ts";
import {
  runCli,
  startServer,
  upsertSuperuserCli,
  type ServerProcess,
} from "#tests/helpers/server-process.ts";

describe("a server with a 96 MB heap", () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.cleanup();
  });

  /** The `pb_auth` cookie of an account signed in with its password. */
  const signedIn = async (collection: string, identity: string, password: string) => {
    const res = await fetch(
      `${server?.url ?? ""}/api/collections/${collection}/auth-with-password`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ identity, password }),
      },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return `pb_auth=${encodeURIComponent(JSON.stringify(await res.json()))}`;
  };

  it("serves every kind of page once and keeps serving", async () => {
    server = await startServer("sqlite", { NODE_OPTIONS: "--max-old-space-size=96" });
    const seeded = await runCli(server.env, ["seed", "--demo-accounts"]);
    expect(seeded.code, seeded.stderr).toBe(0);
    const writer = demoWriterOf(seeded.stdout);
    await upsertSuperuserCli(server, "root@example.com", "root-password-123");
    const page = async (path: string, cookie = "") => {
      const res = await fetch(`${server?.url ?? ""}${path}`, {
        headers: { accept: "text/html", "accept-encoding": "br, gzip", cookie },
        redirect: "manual",
      });
      await res.arrayBuffer();
      return res.status;
    };

    const blog = await (await fetch(`${server.url}/blog`)).text();
    const post = /href="(\/post\/[^"]+)"/.exec(blog)?.[1] ?? "/no-post";
    const guest = guestPageKinds(post);
    for (const path of guest) expect(await page(path), path).toBe(200);
    expect(await page("/no/such/page")).toBe(404);

    expect(writer, seeded.stdout).not.toBeNull();
    const asWriter = await signedIn("users", writer?.email ?? "", writer?.password ?? "");
    for (const path of writerPageKinds(post))
      expect(await page(path, asWriter), `${path} (writer)`).toBe(200);

    const asRoot = await signedIn("_superusers", "root@example.com", "root-password-123");
    for (const path of [
      "/admin",
      "/admin/users",
      "/admin/settings",
      "/admin/logs",
      "/admin/jobs",
      "/admin/backups",
      "/i",
    ])
      expect(await page(path, asRoot), `${path} (superuser)`).toBe(200);

    // Still the same process, still serving.
    expect(server.child?.exitCode).toBeNull();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
