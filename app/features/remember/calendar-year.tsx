/**
 * The journal's year (issue 25): twelve small months, each day with entries marked and linked
 * to that day's entries, each month's name linking to its full calendar with its number of
 * entries; previous and next year. And the "Go to a date" form of every calendar view, a
 * plain GET form (it works without JavaScript). Dates are UTC, as the server stores them.
 */
import { Form, Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { DayCount } from "../../api/journal/journal-days.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { dayTime, MAX_YEAR, MIN_YEAR, monthWeeks } from "./journal-days.ts";
import { WeekdayHeadings } from "./journal-calendar.tsx";

/** The calendar's navigation links. */
export const calendarNavClass =
  "inline-flex items-center gap-1 rounded border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-100";

/** "Go to a date": opens that day's entries. */
export function CalendarJump({ day }: { day: string }) {
  const { t } = useAppTranslation();
  return (
    <Form method="get" action={paths.calendar()} className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1 text-sm font-semibold text-stone-900">
        {t("remember:calendar.jumpLabel")}
        <input
          type="date"
          name="day"
          required
          defaultValue={day}
          className="rounded border border-stone-400 bg-white px-3 py-2 font-normal"
        />
      </label>
      <button type="submit" className={calendarNavClass}>
        {t("remember:calendar.jumpSubmit")}
      </button>
    </Form>
  );
}

/** The twelve months of `year` with the days' counts. */
export function CalendarYear(props: { year: number; today: string; days: DayCount[] }) {
  const { t, i18n } = useAppTranslation();
  const { year, today } = props;
  const counts = new Map(props.days.map((d) => [d.date, d.count]));
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: "long", timeZone: "UTC" });
  const full = new Intl.DateTimeFormat(i18n.language, { dateStyle: "full", timeZone: "UTC" });
  const thisYear = Number(today.slice(0, 4));
  const total = props.days.reduce((sum, d) => sum + d.count, 0);
  return (
    <div className="grid gap-6">
      <nav
        aria-label={t("remember:calendar.yearNav")}
        className="flex flex-wrap items-center gap-2"
      >
        {year > MIN_YEAR && (
          <Link to={paths.calendar({ year: String(year - 1) })} className={calendarNavClass}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            {t("remember:calendar.previousYear")}
          </Link>
        )}
        {year !== thisYear && (
          <Link to={paths.calendar({ year: String(thisYear) })} className={calendarNavClass}>
            {t("remember:calendar.thisYear")}
          </Link>
        )}
        {year < MAX_YEAR && (
          <Link to={paths.calendar({ year: String(year + 1) })} className={calendarNavClass}>
            {t("remember:calendar.nextYear")}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </nav>
      <h2 className="font-serif text-2xl font-semibold text-stone-900">
        {t("remember:calendar.yearHeading", { year, count: total })}
      </h2>
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="calendar-year">
        {Array.from({ length: 12 }, (_, index) => {
          const month = `${String(year)}-${String(index + 1).padStart(2, "0")}`;
          const weeks = monthWeeks(month);
          const inMonth = props.days.filter((d) => d.date.startsWith(month));
          const written = inMonth.reduce((sum, d) => sum + d.count, 0);
          return (
            <li key={month} className="grid content-start gap-2">
              <h3 className="flex items-baseline justify-between gap-2">
                <Link
                  to={paths.calendar({ month })}
                  className="font-semibold text-amber-900 capitalize underline underline-offset-4"
                >
                  {monthName.format(dayTime(`${month}-01`))}
                </Link>
                <span className="text-sm text-stone-700">
                  {t("remember:calendar.entries", { count: written })}
                </span>
              </h3>
              <table className="w-full table-fixed border-collapse text-center text-xs">
                <WeekdayHeadings width="narrow" className="py-1 font-semibold text-stone-700" />
                <tbody>
                  {weeks.map((week) => (
                    <tr key={week.find(Boolean) ?? "empty"}>
                      {week.map((day, column) => {
                        if (!day) return <td key={column} />;
                        const count = counts.get(day) ?? 0;
                        const number = Number(day.slice(8));
                        const isToday = day === today;
                        return (
                          <td
                            key={day}
                            aria-current={isToday ? "date" : undefined}
                            className="p-px"
                          >
                            {count > 0 ? (
                              <Link
                                to={paths.calendar({ day })}
                                data-day={day}
                                aria-label={`${full.format(dayTime(day))}, ${t("remember:calendar.entries", { count })}`}
                                className={`block rounded bg-amber-200 py-1 font-semibold text-amber-950 hover:bg-amber-300 ${isToday ? "underline underline-offset-2" : ""}`}
                              >
                                {number}
                              </Link>
                            ) : (
                              <span
                                className={`block py-1 text-stone-700 ${isToday ? "font-bold text-amber-900 underline underline-offset-2" : ""}`}
                              >
                                {number}
                              </span>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
