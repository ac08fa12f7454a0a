/**
 * `/archive`: public entries and published posts, plus the signed-in person's own private and
 * unlisted entries, newest first, grouped by year and month, 30 per page. Filters by kind
 * (`?kind=entries|posts`) and tag (`?tag=`) are a plain GET form, so they work without
 * JavaScript.
 */
import { Form, Link } from "react-router";
import type { Route } from "./+types/archive";
import { EmptyState } from "../../components/records/empty-state.tsx";
import { Pagination, TagLinks, VisibilityBadge } from "../../components/records/record-lists.tsx";
import {
  personName,
  type EntrySummary,
  type PostSummary,
} from "../../components/records/summaries.ts";
import { buttonClass, ButtonLink } from "../../components/ui/button-link.tsx";
import { inputClass } from "../../components/ui/form-field.tsx";
import { FormattedDate, parseApiDate } from "../../components/ui/formatted-date.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { loadArchive } from "../../features/listings/archive.ts";
import {
  ARCHIVE_KINDS,
  listingQuery,
  MAX_TAG_LENGTH,
  type ArchiveKind,
} from "../../features/listings/listing-query.ts";
import { canonicalUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";
import {
  LiveIndicator,
  NewItemsNotice,
  useHeldItems,
} from "../../components/live/live-indicator.tsx";
import { useLiveRecords } from "../../components/live/use-live-records.ts";
import { paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";

/** What the archive listens to: entries and posts the viewer may list. */
const ARCHIVE_TOPICS = [
  { collection: "entries", topic: "*" },
  { collection: "posts", topic: "*" },
] as const;

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title, description and canonical URL. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** One page of the archive with its filters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user, t } = routeContext(context);
  const query = listingQuery(new URL(request.url));
  const archive = await loadArchive(api, user, query);
  const heading = t("records:archive.title");
  return {
    title:
      query.page > 1
        ? `${heading} (${t("listings:pagination.page", { page: query.page })})`
        : heading,
    description: t("listings:archive.description"),
    canonical: canonicalUrl(siteOrigin(context, request), paths.archive(), {
      kind: query.kind === "all" ? null : query.kind,
      tag: query.tag,
      page: query.page > 1 ? query.page : null,
    }),
    kind: query.kind,
    tag: query.tag,
    ...archive,
  };
}

type ArchiveItem = EntrySummary | PostSummary;

