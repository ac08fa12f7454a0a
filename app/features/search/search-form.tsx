/**
 * The search page's form: the text and its filters (kind, collection, tag, author, dates) as
 * one GET form, so it works without JavaScript. With JavaScript, results follow as you type:
 * each pause submits the form, replacing the URL (no history entry per key), and React Router
 * drops a request a newer one supersedes. The form's error (a query the API refused) is tied
 * to the text field.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { inputClass } from "../../components/ui/form-field.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { MAX_SEARCH_LENGTH, SEARCH_KINDS } from "../../api/search/search.ts";
import type { CollectionOption, SearchRefusal } from "./load-search.ts";
import { hasFilters, type SearchPageQuery } from "./search-query.ts";

/** Quiet time after a key before the results follow, in milliseconds. */
const DEBOUNCE_MS = 250;

/** What a submission from this form carries in the history state: the form's identity. */
interface SearchFormState {
  searchForm?: string;
}

const labelClass = "block text-sm font-semibold text-stone-900";

/** The search form. */
export function SearchForm(props: {
  query: SearchPageQuery;
  refusal: SearchRefusal | null;
  collections: CollectionOption[];
}) {
  const { t } = useAppTranslation();
  const { query, refusal, collections } = props;
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The form is drawn again (its fields reset to the URL) on any navigation but its own.
  const formKey = (location.state as SearchFormState | null)?.searchForm ?? location.key;

  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const follow = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const data = new FormData(form);
      // Empty fields and "any kind" are no filter: the URL leaves them out.
      for (const [name, value] of [...data.entries()])
        if (value === "" || (name === "kind" && value === "all")) data.delete(name);
      void submit(data, {
        method: "get",
        action: paths.search(),
        replace: true,
        preventScrollReset: true,
        state: { searchForm: formKey } satisfies SearchFormState,
      });
    }, delay);
  };

  const collectionKnown =
    query.collection === "" || collections.some((c) => c.id === query.collection);
  const errorId = "search-q-error";
  return (
    <Form
      key={formKey}
      ref={formRef}
      method="get"
      action={paths.search()}
      role="search"
      aria-label={t("search:page.filters.label")}
      className="mb-8 grid gap-4 rounded border border-stone-200 bg-white p-4"
      onChange={(event) => {
        const target = event.target as HTMLElement;
        // Text fields follow after a pause; choices at once.
        follow(
          target.tagName === "SELECT" || target.getAttribute("type") === "date" ? 0 : DEBOUNCE_MS,
        );
      }}
      onSubmit={() => {
        clearTimeout(timer.current);
      }}
    >
      <div>
        <label htmlFor="search-q" className={labelClass}>
          {t("search:page.query")}
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id="search-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={MAX_SEARCH_LENGTH}
            autoComplete="off"
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? errorId : undefined}
            className={`${inputClass} mt-0 min-w-0 flex-1`}
          />
          <button type="submit" className={buttonClass.primary}>
            {t("search:page.submit")}
          </button>
        </div>
        {refusal && (
          <p id={errorId} role="alert" className="mt-2 font-semibold text-red-800">
            {t("search:page.invalid", { reason: t(`search:page.reasons.${refusal}`) })}
          </p>
        )}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="sr-only">{t("search:page.filters.label")}</legend>
        <div>
          <label htmlFor="search-kind" className={labelClass}>
            {t("search:page.filters.kind")}
          </label>
          <select id="search-kind" name="kind" defaultValue={query.kind} className={inputClass}>
            <option value="all">{t("search:page.filters.kinds.all")}</option>
            {SEARCH_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`search:page.filters.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        {collections.length > 0 || !collectionKnown ? (
          <div>
            <label htmlFor="search-collection" className={labelClass}>
              {t("search:page.filters.collection")}
            </label>
            <select
              id="search-collection"
              name="collection"
              defaultValue={query.collection}
              className={inputClass}
            >
              <option value="">{t("search:page.filters.anyCollection")}</option>
              {!collectionKnown && <option value={query.collection}>{query.collection}</option>}
              {collections.map((collection) => (
                <option key={collection.id} value={collection.id}>
                  {collection.title}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor="search-tag" className={labelClass}>
            {t("search:page.filters.tag")}
          </label>
          <input
            id="search-tag"
            name="tag"
            type="text"
            defaultValue={query.tag}
            maxLength={40}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="search-author" className={labelClass}>
            {t("search:page.filters.author")}
          </label>
          <input
            id="search-author"
            name="author"
            type="text"
            defaultValue={query.author}
            maxLength={30}
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="search-from" className={labelClass}>
            {t("search:page.filters.from")}
          </label>
          <input
            id="search-from"
            name="from"
            type="date"
            defaultValue={query.from}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="search-to" className={labelClass}>
            {t("search:page.filters.to")}
          </label>
          <input
            id="search-to"
            name="to"
            type="date"
            defaultValue={query.to}
            className={inputClass}
          />
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.secondary}>
          {t("search:page.filters.apply")}
        </button>
        {hasFilters(query) && (
          <Link
            to={paths.search({ q: query.q })}
            className="font-semibold text-amber-900 underline underline-offset-4"
          >
            {t("search:page.filters.clear")}
          </Link>
        )}
      </div>
    </Form>
  );
}
