/**
 * Imports as jobs (issue 23 finding 2, ADR 064): `Prefer: respond-async` answers 202 with
 * the import to follow at `GET /api/imports/{id}` (its state, its progress, then the report
 * or the error the synchronous answer would have been), only its owner and the session that
 * started it may follow it, one import per account at a time, and an import stopped midway
 * (the server stopping) runs again from its upload and creates nothing twice.
 */
import { strToU8, zipSync, type Zippable } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportRun } from "#shared/records/import-run.ts";
import { ImportRuns } from "#server/core/data-import/import-runs.ts";
import { JobQueue } from "#server/core/jobs/job-queue.ts";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import type { RequestInfo } from "#server/core/records/request-info.ts";
import { importArchive, type Account } from "#tests/helpers/data-kit.ts";
import { notAZip } from "#tests/helpers/import-archives.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const ASYNC = { prefer: "respond-async" };
const users = requireCollection("users");

function notesZip(count: number): Uint8Array {
  const files: Zippable = {};
  for (let n = 0; n < count; n++)
    files[`notes/${String(n).padStart(4, "0")}.md`] = strToU8(`# Note ${n}\n\nText ${n}.\n`);
  return zipSync(files, { level: 0 });
}

describe.each(DIALECTS)("imports followed as jobs (%s)", (dialect) => {
  let app: TestApp;
  let alice: Account;
  let bob: Account;
  let root: Account;

  async function follow(id: string, token: string | undefined) {
    const res = await app.http.inject({
      method: "GET",
      url: `/api/imports/${id}`,
      headers: token ? { authorization: token } : {},
    });
    return { status: res.statusCode, run: res.json<ImportRun>() };
  }

  /** Follows an import until it is done or failed. */
  async function finished(id: string, token: string): Promise<ImportRun> {
    for (;;) {
      const { status, run } = await follow(id, token);
      expect(status).toBe(200);
      if (run.state === "done" || run.state === "failed") return run;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function entriesOf(account: Account): Promise<number> {
    const row = await app.db.kysely
      .selectFrom("entries")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("author", "=", String(account.record.id))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** What a request of `account` brings to the rules. */
  async function sessionOf(account: Account): Promise<RequestInfo> {
    const record = await app.records.findById(users, String(account.record.id));
    if (!record) throw new Error("no such account");
    return {
      auth: { collection: users, record, isSuperuser: false },
      method: "POST",
      context: "default",
      headers: {},
      query: {},
      body: undefined,
    };
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "alice" });
    bob = await app.createUser({ username: "bob" });
    root = await app.createSuperuser();
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers 202 with the import, followed to the same report the request would wait for", async () => {
    const started = await importArchive(app, alice.token, {
      format: "markdown",
      file: notesZip(30),
      headers: ASYNC,
    });
    expect(started.status).toBe(202);
    const id = started.json.id ?? "";
    expect(started.headers.location).toBe(`/api/imports/${id}`);
    expect(started.headers["preference-applied"]).toBe("respond-async");
    expect(started.json).toMatchObject({ format: "markdown", dryRun: false, report: null });
    expect(["queued", "running"]).toContain(started.json.state);

    const run = await finished(id, alice.token);
    expect(run.state).toBe("done");
    expect(run.error).toBeNull();
    expect(run.report).toEqual({
      imported: { entries: 30, posts: 0, collections: 1, files: 0 },
      skipped: [],
    });
    expect(run.progress).toEqual({ phase: "writing", done: 30, total: 30 });
    expect(await entriesOf(alice)).toBe(30);

    // The same upload again, waited for: the same answer's shape, and nothing twice.
    const again = await importArchive(app, alice.token, { format: "markdown", file: notesZip(30) });
    expect(again.status).toBe(200);
    expect(again.json.imported?.entries).toBe(0);
    expect(await entriesOf(alice)).toBe(30);
  });

  it("keeps a refusal as the import's error, with the codes the synchronous answer has", async () => {
    const started = await importArchive(app, alice.token, {
      format: "markdown",
      file: notAZip(),
      headers: ASYNC,
    });
    expect(started.status).toBe(202);
    const run = await finished(started.json.id ?? "", alice.token);
    expect(run.state).toBe("failed");
    expect(run.report).toBeNull();
    expect(run.error?.status).toBe(400);
    expect(run.error?.data).toMatchObject({ file: { code: "validation_import_not_archive" } });
  });

  it("shows an import to its owner and the superuser who started it, to no one else", async () => {
    const started = await importArchive(app, root.token, {
      format: "markdown",
      file: notesZip(3),
      dryRun: "true",
      query: "?user=bob",
      headers: ASYNC,
    });
    expect(started.status).toBe(202);
    const id = started.json.id ?? "";
    expect((await finished(id, root.token)).dryRun).toBe(true);
    expect((await follow(id, bob.token)).status).toBe(200);
    expect((await follow(id, bob.token)).run.report).toMatchObject({ imported: { entries: 3 } });
    expect((await follow(id, alice.token)).status).toBe(404);
    expect((await follow(id, undefined)).status).toBe(401);
    for (const unknown of ["nope", "00000000-0000-0000-0000-000000000000", "%20"])
      expect((await follow(unknown, alice.token)).status, unknown).toBe(404);
    // Another kind of job is not an import.
    const job = await app.jobs.enqueue("logs.prune", {});
    expect((await follow(job.id, root.token)).status).toBe(404);
    expect(await entriesOf(bob)).toBe(0);
  });

  it("runs one import per account at a time: a second one waits with a 429", async () => {
    const queue = new JobQueue(app.db, { graceMs: 0 });
    const runs = new ImportRuns(queue, app.dataImport, app.records, "busyfolder");
    const workspace = app.dataImport.workspace();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(workspace.upload, notesZip(2));
    const request = await sessionOf(bob);
    const first = await runs.start(request, String(bob.record.id), "markdown", workspace, true);
    expect(first.state).toBe("queued");
    // Not started: the job of this folder waits, and the account has an import queued.
    const second = await importArchive(app, bob.token, { format: "markdown", file: notesZip(2) });
    expect(second.status).toBe(429);
    expect(
      (await importArchive(app, alice.token, { format: "markdown", file: notesZip(1) })).status,
    ).toBe(200);
    queue.start();
    await queue.drain();
    expect((await runs.view(first.id, request)).state).toBe("done");
    await queue.close();
  });

  it("runs an import stopped midway again from its upload, creating nothing twice", async () => {
    const carol = await app.createUser({ username: "carol" });
    const request = await sessionOf(carol);
    const count = 400;
    const stopping = new JobQueue(app.db, { graceMs: 0 });
    const runs = new ImportRuns(stopping, app.dataImport, app.records, "restartfolder");
    const workspace = app.dataImport.workspace();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(workspace.upload, notesZip(count));
    const started = await runs.start(
      request,
      String(carol.record.id),
      "markdown",
      workspace,
      false,
    );
    const firstRun = stopping.settled(started.id);
    // The server stops once the import has written ten entries.
    let created = 0;
    const stop: { closing?: Promise<void> } = {};
    const off = app.records.hooks.on(
      "afterCreateCommit",
      () => {
        created += 1;
        if (created === 10) stop.closing = stopping.close();
      },
      { collections: ["entries"] },
    );
    stopping.start();
    await firstRun;
    off();
    await stop.closing;
    const written = await entriesOf(carol);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(count);
    const handedBack = await runs.view(started.id, request);
    expect(handedBack.state).toBe("queued");
    expect(handedBack.report).toBeNull();

    // The next process on the same data folder takes it up.
    const next = new JobQueue(app.db);
    const resumed = new ImportRuns(next, app.dataImport, app.records, "restartfolder");
    next.start();
    // Until it is done: under load the stopped run's hand-back may land after a first drain.
    let run = await resumed.view(started.id, request);
    for (let turn = 0; turn < 100 && run.state !== "done"; turn += 1) {
      await next.drain();
      run = await resumed.view(started.id, request);
      if (run.state !== "done") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(run.state, JSON.stringify(await next.find(started.id))).toBe("done");
    expect(run.report).toMatchObject({ imported: { entries: count - written } });
    expect(await entriesOf(carol)).toBe(count);
    await next.close();
  });
});
