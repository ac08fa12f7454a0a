/**
 * `_jobs`, the durable job queue's table (ADR 060). Every change of a running job is fenced
 * by its lease: it names the process holding the job and the attempt it runs, so a process
 * whose lease ran out (and whose job another process took) changes nothing.
 */
import { sql, type Kysely } from "kysely";
import type { DataDialect } from "../dialects/data-dialect.ts";
import type { AnyDB } from "../db.ts";

import type { JobState } from "#shared/jobs/job-wire.ts";

export { JOB_STATES, type JobState } from "#shared/jobs/job-wire.ts";

/** A stored job. Times are PocketBase dates (`YYYY-MM-DD HH:MM:SS.sssZ`), which sort as text. */
export interface JobRow {
  id: string;
  kind: string;
  payload: string;
  key: string | null;
  state: JobState;
  runAt: string;
  attempts: number;
  maxAttempts: number;
  lastError: string;
  /** What the running job last reported of its progress (JSON), `''` when nothing. */
  progress: string;
  /** What the job answered when it finished (JSON), `''` when nothing. */
  result: string;
  leasedBy: string | null;
  leaseUntil: string | null;
  created: string;
  updated: string;
}

/** A job to store. */
export type NewJobRow = Pick<
  JobRow,
  "id" | "kind" | "payload" | "key" | "runAt" | "maxAttempts" | "created"
>;

/** The lease a claimed job runs under: which process, which attempt. */
export interface JobLease {
  id: string;
  owner: string;
  attempt: number;
}

/** Numbers from PostgreSQL's `count(*)` (a bigint, read as a string) or SQLite. */
function toNumber(value: unknown): number {
  return typeof value === "number" ? value : Number(value);
}

function readRow(row: Record<string, unknown>): JobRow {
  return {
    ...(row as unknown as JobRow),
    attempts: toNumber(row.attempts),
    maxAttempts: toNumber(row.maxAttempts),
  };
}

/**
 * Stores a job, or finds the one already stored under its key. Answers the job's id and
 * whether this call made it.
 */
export async function insertJob(
  db: Kysely<AnyDB>,
  job: NewJobRow,
): Promise<{ id: string; created: boolean }> {
  const inserted = await sql<{ id: string }>`
    INSERT INTO "_jobs" ("id", "kind", "payload", "key", "state", "runAt", "attempts", "maxAttempts", "lastError", "created", "updated")
    VALUES (${job.id}, ${job.kind}, ${job.payload}, ${job.key}, 'queued', ${job.runAt}, 0, ${job.maxAttempts}, '', ${job.created}, ${job.created})
    ON CONFLICT ("key") DO NOTHING
    RETURNING "id"`.execute(db);
  const id = inserted.rows[0]?.id;
  if (id !== undefined) return { id, created: true };
  const existing = await sql<{
    id: string;
  }>`SELECT "id" FROM "_jobs" WHERE "key" = ${job.key}`.execute(db);
  return { id: existing.rows[0]?.id ?? job.id, created: false };
}

/**
 * Takes up to `limit` jobs of the given kinds that are due (queued, run-at passed) or whose
 * lease ran out with attempts left, oldest first, for `owner` until `leaseUntil`; each taken
 * job counts one more attempt. Jobs whose lease ran out with no attempt left are failed on
 * the way. Must run in a transaction: on PostgreSQL the candidates are locked with `FOR
 * UPDATE SKIP LOCKED`, so processes claiming at once never take the same job; SQLite
 * serialises writers anyway.
 */
export async function claimJobs(
  trx: Kysely<AnyDB>,
  dialect: DataDialect,
  claim: {
    kinds: readonly string[];
    owner: string;
    now: string;
    leaseUntil: string;
    limit: number;
  },
): Promise<JobRow[]> {
  if (claim.kinds.length === 0 || claim.limit <= 0) return [];
  const kinds = sql.join(claim.kinds.map((kind) => sql`${kind}`));
  await sql`UPDATE "_jobs" SET "state" = 'failed', "leasedBy" = NULL, "leaseUntil" = NULL,
      "lastError" = 'The process running it stopped before it finished, on its last attempt.',
      "updated" = ${claim.now}
    WHERE "state" = 'running' AND "leaseUntil" < ${claim.now} AND "attempts" >= "maxAttempts"
      AND "kind" IN (${kinds})`.execute(trx);
  const skipLocked = dialect.rowLocks ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const claimed = await sql<Record<string, unknown>>`
    UPDATE "_jobs" SET "state" = 'running', "attempts" = "attempts" + 1,
      "leasedBy" = ${claim.owner}, "leaseUntil" = ${claim.leaseUntil}, "updated" = ${claim.now}
    WHERE "id" IN (
      SELECT "id" FROM "_jobs"
      WHERE "kind" IN (${kinds}) AND (
        ("state" = 'queued' AND "runAt" <= ${claim.now})
        OR ("state" = 'running' AND "leaseUntil" < ${claim.now} AND "attempts" < "maxAttempts"))
      ORDER BY "runAt", "id" LIMIT ${claim.limit} ${skipLocked})
    RETURNING *`.execute(trx);
  return claimed.rows.map(readRow).sort((a, b) => a.runAt.localeCompare(b.runAt));
}

/** The condition that a job is still held under `lease`. */
function held(lease: JobLease) {
  return sql`"id" = ${lease.id} AND "state" = 'running' AND "leasedBy" = ${lease.owner} AND "attempts" = ${lease.attempt}`;
}

