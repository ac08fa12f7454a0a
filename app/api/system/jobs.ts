/**
 * The job queue (`/api/jobs`, superusers only, ADR 060): a page of jobs with the counts of
 * every state, and retrying or discarding a failed job. Wire shapes as the server sends them
 * (`server/core/jobs/job-admin.ts`).
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

import type { JobPage, JobState, JobView } from "#shared/jobs/job-wire.ts";

export { JOB_STATES, type JobPage, type JobState } from "#shared/jobs/job-wire.ts";
/** One job (`GET /api/jobs`). */
export type Job = JobView;

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
