/**
 * What the search page shows under its form: how to search (no query yet), nothing found, or
 * the results with their total, each linking to the record's page with its kind, author, date
 * and highlighted snippet.
 */
import { Link } from "react-router";
import { EmptyState } from "../../components/records/empty-state.tsx";
import { personName } from "../../components/records/summaries.ts";
import { SearchSnippet } from "../../components/search/search-snippet.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import type { SearchAnswer, SearchItem } from "../../api/search/search.ts";
import { searchItemHref, searchItemTitle } from "../../lib/records/search.ts";

/** How to search: words, quotes, `-word`, prefixes. */
export function SearchHelp() {
  const { t } = useAppTranslation();
  return (
    <section aria-labelledby="search-help" className="rounded border border-stone-200 bg-white p-5">
      <h2 id="search-help" className="font-serif text-xl font-semibold text-stone-900">
        {t("search:page.help.heading")}
      </h2>
      <ul className="mt-3 grid list-disc gap-2 pl-5 text-stone-800">
        <li>{t("search:page.help.words")}</li>
        <li>{t("search:page.help.phrase")}</li>
        <li>{t("search:page.help.exclude")}</li>
        <li>{t("search:page.help.prefix")}</li>
      </ul>
    </section>
  );
}

/** The date a result shows: an entry's day, a post's publication, a collection's creation. */
function itemDate(item: SearchItem): string {
  switch (item.collectionName) {
    case "entries":
      return item.record.date;
    case "posts":
      return item.record.publishedAt || item.record.created;
    case "collections":
      return item.record.created;
  }
}

/** The author or owner of a result, as expanded. */
function itemPerson(item: SearchItem) {
  return item.collectionName === "collections"
    ? item.record.expand?.owner
    : item.record.expand?.author;
}

/** One result. */
function SearchResult({ item }: { item: SearchItem }) {
  const { t } = useAppTranslation();
  const person = itemPerson(item);
  const date = itemDate(item);
  return (
    <article className="grid gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere]">
          <Link
            to={searchItemHref(item)}
            lang={
              item.collectionName === "posts" && item.record.lang ? item.record.lang : undefined
            }
            className="underline-offset-4 hover:underline focus-visible:underline"
          >
            {searchItemTitle(item) || t("search:page.untitled")}
          </Link>
        </h3>
        <span className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
          {date && <FormattedDate value={date} />}
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-950">
            {t(`search:page.kind.${item.collectionName}`)}
          </span>
        </span>
      </div>
      {person?.username && (
        <p className="text-sm text-stone-700">
          <Link
            to={paths.profile(person.username)}
            className="underline-offset-4 hover:underline focus-visible:underline"
          >
            {t("search:page.by", { name: personName(person) })}
          </Link>
        </p>
      )}
      <SearchSnippet snippet={item.snippet} className="text-stone-800 [overflow-wrap:anywhere]" />
    </article>
  );
}

/** The results of a search, or what to do when there are none. */
export function SearchResults(props: { q: string; answer: SearchAnswer }) {
  const { t } = useAppTranslation();
  const { answer, q } = props;
  if (answer.items.length === 0) {
    return (
      <div role="status">
        <EmptyState
          text={
            answer.totalItems > 0
              ? t("listings:empty.outOfRange", { page: answer.page })
              : `${t("search:page.none", { q })} ${t("search:page.noneHint")}`
          }
        />
      </div>
    );
  }
  return (
    <section aria-labelledby="search-results">
      <h2 id="search-results" className="sr-only">
        {t("search:page.resultsLabel")}
      </h2>
      <p role="status" className="mb-4 font-semibold text-stone-900" data-testid="search-total">
        {t("search:page.total", { count: answer.totalItems, q })}
      </p>
      <ul className="divide-y divide-stone-200 rounded border border-stone-200 bg-white">
        {answer.items.map((item) => (
          <li key={`${item.collectionName}-${item.id}`} className="px-4 py-3">
            <SearchResult item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
