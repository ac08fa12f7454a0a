/**
 * The durable job queue (ADR 060): the home of all background work. Jobs live in the
 * database (`_jobs`), so they survive a restart and every instance of a scaled-out
 * deployment shares them; a worker loop in each process claims due jobs under a lease,
 * renews the lease while a job runs, and records the outcome. A failed attempt runs again
 * after an exponential backoff until the job's attempts are spent, then the job is `failed`
 * with its last error, for a superuser to retry or discard. A process that dies mid-job
 * (`kill -9`) stops renewing its lease; when it runs out, another claim takes the job again.
 *
 * ```ts
 * queue.define({ kind: "mail.send", run: async (payload, { signal }) => send(payload, signal) });
 * await queue.enqueue("mail.send", { to }, { key: `welcome:${userId}` });
 * ```
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AnyDB, Database } from "../../data/db.ts";
import {
  claimJobs,
  completeJob,
  failJob,
  findJob,
  handBackJob,
  insertJob,
  renewLease,
  reportJobProgress,
  retryJobLater,
  type JobLease,
  type JobRow,
} from "../../data/repositories/job-repository.ts";
import { formatDate } from "../records/values.ts";
import { backoffDelay, type Backoff } from "./backoff.ts";
import { RecurringJobs } from "./recurring-jobs.ts";

/** What a running job is given. */
export interface JobContext {
  /** The job's id. */
  id: string;
  /** Which attempt this is, from 1. */
  attempt: number;
  /** Aborted when the job is handed back (shutdown) or its lease was lost. */
  signal: AbortSignal;
  /**
   * Records how far the job got (any JSON value), for whoever follows it: at most one write
   * a second, the last value always kept for the next one.
   */
  progress(value: unknown): void;
}

/** A kind of job and how to run it. */
export interface JobDefinition<P = unknown> {
  kind: string;
  /** Runs the job; what it answers (JSON) is kept with the job as its result. */
  run(payload: P, context: JobContext): Promise<unknown>;
  /** Attempts before the job is failed (default {@link DEFAULT_MAX_ATTEMPTS}). */
  maxAttempts?: number;
  /** Delay before each retry (default {@link DEFAULT_BACKOFF}). */
  backoff?: Backoff;
}

/** Options of `enqueue`. */
export interface EnqueueOptions {
  /** An idempotency key: enqueueing a key that is stored already makes no second job. */
  key?: string;
  /** When the job may run (default: now). */
  runAt?: Date;
  /** Attempts before the job is failed (default: its definition's). */
  maxAttempts?: number;
  /** The transaction to store the job in (so it exists only if the transaction commits). */
  db?: Kysely<AnyDB>;
}

/** How the queue runs. Times are milliseconds. */
export interface JobQueueOptions {
  /** This process's name in leases (default: a random id). */
  owner?: string;
  /** Jobs run at once by this process (default 2). */
  concurrency?: number;
  /** How often idle workers look for due jobs (default 1 s). */
  pollMs?: number;
  /** How long a claim holds a job without renewal (default 60 s). */
  leaseMs?: number;
  /** How often a running job's lease is renewed (default a third of `leaseMs`). */
  renewEveryMs?: number;
  /** How long `close` waits for running jobs before handing them back (default 5 s). */
  graceMs?: number;
  /** The clock (tests). */
  now?: () => number;
  /** Where failures of the loop itself and of jobs are reported. */
  log?: (level: "warn" | "error", message: string, data: Record<string, unknown>) => void;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BACKOFF: Backoff = { baseMs: 10_000, maxMs: 60 * 60_000 };
/** The longest error text kept with a job. */
const MAX_ERROR_LENGTH = 2_000;
/** The least time between two progress writes of a job. */
const PROGRESS_EVERY_MS = 1_000;

/** A job this process is running. */
interface Running {
  lease: JobLease;
  controller: AbortController;
  done: Promise<void>;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/** The durable job queue of one process. */
export class JobQueue {
  readonly owner: string;
  readonly recurring: RecurringJobs;
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private readonly running = new Map<string, Running>();
  private readonly watchers = new Map<string, (() => void)[]>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly graceMs: number;
  private readonly renewEveryMs: number;
  private readonly now: () => number;
  private readonly log: NonNullable<JobQueueOptions["log"]>;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  private closing = false;
  private ticking: Promise<void> | null = null;
  private tickAgain = false;

  private readonly db: Database;

  constructor(db: Database, options: JobQueueOptions = {}) {
    this.db = db;
    this.owner = options.owner ?? randomUUID();
    this.concurrency = options.concurrency ?? 2;
    this.pollMs = options.pollMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.graceMs = options.graceMs ?? 5_000;
    this.renewEveryMs = options.renewEveryMs ?? this.leaseMs / 3;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => undefined);
    this.recurring = new RecurringJobs(this, this.now);
  }

