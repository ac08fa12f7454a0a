/**
 * `/search?q=`: full-text search over the entries, posts and collections the visitor may read
 * (issue 14), server-rendered through the API (`GET /api/search`), so guests find public
 * things only and a signed-in person their own private ones too. The filters are a GET form
 * (works without JavaScript; with it, results follow as you type). Without a query the page
 * explains how to search; a query the API refuses is a form error; pages of 20.
 */
import type { Route } from "./+types/search";
import { Pagination } from "../../components/records/record-lists.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { loadSearch } from "../../features/search/load-search.ts";
import { SearchForm } from "../../features/search/search-form.tsx";
import { SearchHelp, SearchResults } from "../../features/search/search-results.tsx";
import { searchPageQuery, searchPathQuery } from "../../features/search/search-query.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { paths } from "../../lib/paths.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { canonicalUrl, siteOrigin } from "../../lib/routes/site-url.ts";

/** Title, description and canonical URL; results pages are not indexed. */
export function meta(args: Route.MetaArgs) {
  const base = pageMeta(args);
  // Undefined when the loader threw (the error page).
  const data = args.loaderData as typeof args.loaderData | undefined;
  return data?.query.q ? [...base, { name: "robots", content: "noindex" }] : base;
}

/** The query, a page of results when there is one, and the person's collections. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user, t } = routeContext(context);
  const query = searchPageQuery(new URL(request.url));
  const data = await loadSearch(api, user, query);
  const q = query.q.trim();
  const heading = q ? t("search:page.titleFor", { q }) : t("search:page.title");
  return {
    title:
      query.page > 1
        ? `${heading} (${t("listings:pagination.page", { page: query.page })})`
        : heading,
    description: t("search:page.description"),
    canonical: canonicalUrl(siteOrigin(context, request), paths.search(), {
      ...searchPathQuery(query),
    }),
    query,
    ...data,
  };
}

/** The search page. */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { query, answer, refusal, collections } = loaderData;
  return (
    <>
      <PageHeader title={t("search:page.title")} intro={t("search:page.intro")} />
      <SearchForm query={query} refusal={refusal} collections={collections} />
      {answer ? (
        <>
          <SearchResults q={query.q.trim()} answer={answer} />
          <Pagination page={answer.page} totalPages={answer.totalPages} />
        </>
      ) : (
        !refusal && <SearchHelp />
      )}
    </>
  );
}
