/**
 * The query string of `/admin/jobs`: the state shown (`?state=`, one of the API's states, or
 * every job without it) and the page. Unknown or malformed values are ignored, so the API
 * never sees a value it refuses.
 */
import { JOB_STATES, type JobState } from "../../api/system/jobs.ts";

/** What the jobs page shows. */
export interface JobQuery {
  /** The one state shown, or `null` for every job. */
  state: JobState | null;
  page: number;
}

/** The state filter's choices, in the order the page offers them: every job, then failed first. */
export const JOB_FILTERS = ["all", "failed", "queued", "running", "done"] as const;

/** One choice of the state filter. */
export type JobFilter = (typeof JOB_FILTERS)[number];

function isState(value: string | null): value is JobState {
  return value !== null && (JOB_STATES as readonly string[]).includes(value);
}

/** Reads the page's query string. */
export function parseJobQuery(params: URLSearchParams): JobQuery {
  const state = params.get("state");
  const page = Number(params.get("page"));
  return {
    state: isState(state) ? state : null,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string of a filter choice (its first page): `?state=failed`, `""` for all. */
export function jobFilterSearch(filter: JobFilter): string {
  return filter === "all" ? "" : `?${new URLSearchParams({ state: filter }).toString()}`;
}