/** Items grouped by year, then by month (in the API's UTC), keeping their order. */
function groupByMonth(items: ArchiveItem[]) {
  const years: { year: string; months: { key: string; date: Date; items: ArchiveItem[] }[] }[] = [];
  for (const item of items) {
    const date = parseApiDate(item.date) ?? new Date(0);
    const year = String(date.getUTCFullYear());
    const key = `${year}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
    let yearGroup = years.at(-1);
    if (yearGroup?.year !== year) {
      yearGroup = { year, months: [] };
      years.push(yearGroup);
    }
    let month = yearGroup.months.at(-1);
    if (month?.key !== key) {
      month = { key, date, items: [] };
      yearGroup.months.push(month);
    }
    month.items.push(item);
  }
  return years;
}

/** The archive, kept live: new items wait above the list until the reader shows them. */
export default function Archive({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useAppTranslation();
  const { kind, tag, page, totalPages, totalItems } = loaderData;
  const live = useLiveRecords({ topics: ARCHIVE_TOPICS });
  const list = useHeldItems(
    loaderData.items,
    (item) => `${item.kind}-${item.id}`,
    `${kind}|${tag}|${page}`,
  );
  const items = list.shown;
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: "long", timeZone: "UTC" });
  const filtered = kind !== "all" || tag !== "";
  return (
    <>
      <PageHeader
        title={t("records:archive.title")}
        intro={t("listings:archive.intro")}
        actions={
          <>
            <LiveIndicator status={live.status} />
            <CalendarLink />
          </>
        }
      />
      <ArchiveFilters kind={kind} tag={tag} />
      <NewItemsNotice
        count={list.held.length}
        kind={kind === "posts" ? "posts" : kind === "entries" ? "entries" : "items"}
        onShow={list.show}
      />
      {filtered && (
        <p className="mb-6 text-stone-800" role="status">
          {tag
            ? t("listings:archive.filters.activeTag", {
                kind: t(`listings:archive.kinds.${kind}`),
                tag,
              })
            : t("listings:archive.filters.active", { kind: t(`listings:archive.kinds.${kind}`) })}
        </p>
      )}
      {items.length === 0 && list.held.length === 0 ? (
        <ArchiveEmpty
          filtered={filtered}
          outOfRange={totalItems > 0}
          page={page}
          firstPage={archiveHref(kind, tag)}
        />
      ) : (
        <div id={list.listId} tabIndex={-1} className="grid gap-10 outline-none">
          {groupByMonth(items).map((yearGroup) => (
            <section key={yearGroup.year} aria-labelledby={`archive-${yearGroup.year}`}>
              <h2
                id={`archive-${yearGroup.year}`}
                className="mb-4 font-serif text-3xl font-bold text-stone-900"
              >
                {yearGroup.year}
              </h2>
              <div className="grid gap-6">
                {yearGroup.months.map((month) => (
                  <section key={month.key} aria-labelledby={`archive-${month.key}`}>
                    <h3
                      id={`archive-${month.key}`}
                      className="mb-2 font-serif text-xl font-semibold text-stone-900"
                    >
                      {t("listings:archive.month", {
                        month: monthName.format(month.date),
                        year: yearGroup.year,
                      })}
                    </h3>
                    <ul className="divide-y divide-stone-200 rounded border border-stone-200 bg-white">
                      {month.items.map((item) => (
                        <li key={`${item.kind}-${item.id}`} className="px-4 py-3">
                          <ArchiveRow item={item} kind={kind} />
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}

/** The journal's calendar, for someone who writes entries. */
function CalendarLink() {
  const { t } = useAppTranslation();
  const { user } = useSession();
  if (!user || isSuperuser(user)) return null;
  return (
    <ButtonLink to={paths.calendar()} variant="secondary">
      {t("remember:calendar.link")}
    </ButtonLink>
  );
}

/** The archive's URL with these filters (first page). */
function archiveHref(kind: ArchiveKind, tag: string): string {
  return paths.archive({ kind: kind === "all" ? undefined : kind, tag });
}

/** One entry or post of the archive. */
function ArchiveRow({ item, kind }: { item: ArchiveItem; kind: ArchiveKind }) {
  const { t } = useAppTranslation();
  return (
    <article className="grid gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h4 className="min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere]">
          <Link
            to={item.href}
            lang={item.kind === "post" ? item.lang : undefined}
            className="underline-offset-4 hover:underline focus-visible:underline"
          >
            {item.title}
          </Link>
        </h4>
        <span className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <FormattedDate value={item.date} />
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-950">
            {item.kind === "post" ? t("listings:meta.post") : t("listings:meta.entry")}
          </span>
          {item.kind === "entry" && item.visibility !== "public" && (
            <VisibilityBadge visibility={item.visibility} />
          )}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-3 text-sm text-stone-700">
        {item.author && (
          <Link
            to={paths.profile(item.author.username)}
            className="underline-offset-4 hover:underline focus-visible:underline"
          >
            {t("listings:meta.by", { name: personName(item.author) })}
          </Link>
        )}
        {item.kind === "post" && (
          <span>{t("listings:meta.readingTime", { count: item.readingMinutes })}</span>
        )}
      </p>
      <TagLinks tags={item.tags} kind={item.kind} href={(tag) => archiveHref(kind, tag)} />
    </article>
  );
}

/** The filters: a GET form (kind and tag), with a way back to everything. */
function ArchiveFilters({ kind, tag }: { kind: ArchiveKind; tag: string }) {
  const { t } = useAppTranslation();
  return (
    <Form
      method="get"
      action={paths.archive()}
      role="search"
      aria-label={t("listings:archive.filters.label")}
      className="mb-8 grid gap-4 rounded border border-stone-200 bg-white p-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end"
    >
      <div>
        <label htmlFor="archive-kind" className="block text-sm font-semibold text-stone-900">
          {t("listings:archive.filters.kind")}
        </label>
        <select id="archive-kind" name="kind" defaultValue={kind} className={inputClass}>
          {ARCHIVE_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`listings:archive.filters.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="archive-tag" className="block text-sm font-semibold text-stone-900">
          {t("listings:archive.filters.tag")}
        </label>
        <input
          id="archive-tag"
          name="tag"
          type="search"
          defaultValue={tag}
          maxLength={MAX_TAG_LENGTH}
          aria-describedby="archive-tag-hint"
          className={inputClass}
        />
        <p id="archive-tag-hint" className="mt-1 text-sm text-stone-600">
          {t("listings:archive.filters.tagHint")}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:mb-7">
        <button type="submit" className={buttonClass.primary}>
          {t("listings:archive.filters.apply")}
        </button>
        {(kind !== "all" || tag !== "") && (
          <Link
            to={paths.archive()}
            className="font-semibold text-amber-900 underline underline-offset-4"
          >
            {t("listings:archive.filters.clear")}
          </Link>
        )}
      </div>
    </Form>
  );
}

/** An empty archive page, and what to do about it. */
function ArchiveEmpty(props: {
  filtered: boolean;
  outOfRange: boolean;
  page: number;
  firstPage: string;
}) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  if (props.outOfRange)
    return (
      <EmptyState text={t("listings:empty.outOfRange", { page: props.page })}>
        <ButtonLink to={props.firstPage}>{t("listings:empty.firstPage")}</ButtonLink>
      </EmptyState>
    );
  if (props.filtered)
    return (
      <EmptyState text={t("listings:archive.emptyFiltered")}>
        <ButtonLink to={paths.archive()} variant="secondary">
          {t("listings:archive.filters.clear")}
        </ButtonLink>
      </EmptyState>
    );
  if (user && !isSuperuser(user))
    return (
      <EmptyState text={t("listings:archive.emptySignedIn")}>
        <ButtonLink to={paths.entryCreate()}>{t("listings:archive.writeEntry")}</ButtonLink>
      </EmptyState>
    );
  return (
    <EmptyState text={t("listings:archive.empty")}>
      {!user && <ButtonLink to={paths.signUp()}>{t("listings:blog.signUp")}</ButtonLink>}
    </EmptyState>
  );
}
