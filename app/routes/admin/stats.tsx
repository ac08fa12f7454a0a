/**
 * `/admin/stats` (superusers, ADR 070): the whole site's views and unique readers per day (a
 * chart drawn on the server, with its table), its own pages (home, blog, profiles), the most
 * read works, the top referrers and every feed's subscribers; `?days=` picks the period.
 */
import type { Route } from "./+types/stats";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { siteStats } from "../../api/stats/stats.ts";
import { SystemNav } from "../../features/admin-system/system-nav.tsx";
import { StatsChart, sumDays, formatDay } from "../../features/stats/stats-chart.tsx";
import {
  StatsFeeds,
  StatsPages,
  StatsPeriodForm,
  StatsReferrers,
  StatsWorks,
} from "../../features/stats/stats-panels.tsx";
import { statsQuery, statsRange } from "../../features/stats/stats-query.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { paths } from "../../lib/paths.ts";
import { requireSuperuser, routeContext } from "../../lib/routes/route-data.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The site's figures over the period asked for. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSuperuser(context);
  const { api, t, locale } = routeContext(context);
  const query = { ...statsQuery(new URL(request.url)), record: null };
  const range = statsRange(query.days);
  const site = await siteStats(api, range);
  return { title: t("stats:siteTitle"), query, locale, range, site };
}

/** The page. */
export default function AdminStats({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { query, locale, range, site } = loaderData;
  const totals = sumDays(site.days);
  const number = new Intl.NumberFormat(locale);
  return (
    <>
      <PageHeader title={t("stats:siteTitle")} intro={t("stats:siteIntro")} />
      <SystemNav />
      <StatsPeriodForm query={query} action={paths.adminStats()} />
      <p className="mt-4 text-stone-800" data-testid="stats-totals">
        {t("stats:totals", {
          views: number.format(totals.views),
          readers: number.format(totals.readers),
          from: formatDay(range.from, locale),
          to: formatDay(range.to, locale),
        })}
      </p>
      <StatsChart days={site.days} locale={locale} />
      <StatsPages pages={site.pages} locale={locale} />
      <StatsWorks
        works={site.works}
        locale={locale}
        heading={t("stats:works.headingSite")}
        days={query.days}
      />
      <StatsReferrers referrers={site.referrers} locale={locale} />
      <StatsFeeds feeds={site.feeds} locale={locale} />
    </>
  );
}
