/**
 * A process running the job queue on a database named by its environment, for the tests of
 * the queue across processes (`job-queue-processes.test.ts`). Every run of a job is written
 * to `_test_job_runs` (job, worker, attempt) before the job does anything else.
 *
 * Kinds: `count` (records its run and returns), `hang-first` (hangs on its first attempt,
 * as a process killed mid-job would; returns on the next), `until-stopped` (runs until the
 * queue hands it back). Prints `ready` once started; SIGTERM closes the queue, then exits.
 *
 * Environment: `DATABASE_URL` or `DATA_DIR`, `WORKER` (its name), `LEASE_MS`, `GRACE_MS`.
 */
import { sql } from "kysely";
import { JobQueue } from "#server/core/jobs/job-queue.ts";
import { openDatabase } from "#server/data/db.ts";

const worker = process.env.WORKER ?? "worker";
const db = openDatabase({
  dataDir: process.env.DATA_DIR ?? "",
  databaseUrl: process.env.DATABASE_URL || undefined,
});
const queue = new JobQueue(db, {
  owner: worker,
  concurrency: 4,
  pollMs: 20,
  leaseMs: Number(process.env.LEASE_MS ?? 60_000),
  graceMs: Number(process.env.GRACE_MS ?? 5_000),
  log: (level, message, data) => {
    const cause = data.err instanceof Error ? data.err.message : JSON.stringify(data.error ?? "");
    process.stderr.write(`${worker} ${level}: ${message} ${cause}\n`);
  },
});

async function recordRun(job: string, attempt: number): Promise<void> {
  await sql`INSERT INTO "_test_job_runs" ("job", "worker", "attempt") VALUES (${job}, ${worker}, ${attempt})`.execute(
    db.kysely,
  );
}

queue.define({ kind: "count", run: (_payload, { id, attempt }) => recordRun(id, attempt) });
queue.define({
  kind: "hang-first",
  run: async (_payload, { id, attempt }) => {
    await recordRun(id, attempt);
    if (attempt === 1) await new Promise<void>(() => undefined);
  },
});
queue.define({
  kind: "until-stopped",
  run: async (_payload, { id, attempt, signal }) => {
    await recordRun(id, attempt);
    await new Promise<void>((resolve) => {
      signal.addEventListener("abort", () => {
        resolve();
      });
    });
  },
});

// The queue's timers keep no process alive (a server's sockets do): this one does.
const keepAlive = setInterval(() => undefined, 60_000);
process.once("SIGTERM", () => {
  clearInterval(keepAlive);
  void queue.close().then(async () => {
    await db.close();
    process.exit(0);
  });
});
queue.start();
process.stdout.write("ready\n");
