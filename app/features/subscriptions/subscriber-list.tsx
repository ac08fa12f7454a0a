/**
 * The parts of `/writing/subscribers` (ADR 065): the counts by status, the filters (a GET
 * form: target, status, a fragment of the address, so they work without JavaScript), the
 * CSV export of each target, and the list itself, one row per subscription with its address,
 * target, status, frequency and date, stacked on a phone. The filters' controls and button
 * share one height, so a select, a search field and the button line up.
 */
import type { ReactNode } from "react";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { inputClass } from "../../components/ui/form-field.tsx";
import { formatDate } from "../../components/ui/formatted-date.tsx";
import { EmptyState } from "../../components/records/empty-state.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import {
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from "../../api/subscriptions/subscriptions.ts";
import type { SubscriberRow, SubscriberTarget } from "./load-subscribers.ts";
import type { SubscribersQuery } from "./subscribers-query.ts";
import { targetLabel } from "./target-label.ts";

/** The counts by status of what the filter's target holds. */
export function SubscriberCounts(props: { counts: Record<SubscriptionStatus, number> }) {
  const { t } = useAppTranslation();
  return (
    <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {SUBSCRIPTION_STATUSES.map((status) => (
        <div key={status} className="rounded border border-stone-200 bg-white p-3">
          <dt className="text-sm text-stone-700">{t(`subscriptions:status.${status}`)}</dt>
          <dd className="font-serif text-2xl font-semibold text-stone-900 tabular-nums">
            {props.counts[status]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The filters: a GET form of the page itself. */
export function SubscriberFilters(props: {
  query: SubscribersQuery;
  targets: readonly SubscriberTarget[];
}) {
  const { t } = useAppTranslation();
  const { query } = props;
  const field = (id: string, label: string, control: ReactNode) => (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-900">
        {label}
      </label>
      {control}
    </div>
  );
  return (
    <form
      method="get"
      action={paths.writingSubscribers()}
      role="search"
      aria-label={t("subscriptions:subscribers.filters")}
      className="mb-6 grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
    >
      {field(
        "subscribers-target",
        t("subscriptions:subscribers.target"),
        <select
          id="subscribers-target"
          name="target"
          defaultValue={query.target}
          className={`${inputClass} h-11`}
        >
          <option value="">{t("subscriptions:subscribers.allTargets")}</option>
          {props.targets.map((item) => (
            <option key={item.target} value={item.target}>
              {targetLabel(t, item.target, item.name)}
            </option>
          ))}
        </select>,
      )}
      {field(
        "subscribers-status",
        t("subscriptions:subscribers.status"),
        <select
          id="subscribers-status"
          name="status"
          defaultValue={query.status}
          className={`${inputClass} h-11`}
        >
          <option value="">{t("subscriptions:subscribers.allStatuses")}</option>
          {SUBSCRIPTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`subscriptions:status.${status}`)}
            </option>
          ))}
        </select>,
      )}
      {field(
        "subscribers-q",
        t("subscriptions:subscribers.search"),
        <input
          id="subscribers-q"
          name="q"
          type="search"
          defaultValue={query.search}
          className={`${inputClass} h-11`}
        />,
      )}
      <button type="submit" className={`${buttonClass.secondary} h-11`}>
        {t("subscriptions:subscribers.apply")}
      </button>
    </form>
  );
}

/** A CSV download link per target (the filter's target only, when it names one). */
export function SubscriberExports(props: {
  query: SubscribersQuery;
  targets: readonly SubscriberTarget[];
}) {
  const { t } = useAppTranslation();
  const shown = props.query.target
    ? props.targets.filter((item) => item.target === props.query.target)
    : props.targets;
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="subscribers-export" className="mt-8">
      <h2 id="subscribers-export" className="mb-2 font-serif text-xl font-semibold">
        {t("subscriptions:subscribers.export")}
      </h2>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        {shown.map((item) => (
          <li key={item.target}>
            <a
              href={paths.writingSubscribersExport(item.target)}
              download
              className="font-medium text-amber-900 underline underline-offset-4 hover:decoration-2"
            >
              {t("subscriptions:subscribers.exportOf", {
                target: targetLabel(t, item.target, item.name),
              })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The subscribers of the page, or why there are none. */
export function SubscriberRows(props: {
  rows: readonly SubscriberRow[];
  targets: readonly SubscriberTarget[];
  totalItems: number;
  filtered: boolean;
  locale: string;
}) {
  const { t } = useAppTranslation();
  const names = new Map(props.targets.map((item) => [item.target, item.name]));
  if (props.rows.length === 0)
    return (
      <EmptyState
        text={
          props.filtered
            ? t("subscriptions:subscribers.noMatch")
            : t("subscriptions:subscribers.empty")
        }
      />
    );
  return (
    <section aria-labelledby="subscribers-list">
      <h2 id="subscribers-list" className="mb-3 font-serif text-xl font-semibold">
        {t("subscriptions:subscribers.count", { count: props.totalItems })}
      </h2>
      <ul className="divide-y divide-stone-200 rounded border border-stone-200 bg-white">
        {props.rows.map((row) => (
          <li
            key={row.id}
            className="grid gap-1 p-3 sm:grid-cols-[2fr_2fr_1fr_1fr_1fr] sm:items-center sm:gap-3"
          >
            <span className="font-medium text-stone-900 wrap-anywhere">{row.email}</span>
            <span className="text-sm text-stone-700">
              {targetLabel(t, row.target, names.get(row.target) ?? "")}
            </span>
            <span className="text-sm font-semibold text-stone-900">
              {t(`subscriptions:status.${row.status}`)}
            </span>
            <span className="text-sm text-stone-700">
              {row.frequency === "weekly"
                ? t("subscriptions:frequency.weekly")
                : t("subscriptions:frequency.each")}
            </span>
            <span className="text-sm text-stone-700">
              <time dateTime={row.created.replace(" ", "T")}>
                {formatDate(row.created, props.locale)}
              </time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
