/**
 * The job queue across processes (ADR 060): workers that share one database share its jobs
 * with none run twice and none lost (PostgreSQL, where several instances share a database);
 * a worker killed with SIGKILL mid-job leaves a job that runs again, once; a worker stopped
 * with SIGTERM hands its unfinished job back.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JobQueue } from "#server/core/jobs/job-queue.ts";
import { countJobs, findJob } from "#server/data/repositories/job-repository.ts";
import { killOnExit, waitForExit } from "#tests/helpers/child-process.ts";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { ROOT_DIR } from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const WORKER_SCRIPT = path.join(import.meta.dirname, "job-worker.ts");
const NODE = path.join(ROOT_DIR, "node_modules", ".bin", "node");

/** Jobs shared by two workers. */
const SHARED_JOBS = 1_000;

interface Run {
  job: string;
  worker: string;
  attempt: number;
}

/** Resolves when `condition` holds, checking every few milliseconds. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.each(DIALECTS)("job queue across processes (%s)", (dialect) => {
  let fresh: FreshDatabase;
  /** A queue in this process, to enqueue the workers' kinds (it runs none). */
  let producer: JobQueue;
  const workers: ChildProcess[] = [];

  /** Starts a worker process on the fresh database; resolves once it runs. */
  async function startWorker(
    name: string,
    env: Record<string, string> = {},
  ): Promise<ChildProcess> {
    const child = spawn(NODE, [WORKER_SCRIPT], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        WORKER: name,
        DATA_DIR: fresh.dataDir,
        // The fresh database's URL, or none on SQLite: CI sets one for the PostgreSQL pass.
        DATABASE_URL: fresh.databaseUrl ?? "",
        ...env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    killOnExit(child);
    workers.push(child);
    const lines = createInterface({ input: child.stdout });
    await new Promise<void>((resolve, reject) => {
      lines.on("line", (line) => {
        if (line === "ready") resolve();
      });
      child.once("exit", (code) => {
        reject(new Error(`worker ${name} exited (${String(code)})`));
      });
    });
    return child;
  }

  async function runs(): Promise<Run[]> {
    const result =
      await sql<Run>`SELECT "job", "worker", "attempt" FROM "_test_job_runs" ORDER BY "attempt"`.execute(
        fresh.database.kysely,
      );
    // PostgreSQL's driver and SQLite's both read INTEGER as a number.
    return result.rows;
  }

  beforeEach(async () => {
    fresh = await openFreshDatabase(dialect);
    await sql`CREATE TABLE "_test_job_runs" ("job" TEXT NOT NULL, "worker" TEXT NOT NULL, "attempt" INTEGER NOT NULL)`.execute(
      fresh.database.kysely,
    );
    producer = new JobQueue(fresh.database);
    for (const kind of ["count", "hang-first", "until-stopped"])
      producer.define({ kind, run: () => Promise.reject(new Error("not run here")) });
  });

  afterEach(async () => {
    for (const child of workers.splice(0)) {
      child.kill("SIGKILL");
      await waitForExit(child);
    }
    await fresh.close();
  });

  it.runIf(dialect === "postgres")(
    "shares 1,000 jobs between two processes, none run twice and none lost",
    async () => {
      for (let n = 0; n < SHARED_JOBS; n++) await producer.enqueue("count", { n });
      await Promise.all([startWorker("a"), startWorker("b")]);
      await until(async () => (await countJobs(fresh.database.kysely)).done === SHARED_JOBS);
      const all = await runs();
      expect(all).toHaveLength(SHARED_JOBS);
      expect(new Set(all.map((run) => run.job)).size).toBe(SHARED_JOBS);
      // Both took part (each claims a few at a time while the other waits on its lock).
      expect(new Set(all.map((run) => run.worker))).toEqual(new Set(["a", "b"]));
      expect(await countJobs(fresh.database.kysely)).toEqual({
        queued: 0,
        running: 0,
        done: SHARED_JOBS,
        failed: 0,
      });
    },
    120_000,
  );

  it("runs again, once, a job whose process was killed mid-job", async () => {
    const { id } = await producer.enqueue("hang-first", {});
    const victim = await startWorker("victim", { LEASE_MS: "1000" });
    await until(async () => (await runs()).length === 1);
    victim.kill("SIGKILL");
    await waitForExit(victim);
    expect(await findJob(fresh.database.kysely, id)).toMatchObject({
      state: "running",
      leasedBy: "victim",
    });
    await startWorker("heir", { LEASE_MS: "1000" });
    await until(async () => (await findJob(fresh.database.kysely, id))?.state === "done");
    expect(await runs()).toEqual([
      { job: id, worker: "victim", attempt: 1 },
      { job: id, worker: "heir", attempt: 2 },
    ]);
  });

  it("hands back the job it runs when stopped, and another process finishes it", async () => {
    const { id } = await producer.enqueue("until-stopped", {});
    const stopping = await startWorker("stopping", { GRACE_MS: "100" });
    await until(async () => (await runs()).length === 1);
    stopping.kill("SIGTERM");
    expect(await waitForExit(stopping)).toEqual({ code: 0, signal: null });
    expect(await findJob(fresh.database.kysely, id)).toMatchObject({
      state: "queued",
      attempts: 0,
      leasedBy: null,
    });
    // The next process runs it from the start, as its first attempt.
    await startWorker("next", { GRACE_MS: "100" });
    await until(async () => (await runs()).length === 2);
    const all = (await runs()).map((run) => [run.worker, run.attempt]);
    expect(all.sort()).toEqual([
      ["next", 1],
      ["stopping", 1],
    ]);
  });
});
