/**
 * `/writing/stats` (ADR 070): the signed-in writer's statistics: views and readers per day of
 * all their posts and public entries (a chart drawn on the server, with its table), each
 * work's totals (linking to its own figures, `?record=<id>`), the top referrers and their
 * feeds' subscribers; `?days=` picks the period. Linked from "My writing". A work that is
 * not theirs (or unknown) is a 404. The signed-in guard sends visitors to `/login`.
 */
import type { Route } from "./+types/stats";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { failedWith } from "../../api/client/api-errors.ts";
import { recordStats, statsRecordTitle, worksStats } from "../../api/stats/stats.ts";
import { StatsChart, sumDays, formatDay } from "../../features/stats/stats-chart.tsx";
import {
  StatsFeeds,
  StatsPeriodForm,
  StatsReferrers,
  StatsWorks,
} from "../../features/stats/stats-panels.tsx";
import { fillLabel } from "../../features/stats/stats-labels.ts";
import { statsLabels } from "../../features/stats/stats-labels.server.ts";
import { statsQuery, statsRange } from "../../features/stats/stats-query.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { paths } from "../../lib/paths.ts";
import { requireUser, routeContext, throwNotFound } from "../../lib/routes/route-data.ts";

/** Title; never indexed (a person's own page). */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The writer's figures, or one work's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = routeContext(context);
  const labels = statsLabels(locale);
  requireUser(context, request);
  const url = new URL(request.url);
  const query = statsQuery(url);
  const range = statsRange(query.days);
  if (query.record) {
    try {
      const [figures, title] = await Promise.all([
        recordStats(api, query.record, range),
        statsRecordTitle(api, query.record),
      ]);
      const name = title ?? query.record;
      return {
        title: fillLabel(labels.workTitle, { title: name }),
        query,
        locale,
        labels,
        range,
        work: { record: query.record, title: name, ...figures },
        all: null,
      };
    } catch (error) {
      if (failedWith(error, 403, 404)) throwNotFound(context, url);
      throw error;
    }
  }
  const all = await worksStats(api, range);
  return { title: labels.title, query, locale, labels, range, work: null, all };
}

/** The page. */
export default function WritingStats({ loaderData }: Route.ComponentProps) {
  const { query, locale, labels, range, work, all } = loaderData;
  const figures = work ?? all;
  const totals = sumDays(figures.days);
  const number = new Intl.NumberFormat(locale);
  return (
    <>
      <PageHeader
        title={work ? fillLabel(labels.workTitle, { title: work.title }) : labels.title}
        intro={labels.intro}
        actions={
          <ButtonLink
            to={work ? paths.writingStats({ days: query.days }) : paths.writing()}
            variant="secondary"
          >
            {work ? labels.back : labels.backToWriting}
          </ButtonLink>
        }
      />
      <StatsPeriodForm labels={labels} query={query} action={paths.writingStats()} />
      <p className="mt-4 text-stone-800" data-testid="stats-totals">
        {fillLabel(labels.totals, {
          views: number.format(totals.views),
          readers: number.format(totals.readers),
          from: formatDay(range.from, locale),
          to: formatDay(range.to, locale),
        })}
      </p>
      <StatsChart labels={labels} days={figures.days} locale={locale} />
      {all && (
        <StatsWorks
          labels={labels}
          works={all.works}
          locale={locale}
          heading={labels.works.heading}
          base={paths.writingStats()}
          days={query.days}
        />
      )}
      <StatsReferrers labels={labels} referrers={figures.referrers} locale={locale} />
      {all && <StatsFeeds labels={labels} feeds={all.feeds} locale={locale} />}
    </>
  );
}
