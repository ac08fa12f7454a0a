/**
 * A full or read-only `DATA_DIR` (issue 23 finding 7), on real file systems: a server whose
 * `DATA_DIR` is a small tmpfs, filled to the last byte while it runs, and a server started on a
 * `DATA_DIR` mounted read-only (`tests/helpers/confined-data-dir.ts`: a read-only mount stops
 * root too, where chmod would not). A full disk: uploads, writes and sign-ins that need room
 * answer 507 `Insufficient storage` in PocketBase's shape instead of a generic 500, the health
 * check says the disk is full, and everything works again once there is room, nothing
 * acknowledged lost. A read-only DATA_DIR: the start stops with one line naming DATA_DIR, no
 * stack trace. On PostgreSQL, DATA_DIR holds the uploaded files only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  runWithReadOnlyDataDir,
  startConfinedServer,
  type ConfinedServer,
} from "#tests/helpers/confined-data-dir.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const FULL = {
  data: {},
  message: "Insufficient storage: the server's disk is full.",
  status: 507,
};

/** The most entries written while looking for the one that no longer fits. */
const MAX_FILLING_WRITES = 400;

describe.each(DIALECTS)("a full disk under DATA_DIR (%s)", (dialect) => {
  let server: ConfinedServer;
  let token = "";
  let userId = "";
  const password = "password123";
  const email = "full-disk@example.com";

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: token, ...(init.headers as Record<string, string>) },
    });
  const json = (body: unknown) => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const entry = (title: string, content = "text") =>
    call(
      "/api/collections/entries/records",
      json({ author: userId, title, content, visibility: "private" }),
    );
  const upload = () => {
    const form = new FormData();
    form.set("author", userId);
    form.set("title", "with a file");
    form.set("visibility", "private");
    form.set("attachments", new Blob([Buffer.alloc(64 * 1024, 0x62)]), "notes.txt");
    return call("/api/collections/entries/records", { method: "POST", body: form });
  };
  /** A sign-in from a browser the account has not used: a new device is recorded. */
  const signIn = (browser: string) =>
    fetch(`${server.url}/api/collections/users/auth-with-password`, {
      ...json({ identity: email, password }),
      headers: { "content-type": "application/json", "user-agent": browser },
    });
  const titles = async () => {
    const res = await call("/api/collections/entries/records?perPage=500&fields=title");
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: { title: string }[] }).items.map((i) => i.title);
  };

  beforeAll(async () => {
    server = await startConfinedServer(dialect, { tmpfsBytes: 32 * 1024 * 1024 });
    const created = await fetch(
      `${server.url}/api/collections/users/records`,
      json({ email, username: "fulldisk", password, passwordConfirm: password }),
    );
    expect(created.status).toBe(200);
    const signedIn = await signIn("first browser");
    expect(signedIn.status).toBe(200);
    const auth = (await signedIn.json()) as { token: string; record: { id: string } };
    token = auth.token;
    userId = auth.record.id;
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it("answers 507 to what needs room, says so in the health check, and works again once there is room", async () => {
    expect((await entry("before")).status).toBe(200);
    server.fill();
    const acknowledged = ["before"];
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      const report = (await health.json()) as { code: number; data: Record<string, string> };
      expect(report.code).toBe(503);
      expect(report.data.disk).toBe("full");

      const uploaded = await upload();
      expect(uploaded.status).toBe(507);
      expect(await uploaded.json()).toEqual(FULL);

      if (dialect === "sqlite") {
        // The database's file grows into the full disk: some write soon finds no room.
        let refused: Response | undefined;
        for (let i = 0; i < MAX_FILLING_WRITES && !refused; i++) {
          const res = await entry(`filling ${String(i)}`, "x".repeat(64 * 1024));
          if (res.status === 200) acknowledged.push(`filling ${String(i)}`);
          else refused = res;
        }
        expect(refused?.status).toBe(507);
        expect(await refused?.json()).toEqual(FULL);
        const signedIn = await signIn("second browser");
        expect(signedIn.status).toBe(507);
        expect(await signedIn.json()).toEqual(FULL);
      } else {
        // The database is elsewhere: writes without files go on.
        expect((await entry("text only")).status).toBe(200);
        acknowledged.push("text only");
        expect((await signIn("second browser")).status).toBe(200);
      }
    } finally {
      server.free();
    }

    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await upload()).status).toBe(200);
    expect((await entry("after")).status).toBe(200);
    expect((await signIn("third browser")).status).toBe(200);
    expect((await titles()).sort()).toEqual([...acknowledged, "with a file", "after"].sort());
  });
});

describe.each(DIALECTS)("a read-only DATA_DIR at start (%s)", (dialect) => {
  it("stops the start with one line naming DATA_DIR, without a stack trace", async () => {
    const run = await runWithReadOnlyDataDir(dialect);
    expect(run.status).toEqual({ code: 1, signal: null });
    expect(run.output).toContain(`DATA_DIR (${run.dataDir}) is on a read-only file system`);
    expect(run.output).not.toMatch(/^\s+at /m);
  });
});
