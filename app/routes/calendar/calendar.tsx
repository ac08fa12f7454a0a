/**
 * `/calendar`: the signed-in person's journal month by month (issue 14, "Remember"): days with
 * entries marked and linked, `?month=YYYY-MM` for another month, `?day=YYYY-MM-DD` for the
 * entries of one day. Dates are UTC, as the server stores them. Behind the signed-in guard
 * (visitors go to `/login`); a superuser, who owns no entry, gets a notice.
 */
import type { Route } from "./+types/calendar";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { SuperuserNotice } from "../../features/records/superuser-notice.tsx";
import { CalendarDay, JournalCalendar } from "../../features/remember/journal-calendar.tsx";
import { dayOf, isDay, monthBounds, parseMonth } from "../../features/remember/journal-days.ts";
import { loadOwnEntries } from "../../features/remember/load-remember.ts";
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
    month,
    day,
    today,
    username: user.username,
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
  const { month, day, today, username, entries } = loaderData;
  return (
    <>
      <PageHeader
        title={t("remember:calendar.title")}
        intro={t("remember:calendar.intro")}
        actions={
          <ButtonLink to={paths.entryCreate()}>{t("remember:calendar.writeOne")}</ButtonLink>
        }
      />
      {day ? (
        <CalendarDay day={day} username={username} entries={entries} />
      ) : (
        <JournalCalendar month={month} today={today} username={username} entries={entries} />
      )}
    </>
  );
}
