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

/** A column of a {@link FiguresTable}: its heading and what a row shows in it. */
interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** A count: right-aligned, in figures of one width. */
  numeric?: boolean;
}

/**
 * A table of figures: the first column heads each row (a work, a page, a host, a feed), the
 * others are its figures; long words of the first column break where the column ends.
 */
function FiguresTable<T>(props: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly [Column<T>, ...Column<T>[]];
  /** How the row headings break: at word ends (titles) or anywhere (paths, hosts). */
  wrap?: "words" | "all";
  testId?: string;
}) {
  const [first, ...rest] = props.columns;
  const cellClass = (column: Column<T>, last: boolean) =>
    ["py-1", last ? "" : "pr-4", column.numeric ? "text-right tabular-nums" : ""]
      .filter(Boolean)
      .join(" ");
  return (
    <table className={TABLE} data-testid={props.testId}>
      <thead>
        <tr className={HEAD_ROW}>
          {props.columns.map((column, i) => (
            <th
              key={column.label}
              scope="col"
              className={
                cellClass({ ...column, numeric: false }, i === props.columns.length - 1) +
                (column.numeric ? " text-right" : "")
              }
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)} className={ROW}>
            <th
              scope="row"
              className={`py-1 pr-4 font-normal ${props.wrap === "words" ? "break-words" : "break-all"}`}
            >
              {first.cell(row)}
            </th>
            {rest.map((column, i) => (
              <td key={column.label} className={cellClass(column, i === rest.length - 1)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
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

/** The works (posts and entries) and their figures. */
export function StatsWorks(props: {
  labels: StatsLabels;
  works: readonly WorkTotals[];
  locale: string;
  heading: string;
  base?: string;
  days: number;
}) {
  const { labels, base } = props;
  const number = new Intl.NumberFormat(props.locale);
  return (
    <Section heading={props.heading}>
      {props.works.length === 0 ? (
        <p className="text-stone-700">{labels.works.none}</p>
      ) : (
        <FiguresTable
          rows={props.works}
          rowKey={(work) => work.record}
          wrap="words"
          columns={[
            {
              label: labels.works.work,
              cell: (work) =>
                base ? (
                  <Link
                    to={withQuery(base, { record: work.record, days: props.days })}
                    className="text-stone-900 underline underline-offset-4"
                  >
                    {work.title}
                  </Link>
                ) : (
                  work.title
                ),
            },
            { label: labels.works.kind, cell: (work) => labels.works[work.collection] },
            { label: labels.chart.views, numeric: true, cell: (work) => number.format(work.views) },
            {
              label: labels.chart.readers,
              numeric: true,
              cell: (work) => number.format(work.readers),
            },
          ]}
        />
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
      <FiguresTable
        rows={props.pages}
        rowKey={(page) => page.path}
        columns={[
          {
            label: labels.pages.page,
            cell: (page) => (
              <Link to={page.path} className="text-stone-900 underline underline-offset-4">
                {page.path}
              </Link>
            ),
          },
          { label: labels.chart.views, numeric: true, cell: (page) => number.format(page.views) },
          {
            label: labels.chart.readers,
            numeric: true,
            cell: (page) => number.format(page.readers),
          },
        ]}
      />
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
        <FiguresTable
          rows={props.referrers}
          rowKey={(referrer) => referrer.host}
          testId="stats-referrers"
          columns={[
            { label: labels.referrers.host, cell: (referrer) => referrer.host },
            {
              label: labels.chart.views,
              numeric: true,
              cell: (referrer) => number.format(referrer.views),
            },
          ]}
        />
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
        <FiguresTable
          rows={props.feeds}
          rowKey={(feed) => feed.feed}
          columns={[
            { label: labels.feeds.feed, cell: (feed) => feed.feed },
            {
              label: labels.feeds.subscribers,
              numeric: true,
              cell: (feed) => number.format(feed.subscribers),
            },
            {
              label: labels.feeds.readers,
              cell: (feed) =>
                feed.readers.map((r) => `${r.reader} (${number.format(r.subscribers)})`).join(", "),
            },
          ]}
        />
      )}
    </Section>
  );
}
