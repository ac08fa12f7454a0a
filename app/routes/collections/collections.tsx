/**
 * `/collections`: the signed-in person's own collections (every visibility) with a button to
 * create one; for visitors (and superusers, who own none), the public ones.
 */
import type { Route } from "./+types/collections";
import { EmptyState } from "../../components/records/empty-state.tsx";
import { CollectionCards, Pagination } from "../../components/records/record-lists.tsx";
import { collectionSummary } from "../../components/records/summaries.server.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { listingQuery } from "../../features/reading/listing-query.ts";
import { canonicalUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { PAGE_SIZE, type CollectionRecord } from "../../api/records/records.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title, description and canonical URL. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** One page of the visitor's own collections, or of the public ones. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user, t } = routeContext(context);
  const { page } = listingQuery(new URL(request.url));
  const own = user?.collectionName === "users";
  const list = await listRecords<CollectionRecord>(api, "collections", page, PAGE_SIZE, {
    filter: own ? filterExpression(api, "owner = {:me}", { me: user.id }) : 'visibility = "public"',
    sort: "title,-created,id",
    expand: "owner",
  });
  const heading = t("records:collections.title");
  return {
    title: page > 1 ? `${heading} (${t("listings:pagination.page", { page })})` : heading,
    description: own
      ? t("listings:collections.descriptionOwn")
      : t("listings:collections.description"),
    canonical: canonicalUrl(siteOrigin(context, request), paths.collections(), {
      page: page > 1 ? page : null,
    }),
    own,
    signedIn: user !== null,
    collections: list.items.map((collection) => collectionSummary(collection)),
    page,
    totalPages: list.totalPages,
    totalItems: list.totalItems,
  };
}

/** The collections page. */
export default function Collections({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { own, signedIn, collections, page, totalPages, totalItems } = loaderData;
  const createButton = (
    <ButtonLink to={paths.collectionCreate()}>{t("listings:collections.create")}</ButtonLink>
  );
  return (
    <>
      <PageHeader
        title={t("records:collections.title")}
        intro={own ? t("listings:collections.introOwn") : t("listings:collections.introPublic")}
        actions={own ? createButton : undefined}
      />
      {collections.length > 0 ? (
        <CollectionCards collections={collections} showOwner={!own} showVisibility={own} />
      ) : totalItems > 0 ? (
        <EmptyState text={t("listings:empty.outOfRange", { page })}>
          <ButtonLink to={paths.collections()}>{t("listings:empty.firstPage")}</ButtonLink>
        </EmptyState>
      ) : own ? (
        <EmptyState text={t("listings:collections.emptyOwn")}>{createButton}</EmptyState>
      ) : (
        <EmptyState text={t("listings:collections.emptyPublic")}>
          {!signedIn && (
            <ButtonLink to={paths.signUp()}>{t("listings:collections.signUp")}</ButtonLink>
          )}
        </EmptyState>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}
