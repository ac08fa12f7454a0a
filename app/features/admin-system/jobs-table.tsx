/**
 * The parts of `/admin/jobs` that show the queue: the counts of every state, which are also
 * the state filter (links, the state in the query string), and the table of jobs. From the
 * `lg` width up the table is a table; below it each job is a card (its cells stacked, each
 * with its column's name shown), so it wraps at 360 px instead of scrolling sideways.
 */
import { Link } from "react-router";
import { useSession } from "../../components/session-provider.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { dangerOutlineButtonClass } from "../../components/ui/settings-section.tsx";
import { JOB_STATES, type Job, type JobPage, type JobState } from "../../api/system/jobs.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { formatLogTime } from "./log-format.ts";
import { JOB_FILTERS, jobFilterSearch, type JobFilter } from "./jobs-query.ts";

/** The colours of each state's badge (they flip in dark mode, ADR 051). */
const STATE_CLASS: Record<JobState, string> = {
  queued: "bg-amber-100 text-amber-950",
  running: "bg-sky-100 text-sky-950",
  failed: "bg-red-100 text-red-900",
  done: "bg-green-100 text-green-950",
};

/** A job's state as a badge. */
function StateBadge({ state }: { state: JobState }) {
  const { t } = useAppTranslation();
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 font-semibold whitespace-nowrap ${STATE_CLASS[state]}`}
    >
      {t(`adminSystem:jobs.states.${state}`)}
    </span>
  );
}

/**
 * The number of jobs in each state, each a link showing only those (and "All"); the one
 * shown is marked as the current page.
 */
export function JobsByState(props: { counts: JobPage["counts"]; current: JobFilter }) {
  const { t } = useAppTranslation();
  const total = JOB_STATES.reduce((sum, state) => sum + props.counts[state], 0);
  return (
    <nav aria-label={t("adminSystem:jobs.filter.label")} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {JOB_FILTERS.map((filter) => {
          const count = filter === "all" ? total : props.counts[filter];
          const current = filter === props.current;
          const alarm = filter === "failed" && count > 0;
          return (
            <li key={filter}>
              <Link
                to={{ pathname: paths.adminJobs(), search: jobFilterSearch(filter) }}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-10 items-center gap-2 rounded border px-3 py-1 font-semibold ${
                  current
                    ? "border-stone-900 bg-stone-900 text-white"
                    : "border-stone-300 bg-white text-stone-900 hover:bg-stone-100"
                }`}
              >
                {t(`adminSystem:jobs.filter.${filter}`)}
                <span
                  className={`rounded-full px-2 text-sm tabular-nums ${
                    alarm
                      ? "bg-red-100 text-red-900"
                      : current
                        ? "bg-white text-stone-900"
                        : "bg-stone-100 text-stone-900"
                  }`}
                >
                  {count}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A column's name above its value in a job's card (narrow screens; the header says it to assistive technologies). */
function CellLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs font-semibold text-stone-700 lg:hidden">
      {children}
    </span>
  );
}

const CELL = "px-3 py-2 align-top max-lg:block max-lg:p-0";
const COLUMNS = ["kind", "state", "attempts", "runAt", "updated", "error", "actions"] as const;

/** What a failed job's buttons do. */
export interface JobActions {
  busy: boolean;
  onRetry: (job: Job) => void;
  onDiscard: (job: Job) => void;
}

/** The jobs of the page, with Retry and Discard on failed ones. */
export function JobsTable(props: { jobs: readonly Job[]; labelledBy: string } & JobActions) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  return (
    <div className="rounded border border-stone-200 bg-white">
      <table aria-labelledby={props.labelledBy} className="w-full text-left text-sm max-lg:block">
        <thead className="bg-stone-100 max-lg:sr-only">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {t(`adminSystem:jobs.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200 max-lg:block">
          {props.jobs.map((job) => {
            const failed = job.state === "failed";
            const time = formatLogTime(job.updated, locale);
            return (
              <tr
                key={job.id}
                className="max-lg:grid max-lg:gap-x-6 max-lg:gap-y-3 max-lg:p-4 sm:max-lg:grid-cols-2"
              >
                <th
                  scope="row"
                  className={`${CELL} min-w-32 font-mono font-semibold wrap-anywhere max-lg:col-span-full`}
                >
                  {job.kind}
                </th>
                <td className={CELL}>
                  <CellLabel>{t("adminSystem:jobs.state")}</CellLabel>
                  <StateBadge state={job.state} />
                </td>
                <td className={`${CELL} whitespace-nowrap`}>
                  <CellLabel>{t("adminSystem:jobs.attempts")}</CellLabel>
                  {t("adminSystem:jobs.attemptsValue", {
                    attempts: job.attempts,
                    max: job.maxAttempts,
                  })}
                </td>
                <td className={CELL}>
                  <CellLabel>{t("adminSystem:jobs.runAt")}</CellLabel>
                  {formatLogTime(job.runAt, locale)}
                </td>
                <td className={CELL}>
                  <CellLabel>{t("adminSystem:jobs.updated")}</CellLabel>
                  {time}
                </td>
                <td
                  className={`${CELL} min-w-48 max-lg:col-span-full ${job.lastError ? "" : "max-lg:hidden"}`}
                >
                  {job.lastError && (
                    <>
                      <CellLabel>{t("adminSystem:jobs.error")}</CellLabel>
                      <span className="font-mono text-xs wrap-anywhere text-red-900">
                        {job.lastError}
                      </span>
                    </>
                  )}
                </td>
                <td className={`${CELL} max-lg:col-span-full ${failed ? "" : "max-lg:hidden"}`}>
                  {failed && (
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        disabled={props.busy}
                        onClick={() => {
                          props.onRetry(job);
                        }}
                        aria-label={t("adminSystem:jobs.retry.label", { kind: job.kind, time })}
                        className={`${buttonClass.secondary} disabled:opacity-60`}
                      >
                        {t("adminSystem:jobs.retry.button")}
                      </button>
                      <button
                        type="button"
                        disabled={props.busy}
                        onClick={() => {
                          props.onDiscard(job);
                        }}
                        aria-label={t("adminSystem:jobs.discard.label", { kind: job.kind, time })}
                        className={`${dangerOutlineButtonClass} disabled:opacity-60`}
                      >
                        {t("adminSystem:jobs.discard.button")}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
