/**
 * The rows of "My writing": each entry or post with its kind and state, its last edit, its
 * publication or schedule, its collection, the start of its text and its quick actions. The
 * heading names what is shown, with the range of this page ("31–60 of 75").
 */
import { SelectEntryBox } from "./bulk-move.tsx";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { useAppTranslation, type AppT } from "../../lib/i18n/i18n.ts";
import { parseApiDate } from "../../components/ui/formatted-date.tsx";
import {
  useRowActions,
  WritingActions,
  WritingDialogs,
  type RowActions,
} from "./writing-actions.tsx";
import { ListHeading } from "./list-heading.tsx";
import { formatDateTime } from "./writing-dates.ts";
import type { WritingItem } from "./writing-item.ts";
import { writingHref, type WritingQuery } from "./writing-query.ts";

const linkClass = "underline-offset-4 hover:underline focus-visible:underline";

/** The colours of each state's badge (dark text on a light ground, AA contrast). */
const STATE_TONES: Record<WritingItem["state"], string> = {
  draft: "bg-amber-100 text-amber-950",
  scheduled: "bg-sky-100 text-sky-950",
  published: "bg-emerald-100 text-emerald-950",
  private: "bg-stone-200 text-stone-900",
  unlisted: "bg-violet-100 text-violet-950",
  public: "bg-emerald-100 text-emerald-950",
};

/** The translated name of a row's state. */
function stateLabel(t: AppT, item: WritingItem): string {
  return item.kind === "post"
    ? t(`writing:row.${item.state}`)
    : t(`common:visibility.${item.state}`);
}

/**
 * A message about a date (`{{date}}` in it), in a `<time>` element carrying the date; nothing
 * when the date is empty.
 */
function DatedText(props: {
  value: string;
  locale: string;
  message: (date: string) => string;
  className?: string;
}) {
  const date = parseApiDate(props.value);
  if (!date) return null;
  return (
    <time dateTime={date.toISOString()} className={props.className}>
      {props.message(formatDateTime(props.value, props.locale))}
    </time>
  );
}

/** The heading of the list: what is shown, in a collection when one is chosen. */
export function writingHeading(t: AppT, query: WritingQuery, collectionTitle: string): string {
  const what = t(`writing:headings.${query.show}`);
  return collectionTitle
    ? t("writing:headings.inCollection", { what, collection: collectionTitle })
    : what;
}

/** Props of {@link WritingList}. */
export interface WritingListProps {
  items: WritingItem[];
  query: WritingQuery;
  heading: string;
  totalItems: number;
  authorId: string;
  canPublish: boolean;
  locale: string;
  /** The id of the element wrapping the rows (the held-items notice focuses it). */
  listId: string;
  /** What shows instead of the rows when there is none. */
  empty: ReactNode;
}

/**
 * The list of rows (or its empty state) under its heading, which stays in place, so it takes
 * the focus once a deleted row is gone (its button went with it).
 */
export function WritingList(props: WritingListProps) {
  const headingId = useId();
  const actions = useRowActions(props.authorId, () => {
    document.getElementById(headingId)?.focus();
  });
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <ListHeading
        id={headingId}
        heading={props.heading}
        page={props.query.page}
        totalItems={props.items.length > 0 ? props.totalItems : 0}
        focusable
      />
      {props.items.length === 0 ? (
        props.empty
      ) : (
        <ul
          id={props.listId}
          tabIndex={-1}
          className="divide-y divide-stone-200 rounded border border-stone-200 bg-white outline-none"
        >
          {props.items.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="px-4 py-4">
              <WritingRow
                item={item}
                canPublish={props.canPublish}
                locale={props.locale}
                actions={actions}
              />
            </li>
          ))}
        </ul>
      )}
      <WritingDialogs actions={actions} locale={props.locale} />
    </section>
  );
}

/** One entry or post. */
function WritingRow(props: {
  item: WritingItem;
  canPublish: boolean;
  locale: string;
  actions: RowActions;
}) {
  const { t } = useAppTranslation();
  const { item, locale } = props;
  const lang = item.kind === "post" ? item.lang : undefined;
  return (
    <article className="grid gap-2" data-testid="writing-row">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 items-start gap-3">
          {item.kind === "entry" && <SelectEntryBox id={item.id} title={item.title} />}
          <h3 className="min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere]">
            <Link to={item.editHref} lang={lang} className={linkClass}>
              {item.title}
            </Link>
          </h3>
        </div>
        <span className="flex flex-wrap items-center gap-2 text-xs font-medium">
          <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-800">
            {item.kind === "post" ? t("writing:row.post") : t("writing:row.entry")}
          </span>
          <span
            data-testid="writing-state"
            className={`rounded-full px-2 py-0.5 ${STATE_TONES[item.state]}`}
          >
            {stateLabel(t, item)}
          </span>
        </span>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
        <DatedText
          value={item.updated}
          locale={locale}
          message={(date) => t("writing:row.edited", { date })}
        />
        {item.kind === "post" && item.state === "scheduled" && (
          <DatedText
            value={item.publishedAt}
            locale={locale}
            message={(date) => t("writing:row.scheduledFor", { date })}
            className="font-medium text-sky-950"
          />
        )}
        {item.kind === "post" && item.state === "published" && (
          <DatedText
            value={item.publishedAt}
            locale={locale}
            message={(date) => t("writing:row.publishedOn", { date })}
          />
        )}
        {item.kind === "entry" && item.collection && (
          <Link
            to={writingHref({ show: "all", collection: item.collection.name })}
            className={`text-stone-900 underline ${linkClass}`}
          >
            {t("writing:row.inCollection", { collection: item.collection.title })}
          </Link>
        )}
      </p>
      {item.excerpt && (
        <p lang={lang} className="text-stone-800 [overflow-wrap:anywhere]">
          {item.excerpt}
        </p>
      )}
      <WritingActions item={item} canPublish={props.canPublish} actions={props.actions} />
    </article>
  );
}
