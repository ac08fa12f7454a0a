/**
 * Views and readers per day as a chart drawn on the server (ADR 070): an inline SVG (bars
 * for views, a line for readers) that needs no script, named and described for assistive
 * technology (`role="img"`, its `<title>` and `<desc>` giving the totals and the busiest
 * day), followed by the same figures as a table in a `<details>` for anyone who prefers
 * numbers. Its colours are the palette's, so it follows the dark theme.
 */
import { useId } from "react";
import type { StatsDay } from "../../api/stats/stats.ts";
import { fillLabel, type StatsLabels } from "./stats-labels.ts";

const WIDTH = 640;
const HEIGHT = 200;
const LEFT = 40;
const BOTTOM = 24;
const TOP = 8;

/** A day written for people (`15 Mar 2026`), in UTC like the figures. */
export function formatDay(day: string, locale: string, withYear = true): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
    ...(withYear ? { year: "numeric" } : {}),
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A round top for the scale at or above `max`. */
function scaleTop(max: number): number {
  if (max <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= max) return step * magnitude;
  return 10 * magnitude;
}

/** The totals of a list of days. */
export function sumDays(days: readonly StatsDay[]): { views: number; readers: number } {
  return days.reduce(
    (sum, day) => ({ views: sum.views + day.views, readers: sum.readers + day.readers }),
    { views: 0, readers: 0 },
  );
}

/** The chart and its table. */
export function StatsChart(props: {
  days: readonly StatsDay[];
  locale: string;
  labels: StatsLabels;
}) {
  const { labels } = props;
  const id = useId();
  const { days, locale } = props;
  const number = new Intl.NumberFormat(locale);
  const first = days[0]?.day ?? "";
  const last = days[days.length - 1]?.day ?? "";
  const totals = sumDays(days);
  const peak = days.reduce<StatsDay | null>(
    (best, day) => (day.views > (best?.views ?? 0) ? day : best),
    null,
  );
  const top = scaleTop(Math.max(0, ...days.map((d) => d.views)));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = days.length ? plotWidth / days.length : plotWidth;
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const from = first ? formatDay(first, locale) : "";
  const to = last ? formatDay(last, locale) : "";
  const description = peak
    ? fillLabel(labels.chart.desc, {
        from,
        to,
        views: number.format(totals.views),
        readers: number.format(totals.readers),
        peak: formatDay(peak.day, locale),
        peakViews: number.format(peak.views),
      })
    : fillLabel(labels.chart.empty, { from, to });
  const line = days
    .map((day, i) => `${(LEFT + step * (i + 0.5)).toFixed(1)},${y(day.readers).toFixed(1)}`)
    .join(" ");
  return (
    <figure className="my-6">
      <svg
        viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full overflow-visible"
        data-testid="stats-chart"
      >
        <title id={`${id}-title`}>{labels.chart.title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {[0, top / 2, top].map((value) => (
          <g key={value}>
            <line
              x1={LEFT}
              x2={WIDTH}
              y1={y(value)}
              y2={y(value)}
              className="stroke-stone-300"
              strokeWidth={1}
            />
            <text
              x={LEFT - 6}
              y={y(value) + 4}
              textAnchor="end"
              className="fill-stone-700 text-[11px]"
            >
              {number.format(value)}
            </text>
          </g>
        ))}
        {days.map((day, i) =>
          day.views > 0 ? (
            <rect
              key={day.day}
              x={LEFT + step * i + step * 0.15}
              y={y(day.views)}
              width={Math.max(1, step * 0.7)}
              height={y(0) - y(day.views)}
              className="fill-amber-700"
            />
          ) : null,
        )}
        {days.length > 1 && (
          <polyline
            points={line}
            fill="none"
            className="stroke-stone-900"
            strokeWidth={2}
            strokeLinejoin="round"
          />
        )}
        <text x={LEFT} y={HEIGHT - 6} className="fill-stone-700 text-[11px]">
          {first ? formatDay(first, locale, false) : ""}
        </text>
        <text x={WIDTH} y={HEIGHT - 6} textAnchor="end" className="fill-stone-700 text-[11px]">
          {last ? formatDay(last, locale, false) : ""}
        </text>
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-stone-700">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-3 w-3 bg-amber-700" />
          {labels.chart.views}
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-stone-900" />
          {labels.chart.readers}
        </span>
      </figcaption>
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-stone-900 underline underline-offset-4">
          {labels.chart.table}
        </summary>
        <div className="mt-2">
          <table className="w-full text-left text-sm" data-testid="stats-table">
            <caption className="sr-only">{labels.chart.title}</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-1 pr-4">
                  {labels.chart.day}
                </th>
                <th scope="col" className="py-1 pr-4 text-right">
                  {labels.chart.views}
                </th>
                <th scope="col" className="py-1 text-right">
                  {labels.chart.readers}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-b border-stone-200">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    <time dateTime={day.day}>{formatDay(day.day, locale)}</time>
                  </th>
                  <td className="py-1 pr-4 text-right tabular-nums">{number.format(day.views)}</td>
                  <td className="py-1 text-right tabular-nums">{number.format(day.readers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
