/**
 * Recurring jobs (ADR 060): work due every so often (pruning logs, old jobs) is stored as
 * ordinary jobs, one per period. Periods are counted from the epoch, and the job of each
 * period is enqueued under a key naming the kind and the period, so every instance may
 * enqueue it and one job is made; a period missed while no instance ran is not made up.
 */
import type { JobQueue } from "./job-queue.ts";

/** A kind of job to run every `everyMs` milliseconds. */
interface Recurring {
  kind: string;
  everyMs: number;
  /** The last period whose job this process made sure of. */
  ensured: number;
}

/** The recurring jobs of one queue. */
export class RecurringJobs {
  private readonly all: Recurring[] = [];
  private active = false;

  private readonly queue: Pick<JobQueue, "enqueue">;
  private readonly now: () => number;

  constructor(queue: Pick<JobQueue, "enqueue">, now: () => number) {
    this.queue = queue;
    this.now = now;
  }

  /** Runs jobs of `kind` (defined on the queue) once every `everyMs`. */
  every(kind: string, everyMs: number): void {
    if (!(everyMs > 0)) throw new Error(`A recurring job needs a period above 0 (${kind})`);
    if (this.all.some((job) => job.kind === kind))
      throw new Error(`The recurring job "${kind}" is declared twice`);
    this.all.push({ kind, everyMs, ensured: -1 });
  }

  start(): void {
    this.active = true;
  }

  stop(): void {
    this.active = false;
  }

  /** Makes sure each recurring kind's next period has its job. */
  async ensure(): Promise<void> {
    if (!this.active) return;
    const now = this.now();
    for (const job of this.all) {
      const next = Math.floor(now / job.everyMs) + 1;
      if (next <= job.ensured) continue;
      const at = next * job.everyMs;
      await this.queue.enqueue(
        job.kind,
        { period: new Date(at).toISOString() },
        { key: `every:${job.kind}:${at}`, runAt: new Date(at) },
      );
      job.ensured = next;
    }
  }
}