  /** Declares a kind of job this process runs. */
  define<P>(definition: JobDefinition<P>): void {
    if (this.definitions.has(definition.kind))
      throw new Error(`The job kind "${definition.kind}" is defined twice`);
    this.definitions.set(definition.kind, definition);
  }

  /** The kinds this process runs. */
  kinds(): string[] {
    return [...this.definitions.keys()];
  }

  /** Stores a job; with a key stored already, answers that job instead (`created: false`). */
  async enqueue(
    kind: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<{ id: string; created: boolean }> {
    const definition = this.definitions.get(kind);
    if (!definition) throw new Error(`Unknown job kind "${kind}"`);
    const text = JSON.stringify(payload ?? null);
    const now = this.now();
    const runAt = options.runAt?.getTime() ?? now;
    const result = await insertJob(options.db ?? this.db.kysely, {
      id: randomUUID(),
      kind,
      payload: text,
      key: options.key ?? null,
      runAt: formatDate(new Date(runAt)),
      maxAttempts: options.maxAttempts ?? definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      created: formatDate(new Date(now)),
    });
    // Outside a transaction the job is visible now: wake the workers if it is due.
    if (result.created && !options.db && runAt <= now) this.wake();
    return result;
  }

  /** A stored job, if it exists. */
  find(id: string): Promise<JobRow | undefined> {
    return findJob(this.db.kysely, id);
  }

  /**
   * Resolves with the job once this process has finished with it (done, failed, retried
   * later or handed back: read its state); meant for a job this process runs, pinned to it
   * by its kind.
   */
  async settled(id: string): Promise<JobRow | undefined> {
    const waited = new Promise<void>((resolve) => {
      const list = this.watchers.get(id) ?? [];
      list.push(resolve);
      this.watchers.set(id, list);
    });
    // It may have finished before the watcher was set.
    const now = await this.find(id);
    if (!now || now.state === "done" || now.state === "failed") {
      this.notify(id);
      return now;
    }
    await waited;
    return this.find(id);
  }

  private notify(id: string): void {
    const list = this.watchers.get(id);
    this.watchers.delete(id);
    for (const resolve of list ?? []) resolve();
  }

  /** Starts the worker loop (and the recurring jobs). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.recurring.start();
    this.wake();
  }

  /** Looks for due jobs now rather than at the next poll. */
  wake(): void {
    if (!this.started || this.closing) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.tick();
  }

  /**
   * Claims and runs due jobs until none is due, then resolves once they have finished.
   * Tests and the CLI call it instead of waiting for the loop.
   */
  async drain(): Promise<void> {
    for (;;) {
      // The loop may be claiming right now: on PostgreSQL this claim would skip the rows it
      // holds locked and see nothing due, although they are about to run.
      if (this.ticking) await this.ticking;
      const claimed = await this.claim();
      if (claimed === 0 && this.running.size === 0 && !this.ticking) return;
      await Promise.all([...this.running.values()].map((job) => job.done));
    }
  }

  /**
   * Stops claiming, lets running jobs finish for the grace period, then hands the others
   * back to the queue (their signal aborts) so another process, or the next start, runs
   * them at once.
   */
  async close(): Promise<void> {
    this.closing = true;
    this.recurring.stop();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    const all = Promise.all([...this.running.values()].map((job) => job.done));
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<"late">((resolve) => {
      graceTimer = setTimeout(() => {
        resolve("late");
      }, this.graceMs);
    });
    const outcome = await Promise.race([all.then(() => "finished" as const), grace]);
    clearTimeout(graceTimer);
    if (outcome === "finished") return;
    const now = formatDate(new Date(this.now()));
    for (const job of this.running.values()) {
      job.controller.abort(new Error("The server is stopping"));
      try {
        await handBackJob(this.db.kysely, job.lease, now);
      } catch (error) {
        this.log("error", "job queue: could not hand a job back", { err: error, id: job.lease.id });
      }
    }
    this.running.clear();
  }

  /** One pass of the loop: claims what fits, then sleeps until the next poll. */
  private async tick(): Promise<void> {
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = (async () => {
      try {
        await this.recurring.ensure();
        await this.claim();
      } catch (error) {
        this.log("warn", "job queue: looking for due jobs failed", { err: error });
      }
    })();
    await this.ticking;
    this.ticking = null;
    if (this.closing) return;
    if (this.tickAgain) {
      this.tickAgain = false;
      void this.tick();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, this.pollMs);
    this.timer.unref();
  }

  /** Claims as many due jobs as there is room for and starts them; answers how many. */
  private async claim(): Promise<number> {
    const room = this.concurrency - this.running.size;
    const kinds = this.kinds();
    if (room <= 0 || kinds.length === 0 || this.closing) return 0;
    const now = this.now();
    const rows = await this.db.kysely.transaction().execute((trx) =>
      claimJobs(trx, this.db.dialect, {
        kinds,
        owner: this.owner,
        now: formatDate(new Date(now)),
        leaseUntil: formatDate(new Date(now + this.leaseMs)),
        limit: room,
      }),
    );
    for (const row of rows) this.begin(row);
    return rows.length;
  }

  private begin(row: JobRow): void {
    const lease: JobLease = { id: row.id, owner: this.owner, attempt: row.attempts };
    const controller = new AbortController();
    const job: Running = { lease, controller, done: Promise.resolve() };
    job.done = this.execute(row, job).finally(() => {
      if (this.running.get(row.id) === job) this.running.delete(row.id);
      this.notify(row.id);
      if (!this.closing) this.wake();
    });
    this.running.set(row.id, job);
  }

  /** Runs one claimed job and records its outcome (only while its lease is still held). */
  private async execute(row: JobRow, job: Running): Promise<void> {
    const definition = this.definitions.get(row.kind);
    const { lease, controller } = job;
    const renewal = setInterval(() => {
      const until = formatDate(new Date(this.now() + this.leaseMs));
      renewLease(this.db.kysely, lease, until).then(
        (held) => {
          if (!held) controller.abort(new Error("The job's lease was lost"));
        },
        (error: unknown) => {
          this.log("warn", "job queue: renewing a lease failed", { err: error, id: lease.id });
        },
      );
    }, this.renewEveryMs);
    renewal.unref();
    let failure: unknown = null;
    let result: unknown;
    const progress = this.progressReporter(lease);
    try {
      if (!definition) throw new Error(`Unknown job kind "${row.kind}"`);
      const payload = JSON.parse(row.payload) as never;
      result = await definition.run(payload, {
        id: row.id,
        attempt: row.attempts,
        signal: controller.signal,
        progress: progress.report,
      });
    } catch (error) {
      failure = error ?? new Error("The job failed");
    } finally {
      clearInterval(renewal);
      await progress.stop();
    }
    if (controller.signal.aborted) return;
    try {
      await this.settle(row, lease, definition, failure, result);
    } catch (error) {
      // The lease runs out and the job runs again: better twice than never.
      this.log("error", "job queue: recording a job's outcome failed", { err: error, id: row.id });
    }
  }

  /**
   * A job's progress writer: the first report is written at once, later ones at most once
   * per {@link PROGRESS_EVERY_MS} (the last one kept for the next write), one write at a time.
   */
  private progressReporter(lease: JobLease) {
    let pending: string | null = null;
    let writing: Promise<void> = Promise.resolve();
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      if (pending === null) return;
      const progress = pending;
      pending = null;
      last = this.now();
      writing = writing
        .then(() =>
          reportJobProgress(this.db.kysely, lease, {
            progress,
            now: formatDate(new Date(this.now())),
          }),
        )
        .then(
          () => undefined,
          (error: unknown) => {
            this.log("warn", "job queue: recording progress failed", { err: error, id: lease.id });
          },
        );
    };
    return {
      report: (value: unknown) => {
        pending = JSON.stringify(value ?? null);
        if (timer) return;
        const wait = last + PROGRESS_EVERY_MS - this.now();
        if (wait <= 0) flush();
        else timer = setTimeout(flush, wait);
      },
      /** Writes the last report if it waits, then stops. */
      stop: async () => {
        if (timer) clearTimeout(timer);
        flush();
        await writing;
      },
    };
  }

  private async settle(
    row: JobRow,
    lease: JobLease,
    definition: JobDefinition<never> | undefined,
    failure: unknown,
    result: unknown,
  ): Promise<void> {
    const now = this.now();
    const nowText = formatDate(new Date(now));
    if (failure === null) {
      const text = result === undefined ? "" : JSON.stringify(result);
      await completeJob(this.db.kysely, lease, { result: text, now: nowText });
      return;
    }
    const error = errorText(failure);
    if (row.attempts >= row.maxAttempts) {
      await failJob(this.db.kysely, lease, { error, now: nowText });
      this.log("error", "job failed", {
        id: row.id,
        kind: row.kind,
        attempts: row.attempts,
        error,
      });
      return;
    }
    const delay = backoffDelay(definition?.backoff ?? DEFAULT_BACKOFF, row.attempts);
    await retryJobLater(this.db.kysely, lease, {
      runAt: formatDate(new Date(now + delay)),
      error,
      now: nowText,
    });
    this.log("warn", "job attempt failed, will retry", { id: row.id, kind: row.kind, error });
  }
}
