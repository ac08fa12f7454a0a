/**
 * What superusers see of the job queue and do with it (ADR 060): counts by state, a page of
 * jobs (failed ones with their error), and retrying or discarding a failed job.
 */
import type { Database } from "../../data/db.ts";
import {
  countJobs,
  deleteFailedJob,
  findJob,
  JOB_STATES,
  listJobs,
  requeueFailedJob,
  type JobRow,
  type JobState,
} from "../../data/repositories/job-repository.ts";
import type { JobPage, JobView } from "#shared/jobs/job-wire.ts";
import { badRequest, fieldError, notFound } from "../errors.ts";
import { formatDate } from "../records/values.ts";

export type { JobPage, JobView } from "#shared/jobs/job-wire.ts";

const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 500;

function present(row: JobRow): JobView {
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = row.payload;
  }
  return {
    id: row.id,
    kind: row.kind,
    payload,
    key: row.key ?? "",
    state: row.state,
    runAt: row.runAt,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    created: row.created,
    updated: row.updated,
  };
}

/** A positive whole number from a query value, or a 400 naming the parameter. */
function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw badRequest("Something went wrong while processing your request.", {
      [name]: fieldError("validation_invalid_number", "Must be a whole number of at least 1."),
    });
  return n;
}

function isState(value: string): value is JobState {
  return (JOB_STATES as readonly string[]).includes(value);
}

/** The queue as superusers manage it. */
export class JobAdmin {
  private readonly db: Database;
  private readonly now: () => number;

  constructor(db: Database, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  /** A page of jobs (`state` filters; `page` and `perPage` as in records lists). */
  async list(query: { state?: string; page?: string; perPage?: string }): Promise<JobPage> {
    const state = query.state ?? "";
    if (state !== "" && !isState(state))
      throw badRequest("Something went wrong while processing your request.", {
        state: fieldError("validation_invalid_value", "Must be one of: {states}.", {
          states: JOB_STATES.join(", "),
        }),
      });
    const page = positive("page", query.page, 1);
    const perPage = Math.min(MAX_PER_PAGE, positive("perPage", query.perPage, DEFAULT_PER_PAGE));
    const [{ rows, total }, counts] = await Promise.all([
      listJobs(this.db.kysely, {
        state: state === "" ? null : state,
        limit: perPage,
        offset: (page - 1) * perPage,
      }),
      countJobs(this.db.kysely),
    ]);
    return {
      page,
      perPage,
      totalItems: total,
      totalPages: Math.ceil(total / perPage),
      items: rows.map(present),
      counts,
    };
  }

  /** One job; 404 when there is none. */
  async view(id: string): Promise<JobView> {
    const row = await findJob(this.db.kysely, id);
    if (!row) throw notFound();
    return present(row);
  }

  /** Queues a failed job again, its attempts reset; 404 unknown, 400 when not failed. */
  async retry(id: string): Promise<void> {
    const retried = await requeueFailedJob(this.db.kysely, id, formatDate(new Date(this.now())));
    if (!retried) await this.refuse(id, "Only a failed job can be retried.");
  }

  /** Deletes a failed job; 404 unknown, 400 when not failed. */
  async discard(id: string): Promise<void> {
    const deleted = await deleteFailedJob(this.db.kysely, id);
    if (!deleted) await this.refuse(id, "Only a failed job can be discarded.");
  }

  private async refuse(id: string, message: string): Promise<never> {
    if (!(await findJob(this.db.kysely, id))) throw notFound();
    throw badRequest(message, {
      state: fieldError("validation_job_not_failed", message),
    });
  }
}
