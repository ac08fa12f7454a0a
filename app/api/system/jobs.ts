/**
 * The job queue (`/api/jobs`, superusers only, ADR 060): a page of jobs with the counts of
 * every state, and retrying or discarding a failed job. Wire shapes as the server sends them
 * (`server/core/jobs/job-admin.ts`).
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

/** The states of a job, in the order the API counts them. */
export const JOB_STATES = ["queued", "running", "failed", "done"] as const;

/** One state of a job. */
export type JobState = (typeof JOB_STATES)[number];

/** One job (`GET /api/jobs`). */
export interface Job {
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

/** A page of jobs, with the counts of every state (whatever the filter). */
export interface JobPage {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: Job[];
  counts: Record<JobState, number>;
}

/** A page of jobs, last changed first; `state` keeps only the jobs in that state. */
export function listJobs(
  api: ApiClient,
  query: { state: JobState | null; page: number; perPage: number },
): Promise<JobPage> {
  const { state, page, perPage } = query;
  return sdk(api).send<JobPage>("/api/jobs", {
    method: "GET",
    query: state ? { state, page, perPage } : { page, perPage },
  });
}

/** Queues failed job `id` again, its attempts reset (the API's 400 when it is not failed). */
export async function retryJob(api: ApiClient, id: string): Promise<void> {
  await sdk(api).send(`/api/jobs/${encodeURIComponent(id)}/retry`, { method: "POST" });
}

/** Deletes failed job `id` (the API's 400 when it is not failed). */
export async function discardJob(api: ApiClient, id: string): Promise<void> {
  await sdk(api).send(`/api/jobs/${encodeURIComponent(id)}`, { method: "DELETE" });
}
