/**
 * The filters of "My writing", plain links and a GET form, so they work without JavaScript:
 * the counts by state (each a link to that state, the current one marked), and the choice of
 * a collection (entries only: posts belong to none).
 */
import { useId } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { inputClass } from "../../components/ui/form-field.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import type { WritingCounts } from "./load-writing.ts";
import type { CollectionChoice } from "./writing-item.ts";
import {
  ENTRY_SHOWS,
  POST_SHOWS,
  showsEntries,
  writingHref,
  type WritingQuery,
  type WritingShow,
} from "./writing-query.ts";

/** How many records a choice lists, given the counts. */
export function countOf(counts: WritingCounts, show: WritingShow, withPosts: boolean): number {
  const entries = counts.private + counts.unlisted + counts.public;
  const posts = counts.drafts + counts.scheduled + counts.published;
  if (show === "entries") return entries;
  if (show === "posts") return posts;
  if (show === "all") return entries + (withPosts ? posts : 0);
  return counts[show];
}

/** One state link: its name and count, `aria-current` when shown. */
function StateLink(props: {
  show: WritingShow;
  label: string;
  count: number;
  query: WritingQuery;
}) {
  const current = props.query.show === props.show;
  return (
    <Link
      to={writingHref({ show: props.show, collection: props.query.collection })}
      aria-current={current ? "page" : undefined}
      className={`inline-flex min-h-9 items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium ${
        current
          ? "border-amber-800 bg-amber-800 text-white"
          : "border-stone-300 bg-white text-stone-900 hover:bg-stone-100"
      }`}
    >
      {props.label}{" "}
      <span
        className={`rounded-full px-1.5 text-xs font-semibold tabular-nums ${
          current ? "bg-white text-amber-950" : "bg-stone-100 text-stone-800"
        }`}
      >
        {props.count}
      </span>
    </Link>
  );
}

/** A labelled group of state links. */
function StateGroup(props: {
  label: string;
  shows: readonly WritingShow[];
  counts: WritingCounts;
  query: WritingQuery;
  withPosts: boolean;
}) {
  const { t } = useAppTranslation();
  const labelId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="w-full text-sm font-semibold text-stone-900 sm:w-20">
        {props.label}
      </span>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {props.shows.map((show) => (
          <li key={show}>
            <StateLink
              show={show}
              label={t(`writing:states.${show}`)}
              count={countOf(props.counts, show, props.withPosts)}
              query={props.query}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The counts by state, as links. */
export function WritingStates(props: {
  counts: WritingCounts;
  query: WritingQuery;
  withPosts: boolean;
}) {
  const { t } = useAppTranslation();
  const { counts, query, withPosts } = props;
  return (
    <nav aria-label={t("writing:states.label")} className="mb-6 grid gap-3">
      <p>
        <StateLink
          show="all"
          label={t("writing:states.all")}
          count={countOf(counts, "all", withPosts)}
          query={query}
        />
      </p>
      <StateGroup
        label={t("writing:states.entriesGroup")}
        shows={ENTRY_SHOWS}
        counts={counts}
        query={query}
        withPosts={withPosts}
      />
      {withPosts && (
        <StateGroup
          label={t("writing:states.postsGroup")}
          shows={POST_SHOWS}
          counts={counts}
          query={query}
          withPosts={withPosts}
        />
      )}
    </nav>
  );
}

/** The collection filter (a GET form keeping the state), when there are collections. */
export function CollectionFilter(props: { collections: CollectionChoice[]; query: WritingQuery }) {
  const { t } = useAppTranslation();
  const selectId = useId();
  const { collections, query } = props;
  if (collections.length === 0 || !showsEntries(query.show)) return null;
  return (
    <Form
      method="get"
      action={paths.writing()}
      role="search"
      aria-label={t("writing:filters.label")}
      className="mb-6 flex flex-wrap items-end gap-3 rounded border border-stone-200 bg-white p-4"
    >
      {query.show !== "all" && <input type="hidden" name="show" value={query.show} />}
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={selectId} className="block text-sm font-semibold text-stone-900">
          {t("writing:filters.collection")}
        </label>
        <select
          id={selectId}
          name="collection"
          defaultValue={query.collection}
          key={query.collection}
          className={inputClass}
        >
          <option value="">{t("writing:filters.anyCollection")}</option>
          {collections.map((collection) => (
            <option key={collection.id} value={collection.name}>
              {collection.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass.primary}>
        {t("writing:filters.apply")}
      </button>
      {(query.show !== "all" || query.collection !== "") && (
        <Link
          to={paths.writing()}
          className="py-2 font-semibold text-amber-900 underline underline-offset-4"
        >
          {t("writing:filters.clear")}
        </Link>
      )}
    </Form>
  );
}
