/**
 * The archive's parts (`/archive`, the route composes them): its filters (a plain GET form,
 * so they work without JavaScript), its items grouped by year and month (in the API's UTC),
 * one row per entry or post, the calendar link and what an empty page says.
 */
import { Form, Link } from "react-router";
import { EmptyState } from "../../components/records/empty-state.tsx";
import { CommentCount, TagLinks, VisibilityBadge } from "../../components/records/record-lists.tsx";
import {
  personName,
  type EntrySummary,
  type PostSummary,
} from "../../components/records/summaries.ts";
import { buttonClass, ButtonLink } from "../../components/ui/button-link.tsx";
import { inputClass } from "../../components/ui/form-field.tsx";
import { FormattedDate, parseApiDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { isSuperuser } from "../../api/auth/session.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { ARCHIVE_KINDS, MAX_TAG_LENGTH, type ArchiveKind } from "./listing-query.ts";

/** One item of the archive: an entry or a post. */
export type ArchiveItem = EntrySummary | PostSummary;

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

/** The items, grouped by year and then by month, each group a titled section. */
export function ArchiveMonths(props: { listId: string; items: ArchiveItem[]; kind: ArchiveKind }) {
  const { t, i18n } = useAppTranslation();
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: "long", timeZone: "UTC" });
  return (
    <div id={props.listId} tabIndex={-1} className="grid gap-10 outline-none">
      {groupByMonth(props.items).map((yearGroup) => (
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
                      <ArchiveRow item={item} kind={props.kind} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** The journal's calendar, for someone who writes entries. */
export function CalendarLink() {
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
export function archiveHref(kind: ArchiveKind, tag: string): string {
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
        <CommentCount href={item.href} count={item.comments} />
      </p>
      <TagLinks tags={item.tags} kind={item.kind} href={(tag) => archiveHref(kind, tag)} />
    </article>
  );
}

/**
 * The filters' grid: at `sm` and up, three rows shared by its fields (subgrid): the labels,
 * then the controls and the button, then the hint. The controls line up however tall the
 * labels or the hint grow (a French hint wraps), with no margin guessed to match them. Below
 * `sm` each field stacks, the button across the width.
 */
const FILTERS_CLASS =
  "mb-8 grid gap-4 rounded border border-stone-200 bg-white p-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:grid-rows-[auto_auto_auto] sm:gap-y-0";
/** A field of the filters: its label, control and hint in the grid's three rows. */
const FIELD_CLASS = "sm:row-span-3 sm:grid sm:grid-rows-subgrid";

/** The filters: a GET form (kind and tag), with a way back to everything. */
export function ArchiveFilters({ kind, tag }: { kind: ArchiveKind; tag: string }) {
  const { t } = useAppTranslation();
  return (
    <Form
      method="get"
      action={paths.archive()}
      role="search"
      aria-label={t("listings:archive.filters.label")}
      className={FILTERS_CLASS}
    >
      <div className={FIELD_CLASS}>
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
      <div className={FIELD_CLASS}>
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
      <div className="flex flex-wrap items-center gap-3 sm:col-start-3 sm:row-start-2 sm:mt-1 sm:self-start">
        <button
          type="submit"
          className={`${buttonClass.primary} w-full border border-amber-800 sm:w-auto`}
        >
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
export function ArchiveEmpty(props: {
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
