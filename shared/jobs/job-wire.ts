/**
 * The job queue's wire shapes (`/api/jobs`, ADR 060), one definition for the server that
 * answers them and the app that reads them.
 */

/** The states of a job, in the order the admin area shows them. */
export const JOB_STATES = ["queued", "running", "failed", "done"] as const;

/** One state of a job. */
export type JobState = (typeof JOB_STATES)[number];

/** One job, as the API shows it. */
export interface JobView {
  id: string;
  kind: string;
  payload: unknown;
  /** Its idempotency key, `""` when it has none. */
  key: string;
  state: JobState;
  /** When it runs (queued), ran (running, done) or last ran (failed). */
  runAt: string;
  attempts: number;
  maxAttempts: number;
  /** The error of its last failed attempt, `""` when none failed. */
  lastError: string;
  created: string;
  updated: string;
}

/** A page of jobs, as PocketBase's lists, with the counts of every state (whatever the filter). */
export interface JobPage {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: JobView[];
  counts: Record<JobState, number>;
}
