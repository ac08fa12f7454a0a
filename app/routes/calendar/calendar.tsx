/**
 * `/calendar`: the signed-in person's journal month by month (issue 14, "Remember"): days with
 * entries marked and linked, `?month=YYYY-MM` for another month, `?day=YYYY-MM-DD` for the
 * entries of one day, `?year=YYYY` for a whole year (issue 25), and a "Go to a date" form on
 * each. Dates are UTC, as the server stores them. Behind the signed-in guard
 * (visitors go to `/login`); a superuser, who owns no entry, gets a notice.
 */
import type { Route } from "./+types/calendar";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { SuperuserNotice } from "../../features/records/superuser-notice.tsx";
import { CalendarDay, JournalCalendar } from "../../features/remember/journal-calendar.tsx";
import {
  CalendarJump,
  CalendarYear,
  calendarNavClass,
} from "../../features/remember/calendar-year.tsx";
import {
  dayOf,
  isDay,
  monthBounds,
  parseMonth,
  parseYear,
} from "../../features/remember/journal-days.ts";
import { loadJournalDays, loadOwnEntries } from "../../features/remember/load-remember.ts";
import { Link } from "react-router";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { paths } from "../../lib/paths.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";

/** Title and description; never indexed (a person's own page). */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The month (or day) asked for, and the person's entries in it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, t, locale } = routeContext(context);
  const user = requireUser(context);
  const url = new URL(request.url);
  const today = dayOf(Date.now());
  const dayParam = url.searchParams.get("day") ?? "";
  const day = isDay(dayParam) ? dayParam : null;
  const year = day ? null : parseYear(url.searchParams.get("year"));
  if (year !== null) {
    const base = {
      title: t("remember:calendar.titleYear", { year }),
      description: t("remember:calendar.description"),
      year,
      month: `${String(year)}-01`,
      day: null,
      today,
      username: user.username,
      entries: [],
    };
    if (isSuperuser(user)) return { ...base, superuser: true as const, days: [] };
    const days = await loadJournalDays(api, `${String(year)}-01-01`, `${String(year)}-12-31`);
    return { ...base, superuser: false as const, days };
  }
  const month = day
    ? day.slice(0, 7)
    : (parseMonth(url.searchParams.get("month")) ?? today.slice(0, 7));
  const monthName = new Intl.DateTimeFormat(locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(Date.parse(`${month}-01T00:00:00Z`));
  const base = {
    title: t("remember:calendar.titleMonth", { month: monthName }),
    description: t("remember:calendar.description"),
    year: null,
    month,
    day,
    today,
    username: user.username,
    days: [],
  };
  if (isSuperuser(user)) return { ...base, superuser: true as const, entries: [] };
  const { first, last } = monthBounds(month);
  const entries = await loadOwnEntries(api, user.id, day ?? first, day ?? last);
  return { ...base, superuser: false as const, entries };
}

/** The calendar, or a day's entries. */
export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  if (loaderData.superuser) return <SuperuserNotice title={t("remember:calendar.title")} />;
  const { year, month, day, today, username, entries, days } = loaderData;
  return (
    <>
      <PageHeader
        title={t("remember:calendar.title")}
        intro={t("remember:calendar.intro")}
        actions={
          <ButtonLink to={paths.entryCreate()}>{t("remember:calendar.writeOne")}</ButtonLink>
        }
      />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <CalendarJump day={day ?? today} />
        {year === null && (
          <Link to={paths.calendar({ year: month.slice(0, 4) })} className={calendarNavClass}>
            {t("remember:calendar.yearView", { year: month.slice(0, 4) })}
          </Link>
        )}
      </div>
      {year !== null ? (
        <CalendarYear year={year} today={today} days={days} />
      ) : day ? (
        <CalendarDay day={day} username={username} entries={entries} />
      ) : (
        <JournalCalendar month={month} today={today} username={username} entries={entries} />
      )}
    </>
  );
}
