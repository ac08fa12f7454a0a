/**
 * The journal's month grid: a real `<table>` (weekday headers in the reader's language, weeks
 * starting on Monday), each day with entries marked and linked (one entry → its page, several
 * → that day's list), today marked; previous and next month links. Plain links: it works
 * without JavaScript.
 */
import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { addMonths, dayTime, monthWeeks } from "./journal-days.ts";
import type { DayEntry } from "./load-remember.ts";

const navClass =
  "inline-flex items-center gap-1 rounded border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-100";

/** Monday to Sunday of a week in 2024 (1 January 2024 was a Monday). */
const WEEK = Array.from({ length: 7 }, (_, i) => Date.UTC(2024, 0, 1 + i));

/**
 * A calendar table's weekday headings, Monday first, in the reader's language: each named in
 * full for assistive technology (`abbr`), shown `short` ("Mon") or `narrow` ("M").
 */
export function WeekdayHeadings(props: { width: "short" | "narrow"; className: string }) {
  const { i18n } = useAppTranslation();
  const shown = new Intl.DateTimeFormat(i18n.language, { weekday: props.width, timeZone: "UTC" });
  const long = new Intl.DateTimeFormat(i18n.language, { weekday: "long", timeZone: "UTC" });
  return (
    <thead>
      <tr>
        {WEEK.map((time) => (
          <th key={time} scope="col" abbr={long.format(time)} className={props.className}>
            {shown.format(time)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The calendar of one month. */
export function JournalCalendar(props: {
  month: string;
  today: string;
  username: string;
  entries: DayEntry[];
}) {
  const { t, i18n } = useAppTranslation();
  const { month, today, username } = props;
  const locale = i18n.language;
  const byDay = new Map<string, DayEntry[]>();
  for (const entry of props.entries) byDay.set(entry.day, [...(byDay.get(entry.day) ?? []), entry]);
  const full = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" });
  const caption = new Intl.DateTimeFormat(locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(dayTime(`${month}-01`));
  const thisMonth = today.slice(0, 7);
  return (
    <div className="grid gap-4">
      <nav aria-label={t("remember:calendar.title")} className="flex flex-wrap items-center gap-2">
        <Link to={paths.calendar({ month: addMonths(month, -1) })} className={navClass}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t("remember:calendar.previous")}
        </Link>
        {month !== thisMonth && (
          <Link to={paths.calendar()} className={navClass}>
            {t("remember:calendar.thisMonth")}
          </Link>
        )}
        <Link to={paths.calendar({ month: addMonths(month, 1) })} className={navClass}>
          {t("remember:calendar.next")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </nav>
      <table className="w-full table-fixed border-collapse bg-white text-center">
        <caption className="mb-2 text-left font-serif text-2xl font-semibold text-stone-900 capitalize">
          {caption}
        </caption>
        <WeekdayHeadings
          width="short"
          className="border border-stone-200 py-2 text-xs font-semibold text-stone-700 uppercase"
        />
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean) ?? "empty"}>
              {week.map((day, index) => {
                if (!day) return <td key={index} className="border border-stone-200 bg-stone-50" />;
                const entries = byDay.get(day) ?? [];
                const isToday = day === today;
                const number = Number(day.slice(8));
                const label = `${full.format(dayTime(day))}${
                  isToday ? `, ${t("remember:calendar.today")}` : ""
                }, ${t("remember:calendar.entries", { count: entries.length })}`;
                const first = entries[0];
                return (
                  <td
                    key={day}
                    aria-current={isToday ? "date" : undefined}
                    className={`h-12 border border-stone-200 p-0.5 align-top sm:h-16 ${isToday ? "bg-amber-50" : ""}`}
                  >
                    {first ? (
                      <Link
                        to={
                          entries.length === 1
                            ? paths.entry(username, first.name)
                            : paths.calendar({ day })
                        }
                        title={entries.length === 1 ? first.title : undefined}
                        data-day={day}
                        className="flex h-full flex-col items-center justify-start gap-1 rounded bg-amber-100 pt-1 font-semibold text-amber-950 hover:bg-amber-200"
                      >
                        <span className={isToday ? "underline underline-offset-4" : ""}>
                          {number}
                          <span className="sr-only">, {label}</span>
                        </span>
                        <span aria-hidden="true" className="flex gap-0.5">
                          {entries.slice(0, 3).map((entry) => (
                            <span key={entry.id} className="size-1.5 rounded-full bg-amber-800" />
                          ))}
                        </span>
                      </Link>
                    ) : (
                      <span
                        className={`block pt-1 text-stone-700 ${isToday ? "font-bold text-amber-900 underline underline-offset-4" : ""}`}
                      >
                        {number}
                        {isToday && (
                          <span className="sr-only">, {t("remember:calendar.today")}</span>
                        )}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {props.entries.length === 0 && (
        <p className="text-stone-700">{t("remember:calendar.monthEmpty")}</p>
      )}
    </div>
  );
}

/** The entries of one day (a calendar day with several entries). */
export function CalendarDay(props: { day: string; username: string; entries: DayEntry[] }) {
  const { t, i18n } = useAppTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "full",
    timeZone: "UTC",
  }).format(dayTime(props.day));
  return (
    <section aria-labelledby="calendar-day" className="grid gap-4">
      <h2 id="calendar-day" className="font-serif text-2xl font-semibold text-stone-900">
        {t("remember:calendar.dayHeading", { date })}
      </h2>
      {props.entries.length === 0 ? (
        <p className="text-stone-700">{t("remember:calendar.dayEmpty")}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded border border-stone-200 bg-white">
          {props.entries.map((entry) => (
            <li key={entry.id} className="px-4 py-3">
              <Link
                to={paths.entry(props.username, entry.name)}
                className="font-semibold text-stone-900 underline-offset-4 [overflow-wrap:anywhere] hover:underline"
              >
                {entry.title || entry.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link
          to={paths.calendar({ month: props.day.slice(0, 7) })}
          className="font-semibold text-amber-900 underline underline-offset-4"
        >
          {t("remember:calendar.backToMonth")}
        </Link>
      </p>
    </section>
  );
}
