/**
 * The per-hour chart of `/admin/logs`: hand-made SVG bars (no chart library) for the entries
 * `GET /api/logs/stats` counted, with empty hours filled in. The SVG is one image whose text
 * alternative is a sentence (total, hours, busiest hour); the exact numbers are in a table
 * under a disclosure, for screen readers and anyone who wants them.
 */
import { useId } from "react";
import { parseApiDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { formatLogHour } from "./log-format.ts";
import type { LogStat } from "../../api/system/system-types.ts";

const HOUR_MS = 3_600_000;
/** Longest span filled hour by hour (31 days); beyond it only hours with entries are drawn. */
const MAX_FILLED_HOURS = 31 * 24;
/** Fewest hours drawn: a shorter span is shown as the day up to its last hour. */
const MIN_HOURS = 24;

/**
 * The stats with the hours between the first and the last that had no entry as zeros, over
 * at least the {@link MIN_HOURS} up to the last one (a single busy hour is not a full-width bar).
 */
export function fillHours(stats: readonly LogStat[]): LogStat[] {
  const dated = stats
    .map((stat) => ({ stat, time: parseApiDate(stat.date)?.getTime() }))
    .filter((item): item is { stat: LogStat; time: number } => item.time !== undefined)
    .sort((a, b) => a.time - b.time);
  const first = dated[0];
  const last = dated[dated.length - 1];
  if (!first || !last) return [];
  const span = Math.max(Math.round((last.time - first.time) / HOUR_MS) + 1, MIN_HOURS);
  if (span > MAX_FILLED_HOURS) return dated.map((item) => item.stat);
  const start = last.time - (span - 1) * HOUR_MS;
  const byTime = new Map(dated.map((item) => [item.time, item.stat.total]));
  return Array.from({ length: span }, (_, index) => {
    const time = start + index * HOUR_MS;
    return {
      date: new Date(time).toISOString().replace("T", " "),
      total: byTime.get(time) ?? 0,
    };
  });
}

const BAR = 10;
const GAP = 3;
const HEIGHT = 120;

/** The chart, its summary and its table. */
export function LogsChart({ stats }: { stats: readonly LogStat[] }) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const id = useId();
  const hours = fillHours(stats);
  const max = hours.reduce((top, hour) => Math.max(top, hour.total), 0);
  const total = hours.reduce((sum, hour) => sum + hour.total, 0);
  const peak = hours.find((hour) => hour.total === max);
  const width = Math.max(hours.length * (BAR + GAP), BAR);
  const first = hours[0];
  const last = hours[hours.length - 1];
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mb-8 rounded border border-stone-200 bg-white p-4"
    >
      <h2 id={`${id}-heading`} className="font-serif text-xl font-semibold text-stone-900">
        {t("adminSystem:logs.chart.heading")}
      </h2>
      {hours.length === 0 || !peak ? (
        <p className="mt-2 text-sm text-stone-700">{t("adminSystem:logs.chart.empty")}</p>
      ) : (
        <>
          <p id={`${id}-summary`} className="mt-1 text-sm text-stone-700">
            {t("adminSystem:logs.chart.summary", {
              total,
              hours: hours.length,
              peak: formatLogHour(peak.date, locale),
              max,
            })}
          </p>
          <div className="mt-3 flex gap-2">
            <div
              aria-hidden="true"
              className="flex flex-col justify-between text-right text-xs text-stone-700"
              style={{ height: `${String(HEIGHT)}px` }}
            >
              <span>{max}</span>
              <span>0</span>
            </div>
            <div className="min-w-0 flex-1">
              <svg
                role="img"
                aria-labelledby={`${id}-heading ${id}-summary`}
                viewBox={`0 0 ${String(width)} ${String(HEIGHT)}`}
                width="100%"
                height={HEIGHT}
                preserveAspectRatio="none"
                className="block border-b border-l border-stone-400"
                data-testid="logs-chart"
              >
                {hours.map((hour, index) => {
                  const height =
                    max > 0
                      ? Math.max((hour.total / max) * (HEIGHT - 4), hour.total > 0 ? 2 : 0)
                      : 0;
                  return (
                    <rect
                      key={hour.date}
                      x={index * (BAR + GAP) + GAP}
                      y={HEIGHT - height}
                      width={BAR}
                      height={height}
                      className="fill-amber-800"
                      data-total={hour.total}
                    >
                      <title>
                        {t("adminSystem:logs.chart.bar", {
                          hour: formatLogHour(hour.date, locale),
                          total: hour.total,
                        })}
                      </title>
                    </rect>
                  );
                })}
              </svg>
              {first && last && (
                <div
                  aria-hidden="true"
                  className="mt-1 flex justify-between gap-4 text-xs text-stone-700"
                >
                  <span>{formatLogHour(first.date, locale)}</span>
                  {last !== first && <span>{formatLogHour(last.date, locale)}</span>}
                </div>
              )}
            </div>
          </div>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-semibold text-stone-900 underline-offset-4 hover:underline">
              {t("adminSystem:logs.chart.table")}
            </summary>
            <div className="mt-2">
              <table className="w-full text-left">
                <caption className="sr-only">{t("adminSystem:logs.chart.heading")}</caption>
                <thead className="bg-stone-100">
                  <tr>
                    <th scope="col" className="px-3 py-1">
                      {t("adminSystem:logs.chart.hour")}
                    </th>
                    <th scope="col" className="px-3 py-1 text-right">
                      {t("adminSystem:logs.chart.total")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-200">
                  {hours.map((hour) => (
                    <tr key={hour.date}>
                      <td className="px-3 py-1">{formatLogHour(hour.date, locale)}</td>
                      <td className="px-3 py-1 text-right">{hour.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