async function changed(db: Kysely<AnyDB>, query: ReturnType<typeof sql>): Promise<boolean> {
  const result = await query.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Extends a held lease; false when the job is no longer held (its lease ran out and was taken). */
export function renewLease(
  db: Kysely<AnyDB>,
  lease: JobLease,
  leaseUntil: string,
): Promise<boolean> {
  return changed(db, sql`UPDATE "_jobs" SET "leaseUntil" = ${leaseUntil} WHERE ${held(lease)}`);
}

/** Records a held job's progress (JSON); false when the job is no longer held. */
export function reportJobProgress(
  db: Kysely<AnyDB>,
  lease: JobLease,
  change: { progress: string; now: string },
): Promise<boolean> {
  return changed(
    db,
    sql`UPDATE "_jobs" SET "progress" = ${change.progress}, "updated" = ${change.now} WHERE ${held(lease)}`,
  );
}

/** Marks a held job done, with what it answered (JSON, `''` for nothing). */
export function completeJob(
  db: Kysely<AnyDB>,
  lease: JobLease,
  change: { result: string; now: string },
): Promise<boolean> {
  return changed(
    db,
    sql`UPDATE "_jobs" SET "state" = 'done', "result" = ${change.result}, "leasedBy" = NULL, "leaseUntil" = NULL, "lastError" = '', "updated" = ${change.now} WHERE ${held(lease)}`,
  );
}

/** Puts a held job whose attempt failed back in the queue, to run at `runAt`. */
export function retryJobLater(
  db: Kysely<AnyDB>,
  lease: JobLease,
  change: { runAt: string; error: string; now: string },
): Promise<boolean> {
  return changed(
    db,
    sql`UPDATE "_jobs" SET "state" = 'queued', "runAt" = ${change.runAt}, "lastError" = ${change.error},
      "leasedBy" = NULL, "leaseUntil" = NULL, "updated" = ${change.now} WHERE ${held(lease)}`,
  );
}

/** Marks a held job failed for good, with the error of its last attempt. */
export function failJob(
  db: Kysely<AnyDB>,
  lease: JobLease,
  change: { error: string; now: string },
): Promise<boolean> {
  return changed(
    db,
    sql`UPDATE "_jobs" SET "state" = 'failed', "lastError" = ${change.error},
      "leasedBy" = NULL, "leaseUntil" = NULL, "updated" = ${change.now} WHERE ${held(lease)}`,
  );
}

/**
 * Hands a held job back unfinished (its process is stopping): queued again, due now, and
 * the attempt it was on not counted.
 */
export function handBackJob(db: Kysely<AnyDB>, lease: JobLease, now: string): Promise<boolean> {
  return changed(
    db,
    sql`UPDATE "_jobs" SET "state" = 'queued', "attempts" = "attempts" - 1, "runAt" = ${now},
      "leasedBy" = NULL, "leaseUntil" = NULL, "updated" = ${now} WHERE ${held(lease)}`,
  );
}

/** How many jobs are in each state. */
export async function countJobs(db: Kysely<AnyDB>): Promise<Record<JobState, number>> {
  const result = await sql<{
    state: JobState;
    n: unknown;
  }>`SELECT "state", count(*) AS "n" FROM "_jobs" GROUP BY "state"`.execute(db);
  const counts: Record<JobState, number> = { queued: 0, running: 0, done: 0, failed: 0 };
  for (const row of result.rows) counts[row.state] = toNumber(row.n);
  return counts;
}

/** One page of the jobs in a state (all states when null), the latest change first. */
export async function listJobs(
  db: Kysely<AnyDB>,
  query: { state: JobState | null; limit: number; offset: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const where = query.state === null ? sql`` : sql`WHERE "state" = ${query.state}`;
  const rows = await sql<Record<string, unknown>>`
    SELECT * FROM "_jobs" ${where} ORDER BY "updated" DESC, "id" DESC
    LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db);
  const total = await sql<{ n: unknown }>`SELECT count(*) AS "n" FROM "_jobs" ${where}`.execute(db);
  return { rows: rows.rows.map(readRow), total: toNumber(total.rows[0]?.n ?? 0) };
}

/** Whether a job whose key starts with `keyPrefix` is queued or running. */
export async function hasActiveJob(db: Kysely<AnyDB>, keyPrefix: string): Promise<boolean> {
  const pattern = `${keyPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await sql<{ id: string }>`
    SELECT "id" FROM "_jobs" WHERE "state" IN ('queued', 'running')
      AND "key" LIKE ${pattern} ESCAPE '\\' LIMIT 1`.execute(db);
  return result.rows.length > 0;
}

/** One job, if it exists. */
export async function findJob(db: Kysely<AnyDB>, id: string): Promise<JobRow | undefined> {
  const result = await sql<
    Record<string, unknown>
  >`SELECT * FROM "_jobs" WHERE "id" = ${id}`.execute(db);
  const row = result.rows[0];
  return row ? readRow(row) : undefined;
}

/** Queues a failed job again, its attempts reset; false unless it was failed. */
export function requeueFailedJob(db: Kysely<AnyDB>, id: string, now: string): Promise<boolean> {
  return changed(
    db,
    sql`UPDATE "_jobs" SET "state" = 'queued', "attempts" = 0, "runAt" = ${now}, "updated" = ${now}
      WHERE "id" = ${id} AND "state" = 'failed'`,
  );
}

/** Deletes a failed job; false unless it was failed. */
export function deleteFailedJob(db: Kysely<AnyDB>, id: string): Promise<boolean> {
  return changed(db, sql`DELETE FROM "_jobs" WHERE "id" = ${id} AND "state" = 'failed'`);
}

/** Deletes jobs in `state` last changed before `before`; answers how many. */
export async function pruneJobs(
  db: Kysely<AnyDB>,
  state: "done" | "failed",
  before: string,
): Promise<number> {
  const result =
    await sql`DELETE FROM "_jobs" WHERE "state" = ${state} AND "updated" < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
