/**
 * `/writing/subscribers`: the email subscribers of the signed-in person's posts and public
 * collections (ADR 065), and the blog's for an admin: counts by status, the list with each
 * one's target, status, frequency and date, filters in the address (a GET form, so they work
 * without JavaScript), and a CSV export per target. The collection's rules decide what is
 * read: nobody else's addresses reach this page. The signed-in guard sends visitors to
 * `/login`.
 */
import type { Route } from "./+types/subscribers";
import { Pagination } from "../../components/records/record-lists.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { loadSubscribers } from "../../features/subscriptions/load-subscribers.ts";
import {
  SubscriberCounts,
  SubscriberExports,
  SubscriberFilters,
  SubscriberRows,
} from "../../features/subscriptions/subscriber-list.tsx";
import { subscribersQuery } from "../../features/subscriptions/subscribers-query.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { paths } from "../../lib/paths.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";

/** Title and description; never indexed (a person's own page). */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The viewer's targets, the counts and one page of subscribers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, t, locale } = routeContext(context);
  const user = requireUser(context, request);
  const query = subscribersQuery(new URL(request.url));
  const heading = t("subscriptions:subscribers.title");
  const loaded = await loadSubscribers(api, user, query);
  return {
    title:
      query.page > 1
        ? `${heading} (${t("listings:pagination.page", { page: query.page })})`
        : heading,
    description: t("subscriptions:subscribers.description"),
    query,
    locale,
    ...loaded,
  };
}

/** The page. */
export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { query, targets } = loaderData;
  return (
    <>
      <PageHeader
        title={t("subscriptions:subscribers.title")}
        intro={t("subscriptions:subscribers.intro")}
        actions={
          <ButtonLink to={paths.writing()} variant="secondary">
            {t("subscriptions:subscribers.back")}
          </ButtonLink>
        }
      />
      <SubscriberCounts counts={loaderData.counts} />
      <SubscriberFilters query={query} targets={targets} />
      <SubscriberRows
        rows={loaderData.rows}
        targets={targets}
        totalItems={loaderData.totalItems}
        filtered={!!(query.target || query.status || query.search)}
        locale={loaderData.locale}
      />
      <Pagination page={query.page} totalPages={loaderData.totalPages} />
      <SubscriberExports query={query} targets={targets} />
    </>
  );
}
