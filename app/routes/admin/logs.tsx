/**
 * `/admin/logs` (superusers): the request log with filters (status class, method, URL,
 * dates), sort and paging in the query string, and the per-hour chart of the same filter.
 */
import { Form, Link } from "react-router";
import type { Route } from "./+types/logs";
import { Pagination } from "../../components/records/record-lists.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, inputClass } from "../../components/ui/form-field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSession } from "../../components/session-provider.tsx";
import {
  buildLogFilter,
  LOG_METHODS,
  LOG_SORTS,
  parseLogQuery,
  STATUS_CLASSES,
  type LogSort,
} from "../../features/admin-system/log-filter.ts";
import { dataText, formatLogTime } from "../../features/admin-system/log-format.ts";
import { LogsChart } from "../../features/admin-system/logs-chart.tsx";
import { SystemNav } from "../../features/admin-system/system-nav.tsx";
import { listLogs, logStats } from "../../api/system/logs.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { requireSuperuser, routeContext } from "../../lib/routes/route-data.ts";
import { paths } from "../../lib/paths.ts";

/** Entries per page. */
const PER_PAGE = 30;

const SORT_LABELS: Record<LogSort, "sortNewest" | "sortOldest" | "sortSevere"> = {
  "-created": "sortNewest",
  created: "sortOldest",
  "-level,-created": "sortSevere",
};

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** One page of entries and the hourly counts, for the filters of the query string. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSuperuser(context);
  const { api, t } = routeContext(context);
  const query = parseLogQuery(new URL(request.url).searchParams);
  const filter = buildLogFilter(query);
  const [list, stats] = await Promise.all([
    listLogs(api, { page: query.page, perPage: PER_PAGE, sort: query.sort, filter }),
    logStats(api, filter),
  ]);
  return { title: t("adminSystem:logs.title"), query, list, stats };
}

function statusClass(status: number): string {
  if (status >= 500) return "bg-red-100 text-red-900";
  if (status >= 400) return "bg-amber-100 text-amber-950";
  if (status >= 300) return "bg-sky-100 text-sky-950";
  return "bg-green-100 text-green-950";
}

/** The logs page. */
export default function Logs({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const { query, list, stats } = loaderData;
  return (
    <>
      <PageHeader title={t("adminSystem:logs.title")} intro={t("adminSystem:logs.intro")} />
      <SystemNav />
      <Form
        method="get"
        aria-label={t("adminSystem:logs.filters")}
        className="mb-6 grid gap-4 rounded border border-stone-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-6"
      >
        <FormField label={t("adminSystem:logs.status")}>
          {({ id }) => (
            <select id={id} name="status" defaultValue={query.status} className={inputClass}>
              <option value="">{t("adminSystem:logs.statusAll")}</option>
              {STATUS_CLASSES.map((status) => (
                <option key={status} value={status}>
                  {t(`adminSystem:logs.status${status}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t("adminSystem:logs.method")}>
          {({ id }) => (
            <select id={id} name="method" defaultValue={query.method} className={inputClass}>
              <option value="">{t("adminSystem:logs.methodAll")}</option>
              {LOG_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t("adminSystem:logs.url")}>
          {({ id }) => (
            <input
              id={id}
              name="url"
              type="search"
              defaultValue={query.url}
              maxLength={200}
              className={`${inputClass} font-mono`}
            />
          )}
        </FormField>
        <FormField label={t("adminSystem:logs.from")}>
          {({ id }) => (
            <input
              id={id}
              name="from"
              type="date"
              defaultValue={query.from}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label={t("adminSystem:logs.to")}>
          {({ id }) => (
            <input id={id} name="to" type="date" defaultValue={query.to} className={inputClass} />
          )}
        </FormField>
        <FormField label={t("adminSystem:logs.sort")}>
          {({ id }) => (
            <select id={id} name="sort" defaultValue={query.sort} className={inputClass}>
              {LOG_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`adminSystem:logs.${SORT_LABELS[sort]}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3 lg:col-span-6">
          <button type="submit" className={buttonClass.primary}>
            {t("adminSystem:logs.apply")}
          </button>
          <Link to={paths.adminLogs()} className={buttonClass.secondary}>
            {t("adminSystem:logs.reset")}
          </Link>
        </div>
      </Form>

      <LogsChart stats={stats} />

      <p role="status" className="mb-2 text-sm text-stone-700">
        {t("adminSystem:logs.results", { count: list.totalItems })}
      </p>
      {list.items.length === 0 ? (
        <p className="text-stone-700">{t("adminSystem:logs.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded border border-stone-200 bg-white">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <caption className="sr-only">{t("adminSystem:logs.title")}</caption>
            <thead className="bg-stone-100">
              <tr>
                {(["time", "method", "url", "status", "duration", "auth", "ip"] as const).map(
                  (column) => (
                    <th key={column} scope="col" className="px-3 py-2 whitespace-nowrap">
                      {column === "method" || column === "url" || column === "status"
                        ? t(`adminSystem:log.${column}`)
                        : t(`adminSystem:logs.${column}`)}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {list.items.map((entry) => {
                const status = Number(entry.data.status) || 0;
                const duration = dataText(entry.data, "execTime");
                return (
                  <tr key={entry.id}>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <Link to={paths.adminLog(entry.id)} className="underline underline-offset-4">
                        {formatLogTime(entry.created, locale)}
                        <span className="sr-only">
                          {" "}
                          ({t("adminSystem:logs.details", { id: entry.id })})
                        </span>
                      </Link>
                    </td>
                    <td className="px-3 py-2 font-mono">{dataText(entry.data, "method")}</td>
                    <td className="max-w-md min-w-64 px-3 py-2 font-mono wrap-anywhere">
                      {dataText(entry.data, "url") || entry.message}
                    </td>
                    <td className="px-3 py-2">
                      {status > 0 && (
                        <span
                          className={`rounded px-2 py-0.5 font-semibold ${statusClass(status)}`}
                        >
                          {status}
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">
                      {duration && t("adminSystem:logs.durationValue", { value: duration })}
                    </td>
                    <td className="px-3 py-2 font-mono">
                      {dataText(entry.data, "auth") || t("adminSystem:logs.guest")}
                    </td>
                    <td className="px-3 py-2 font-mono">{dataText(entry.data, "userIP")}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} totalPages={list.totalPages} />
    </>
  );
}
