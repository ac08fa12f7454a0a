/**
 * `/admin/stats` (superusers, ADR 070): the whole site's views and unique readers per day (a
 * chart drawn on the server, with its table), its own pages (home, blog, profiles), the most
 * read works, the top referrers and every feed's subscribers; `?days=` picks the period; and
 * how long the daily totals are kept (`stats.retentionDays`).
 */
import type { Route } from "./+types/stats";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { readStatsSettings, siteStats } from "../../api/stats/stats.ts";
import { SystemNav } from "../../features/admin-system/system-nav.tsx";
import { StatsChart, sumDays, formatDay } from "../../features/stats/stats-chart.tsx";
import {
  StatsFeeds,
  StatsPages,
  StatsPeriodForm,
  StatsReferrers,
  StatsWorks,
} from "../../features/stats/stats-panels.tsx";
import { fillLabel } from "../../features/stats/stats-labels.ts";
import { statsLabels } from "../../features/stats/stats-labels.server.ts";
import { statsQuery, statsRange } from "../../features/stats/stats-query.ts";
import { StatsRetentionForm } from "../../features/stats/stats-retention-form.tsx";
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
  const { api, locale } = routeContext(context);
  const labels = statsLabels(locale);
  const query = { ...statsQuery(new URL(request.url)), record: null };
  const range = statsRange(query.days);
  const [site, settings] = await Promise.all([siteStats(api, range), readStatsSettings(api)]);
  return { title: labels.siteTitle, query, locale, labels, range, site, settings };
}

/** The page. */
export default function AdminStats({ loaderData }: Route.ComponentProps) {
  const { query, locale, labels, range, site, settings } = loaderData;
  const totals = sumDays(site.days);
  const number = new Intl.NumberFormat(locale);
  return (
    <>
      <PageHeader title={labels.siteTitle} intro={labels.siteIntro} />
      <SystemNav />
      <StatsPeriodForm labels={labels} query={query} action={paths.adminStats()} />
      <p className="mt-4 text-stone-800" data-testid="stats-totals">
        {fillLabel(labels.totals, {
          views: number.format(totals.views),
          readers: number.format(totals.readers),
          from: formatDay(range.from, locale),
          to: formatDay(range.to, locale),
        })}
      </p>
      <StatsChart labels={labels} days={site.days} locale={locale} />
      <StatsPages labels={labels} pages={site.pages} locale={locale} />
      <StatsWorks
        labels={labels}
        works={site.works}
        locale={locale}
        heading={labels.works.headingSite}
        days={query.days}
      />
      <StatsReferrers labels={labels} referrers={site.referrers} locale={locale} />
      <StatsFeeds labels={labels} feeds={site.feeds} locale={locale} />
      <div className="mt-8">
        <StatsRetentionForm settings={settings} labels={labels} />
      </div>
    </>
  );
}
