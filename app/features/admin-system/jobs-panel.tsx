/**
 * The job queue of `/admin/jobs`, through `api/system/jobs.ts`: the counts by state (the
 * state filter), a page of jobs, and Retry and Discard on failed ones (Discard behind a
 * confirmation). After either the page reloads its data, the outcome is announced from a
 * status region (a refusal as an alert, with the API's own message under it), and the focus
 * goes to the list's heading: the button that was pressed is gone with its job's old state.
 */
import { useEffect, useId, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Pagination } from "../../components/records/record-lists.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { FormError } from "../../components/ui/form-controls.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { discardJob, retryJob, type Job, type JobPage } from "../../api/system/jobs.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { jobFilterSearch, type JobQuery } from "./jobs-query.ts";
import { JobsByState, JobsTable } from "./jobs-table.tsx";
import { apiDetail, systemErrorSummary } from "./system-errors.ts";

type Outcome = { kind: "success" | "error"; message: string; detail?: string | null };

/** The queue: counts and filter, the page of jobs, their actions and outcomes. */
export function JobsPanel({ list, query }: { list: JobPage; query: JobQuery }) {
  const { t } = useAppTranslation();
  const revalidator = useRevalidator();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Job | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Counts the actions that ended: each moves the focus to the heading.
  const [ended, setEnded] = useState(0);
  const filter = query.state ?? "all";

  // After the dialog (a child, whose effect runs first) has closed and given the focus back.
  useEffect(() => {
    if (ended > 0) heading.current?.focus();
  }, [ended]);

  async function act(job: Job, action: "retry" | "discard") {
    setBusy(true);
    setOutcome(null);
    try {
      if (action === "retry") await retryJob(getBrowserClient(), job.id);
      else await discardJob(getBrowserClient(), job.id);
      await revalidator.revalidate();
      setOutcome({
        kind: "success",
        message: t(`adminSystem:jobs.${action}.done`, { kind: job.kind }),
      });
    } catch (failure) {
      // Someone else may have retried or discarded it: show the queue as it is now.
      await revalidator.revalidate();
      setOutcome({
        kind: "error",
        message: systemErrorSummary(failure, t, t(`adminSystem:jobs.${action}.failed`)),
        detail: apiDetail(failure),
      });
    } finally {
      setBusy(false);
      setPending(null);
      setEnded((n) => n + 1);
    }
  }

  const empty = list.items.length === 0;
  return (
    <>
      <JobsByState counts={list.counts} current={filter} />
      <section aria-labelledby={headingId} className="grid gap-3">
        <div>
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="font-serif text-2xl font-semibold text-stone-900 focus:outline-none"
          >
            {t(`adminSystem:jobs.heading.${filter}`)}
          </h2>
          <p className="text-sm text-stone-700">
            {t("adminSystem:jobs.results", { count: list.totalItems })}
          </p>
        </div>
        <div role="status">
          {outcome?.kind === "success" && (
            <p className="rounded border border-green-300 bg-green-50 px-3 py-2 text-sm wrap-anywhere text-green-900">
              {outcome.message}
            </p>
          )}
        </div>
        <FormError
          form={{
            error: outcome?.kind === "error" ? outcome.message : null,
            detail: outcome?.detail ?? null,
          }}
        />
        {empty && list.totalItems === 0 && (
          <p className="rounded border border-stone-200 bg-white p-4 text-stone-700">
            {t(`adminSystem:jobs.empty.${filter}`)}
          </p>
        )}
        {empty && list.totalItems > 0 && (
          <div className="flex flex-wrap items-center gap-3 rounded border border-stone-200 bg-white p-4">
            <p className="text-stone-700">{t("adminSystem:jobs.emptyPage")}</p>
            <Link
              to={{ pathname: paths.adminJobs(), search: jobFilterSearch(filter) }}
              className={buttonClass.secondary}
            >
              {t("adminSystem:jobs.firstPage")}
            </Link>
          </div>
        )}
        {!empty && (
          <JobsTable
            jobs={list.items}
            labelledBy={headingId}
            busy={busy}
            onRetry={(job) => void act(job, "retry")}
            onDiscard={(job) => {
              setPending(job);
            }}
          />
        )}
      </section>
      <Pagination page={list.page} totalPages={list.totalPages} />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t("adminSystem:jobs.discard.title", { kind: pending.kind }) : ""}
        confirmLabel={t("adminSystem:jobs.discard.confirm")}
        cancelLabel={t("adminSystem:jobs.discard.cancel")}
        destructive
        busy={busy}
        onConfirm={() => {
          if (pending) void act(pending, "discard");
        }}
        onCancel={() => {
          setPending(null);
        }}
      >
        <p>{t("adminSystem:jobs.discard.body")}</p>
        {pending?.lastError && (
          <p className="mt-2 font-mono text-sm wrap-anywhere">{pending.lastError}</p>
        )}
      </ConfirmDialog>
    </>
  );
}
