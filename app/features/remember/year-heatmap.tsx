/**
 * The year heatmap on one's own profile: the last 365 days as 53 weeks of 7 days (Monday
 * first), each day's colour by its number of entries (four levels), a legend and the year's
 * total. One image for sighted readers (`<svg role="img">` named by its summary) and, for
 * screen readers, a visually hidden list of the days with entries: no tab stop per day.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { DayCount } from "../../api/journal/journal-days.ts";
import { dayTime, heatLevel, heatmapWeeks } from "./journal-days.ts";

/** Colours of the four levels (none, one, two, three or more). */
const LEVEL_FILL = ["#e7e5e4", "#fcd34d", "#d97706", "#92400e"] as const;
/** The legend's words for each level. */
const LEVEL_KEYS = [
  "remember:heatmap.level0",
  "remember:heatmap.level1",
  "remember:heatmap.level2",
  "remember:heatmap.level3",
] as const;
const CELL = 11;
const GAP = 2;

/** The heatmap of the year up to `today`. */
export function YearHeatmap(props: { days: DayCount[]; today: string }) {
  const { t, i18n } = useAppTranslation();
  const counts = new Map(props.days.map((d) => [d.date, d.count]));
  const weeks = heatmapWeeks(props.today);
  const total = props.days.reduce((sum, d) => sum + d.count, 0);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" });
  const summary = t("remember:heatmap.summary", { count: total });
  const width = weeks.length * (CELL + GAP);
  const height = 7 * (CELL + GAP);
  const written = props.days.filter((d) => d.count > 0);
  return (
    <section aria-labelledby="year-heatmap" className="grid gap-3" data-testid="year-heatmap">
      <h2 id="year-heatmap" className="font-serif text-2xl font-semibold text-stone-900">
        {t("remember:heatmap.heading")}
      </h2>
      <p className="font-semibold text-stone-900">{summary}</p>
      {/* Scales to the width (no scrolling region, so no tab stop). */}
      <div className="max-w-[44rem]">
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${String(width)} ${String(height)}`}
          className="block h-auto w-full"
        >
          {weeks.map((week, column) =>
            week.map((day, row) =>
              day ? (
                <rect
                  key={day}
                  x={column * (CELL + GAP)}
                  y={row * (CELL + GAP)}
                  width={CELL}
                  height={CELL}
                  rx={2}
                  fill={LEVEL_FILL[heatLevel(counts.get(day) ?? 0)]}
                  data-day={day}
                  data-level={heatLevel(counts.get(day) ?? 0)}
                >
                  <title>
                    {t("remember:heatmap.day", {
                      date: format.format(dayTime(day)),
                      count: counts.get(day) ?? 0,
                    })}
                  </title>
                </rect>
              ) : null,
            ),
          )}
        </svg>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
        <span>{t("remember:heatmap.less")}</span>
        <ul aria-label={t("remember:heatmap.legend")} className="flex items-center gap-1">
          {LEVEL_FILL.map((fill, level) => (
            <li key={fill} className="flex items-center">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-sm"
                style={{ backgroundColor: fill }}
              />
              <span className="sr-only">{t(LEVEL_KEYS[level] ?? "remember:heatmap.level0")}</span>
            </li>
          ))}
        </ul>
        <span>{t("remember:heatmap.more")}</span>
      </div>
      {written.length > 0 && (
        <ul aria-label={t("remember:heatmap.listLabel")} className="sr-only">
          {written.map((d) => (
            <li key={d.date}>
              {t("remember:heatmap.day", { date: format.format(dayTime(d.date)), count: d.count })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
