/**
 * The parts of the statistics pages (ADR 070) around the chart: the period form (a GET
 * form: works without JavaScript), the totals, the works or pages with their figures, the
 * top referring hosts and the feed readers' subscriber counts.
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { StatsFeed, StatsReferrer, WorkTotals } from "../../api/stats/stats.ts";
import { fillLabel, type StatsLabels } from "./stats-labels.ts";
import { withQuery } from "../../lib/paths.ts";
import { STATS_PERIODS, type StatsQuery } from "./stats-query.ts";

const TABLE = "w-full text-left text-sm";
const HEAD_ROW = "border-b border-stone-300";
const ROW = "border-b border-stone-200";

/** A section with its heading. */
function Section(props: { heading: string; intro?: string; children: ReactNode }) {
  return (
    <section className="mt-8">
      <h2 className="font-serif text-2xl font-semibold text-stone-900">{props.heading}</h2>
      {props.intro && <p className="mt-1 text-sm text-stone-700">{props.intro}</p>}
      <div className="mt-3">{props.children}</div>
    </section>
  );
}

/** The period chooser. */
export function StatsPeriodForm(props: { query: StatsQuery; action: string; labels: StatsLabels }) {
  const { labels } = props;
  return (
    <Form method="get" action={props.action} className="flex flex-wrap items-end gap-3">
      {props.query.record && <input type="hidden" name="record" value={props.query.record} />}
      <label className="flex flex-col gap-1 font-semibold text-stone-900">
        {labels.range.label}
        <select
          name="days"
          defaultValue={String(props.query.days)}
          className="min-h-10 rounded border border-stone-400 bg-white px-2 text-stone-900"
        >
          {STATS_PERIODS.map((days) => (
            <option key={days} value={days}>
              {fillLabel(labels.range.days, { count: days })}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="min-h-10 rounded bg-stone-900 px-4 font-semibold text-white hover:bg-stone-700"
      >
        {labels.range.show}
      </button>
    </Form>
  );
}

/** Works and their figures (each linking to its own statistics when `base` is given). */
export function StatsWorks(props: {
  labels: StatsLabels;
  works: readonly WorkTotals[];
  locale: string;
  heading: string;
  base?: string;
  days: number;
}) {
  const { labels } = props;
  const number = new Intl.NumberFormat(props.locale);
  return (
    <Section heading={props.heading}>
      {props.works.length === 0 ? (
        <p className="text-stone-700">{labels.works.none}</p>
      ) : (
        <table className={TABLE}>
          <thead>
            <tr className={HEAD_ROW}>
              <th scope="col" className="py-1 pr-4">
                {labels.works.work}
              </th>
              <th scope="col" className="py-1 pr-4">
                {labels.works.kind}
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
            {props.works.map((work) => (
              <tr key={work.record} className={ROW}>
                <th scope="row" className="py-1 pr-4 font-normal break-words">
                  {props.base ? (
                    <Link
                      to={withQuery(props.base, { record: work.record, days: props.days })}
                      className="text-stone-900 underline underline-offset-4"
                    >
                      {work.title}
                    </Link>
                  ) : (
                    work.title
                  )}
                </th>
                <td className="py-1 pr-4">{labels.works[work.collection]}</td>
                <td className="py-1 pr-4 text-right tabular-nums">{number.format(work.views)}</td>
                <td className="py-1 text-right tabular-nums">{number.format(work.readers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

/** The site's own pages (home, blog, profiles) and their figures. */
export function StatsPages(props: {
  labels: StatsLabels;
  pages: readonly { path: string; views: number; readers: number }[];
  locale: string;
}) {
  const { labels } = props;
  const number = new Intl.NumberFormat(props.locale);
  if (props.pages.length === 0) return null;
  return (
    <Section heading={labels.pages.heading}>
      <table className={TABLE}>
        <thead>
          <tr className={HEAD_ROW}>
            <th scope="col" className="py-1 pr-4">
              {labels.pages.page}
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
          {props.pages.map((page) => (
            <tr key={page.path} className={ROW}>
              <th scope="row" className="py-1 pr-4 font-normal break-all">
                <Link to={page.path} className="text-stone-900 underline underline-offset-4">
                  {page.path}
                </Link>
              </th>
              <td className="py-1 pr-4 text-right tabular-nums">{number.format(page.views)}</td>
              <td className="py-1 text-right tabular-nums">{number.format(page.readers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

/** The top referring hosts. */
export function StatsReferrers(props: {
  referrers: readonly StatsReferrer[];
  locale: string;
  labels: StatsLabels;
}) {
  const { labels } = props;
  const number = new Intl.NumberFormat(props.locale);
  return (
    <Section heading={labels.referrers.heading}>
      {props.referrers.length === 0 ? (
        <p className="text-stone-700">{labels.referrers.none}</p>
      ) : (
        <table className={TABLE} data-testid="stats-referrers">
          <thead>
            <tr className={HEAD_ROW}>
              <th scope="col" className="py-1 pr-4">
                {labels.referrers.host}
              </th>
              <th scope="col" className="py-1 text-right">
                {labels.chart.views}
              </th>
            </tr>
          </thead>
          <tbody>
            {props.referrers.map((referrer) => (
              <tr key={referrer.host} className={ROW}>
                <th scope="row" className="py-1 pr-4 font-normal break-all">
                  {referrer.host}
                </th>
                <td className="py-1 text-right tabular-nums">{number.format(referrer.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

/** The feeds' subscribers, as feed readers reported them. */
export function StatsFeeds(props: {
  feeds: readonly StatsFeed[];
  locale: string;
  labels: StatsLabels;
}) {
  const { labels } = props;
  const number = new Intl.NumberFormat(props.locale);
  return (
    <Section heading={labels.feeds.heading} intro={labels.feeds.intro}>
      {props.feeds.length === 0 ? (
        <p className="text-stone-700">{labels.feeds.none}</p>
      ) : (
        <table className={TABLE}>
          <thead>
            <tr className={HEAD_ROW}>
              <th scope="col" className="py-1 pr-4">
                {labels.feeds.feed}
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                {labels.feeds.subscribers}
              </th>
              <th scope="col" className="py-1">
                {labels.feeds.readers}
              </th>
            </tr>
          </thead>
          <tbody>
            {props.feeds.map((feed) => (
              <tr key={feed.feed} className={ROW}>
                <th scope="row" className="py-1 pr-4 font-normal break-all">
                  {feed.feed}
                </th>
                <td className="py-1 pr-4 text-right tabular-nums">
                  {number.format(feed.subscribers)}
                </td>
                <td className="py-1">
                  {feed.readers
                    .map((r) => `${r.reader} (${number.format(r.subscribers)})`)
                    .join(", ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
