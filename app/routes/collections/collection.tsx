/**
 * `/collection/{username}/{name}`: a collection (its Markdown description, its owner) and the
 * entries in it the visitor may read, 30 per page; the owner also sees their private and
 * unlisted entries, marked as such, and an edit link. Live: changes elsewhere show without a
 * reload, new entries behind a "new entries — show" notice. A public collection ends with the
 * email subscribe form (its action: a plain POST, ADR 065).
 */
import { Link } from "react-router";
import { BookOpen } from "lucide-react";
import type { Route } from "./+types/collection";
import { EmptyState } from "../../components/records/empty-state.tsx";
import { Markdown } from "../../components/records/markdown.tsx";
import { EntryRows, Pagination, VisibilityBadge } from "../../components/records/record-lists.tsx";
import { entrySummary, personName, personSummary } from "../../components/records/summaries.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { listingQuery } from "../../features/reading/listing-query.ts";
import { canonicalUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { excerpt } from "#shared/markdown/plain-text.ts";
import { collectionFeedLinks } from "../feeds/feed-links.ts";
import { type EntryRecord, PAGE_SIZE } from "../../api/records/records.ts";
import { findCollection } from "../../api/records/record-pages.ts";
import { markdownHtml } from "../../lib/routes/markdown.server.ts";
import { routeContext, readNamedOr404 } from "../../lib/routes/route-data.ts";
import {
  LiveIndicator,
  NewItemsNotice,
  useHeldItems,
} from "../../components/live/live-indicator.tsx";
import { useLiveRecords } from "../../components/live/use-live-records.ts";
import { paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";
import { SubscribeForm } from "../../features/subscriptions/subscribe-form.tsx";
import { subscribeOnlyAction } from "../../features/subscriptions/subscribe-action.server.ts";

/** Length of the meta description, in characters. */
const DESCRIPTION_LENGTH = 160;

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title (the collection's), description and canonical URL; its feeds when it is public. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), ...collectionFeedLinks(args)];
}

/** The collection and one page of its entries the visitor may read. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, user, t } = routeContext(context);
  const url = new URL(request.url);
  const { page } = listingQuery(url);
  // Another spelling of the username redirects: one address per collection (ADR 037).
  const collection = await readNamedOr404(context, url, params.username, 2, (username) =>
    findCollection(api, username, params.name),
  );
  const isOwner = user?.id === collection.owner;
  const entries = await listRecords<EntryRecord>(api, "entries", page, PAGE_SIZE, {
    filter: filterExpression(
      api,
      isOwner ? "collection = {:id}" : 'collection = {:id} && visibility = "public"',
      { id: collection.id },
    ),
    sort: "-date,-created,-id",
  });
  const owner = personSummary(collection.expand?.owner);
  const ownerName = owner ? personName(owner) : params.username;
  const username = owner?.username ?? params.username;
  return {
    title: collection.title,
    description:
      excerpt(collection.description, DESCRIPTION_LENGTH) ||
      t("listings:collections.descriptionFallback", { name: ownerName }),
    canonical: canonicalUrl(
      siteOrigin(context, request),
      paths.collection(username, collection.name),
      { page: page > 1 ? page : null },
    ),
    collection: {
      id: collection.id,
      name: collection.name,
      title: collection.title,
      visibility: collection.visibility,
    },
    // The description travels as the server's HTML (ADR 050).
    descriptionHtml: markdownHtml(context, collection.description),
    owner,
    username,
    isOwner,
    entries: entries.items.map((entry) => entrySummary(entry, username)),
    page,
    totalPages: entries.totalPages,
    totalItems: entries.totalItems,
  };
}

/** The email subscribe form's submission (post/redirect/get). */
export function action(args: Route.ActionArgs) {
  return subscribeOnlyAction(args);
}

/** The collection page, kept live (its details and its entries). */
export default function Collection({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { collection, owner, username, isOwner, page, totalPages, totalItems } = loaderData;
  // Entries without a filter: one that moves out of the collection must leave the page too,
  // and a filtered subscription never hears of a record that stops matching. The collection
  // by its link: an unlisted one is shown only to a request naming it (ADR 062).
  const live = useLiveRecords({
    topics: [
      {
        collection: "collections",
        topic: collection.id,
        query: { owner: username, name: collection.name },
      },
      { collection: "entries", topic: "*" },
    ],
  });
  const list = useHeldItems(loaderData.entries, (entry) => entry.id, `${collection.id}|${page}`);
  const entries = list.shown;
  return (
    <>
      <PageHeader
        title={collection.title}
        intro={
          owner && (
            <>
              <Link to={paths.profile(owner.username)} className="underline underline-offset-4">
                {t("listings:collections.owner", { name: personName(owner) })}
              </Link>
              {isOwner && (
                <>
                  {" "}
                  <VisibilityBadge visibility={collection.visibility} />
                </>
              )}
            </>
          )
        }
        actions={
          <>
            <LiveIndicator status={live.status} />
            <ButtonLink to={paths.collectionPrint(username, collection.name)} variant="secondary">
              <BookOpen aria-hidden size={16} />
              {t("data:print.book")}
            </ButtonLink>
            {isOwner && (
              <ButtonLink
                to={paths.collectionUpdate(username, collection.name)}
                variant="secondary"
              >
                {t("listings:collections.edit")}
              </ButtonLink>
            )}
          </>
        }
      />
      {loaderData.descriptionHtml && <Markdown html={loaderData.descriptionHtml} />}
      <section aria-labelledby="collection-entries" className="mt-8">
        <h2 id="collection-entries" className="mb-4 font-serif text-2xl font-semibold">
          {t("listings:collections.entries")}
        </h2>
        <NewItemsNotice count={list.held.length} kind="entries" onShow={list.show} />
        {entries.length > 0 || list.held.length > 0 ? (
          <div id={list.listId} tabIndex={-1} className="outline-none">
            <EntryRows entries={entries} />
          </div>
        ) : totalItems > 0 ? (
          <EmptyState text={t("listings:empty.outOfRange", { page })}>
            <ButtonLink to="?">{t("listings:empty.firstPage")}</ButtonLink>
          </EmptyState>
        ) : isOwner ? (
          <EmptyState text={t("listings:collections.noEntriesOwner")}>
            <ButtonLink to={paths.entryCreate()}>{t("listings:collections.writeEntry")}</ButtonLink>
          </EmptyState>
        ) : (
          <EmptyState text={t("listings:collections.noEntries")} />
        )}
        <Pagination page={page} totalPages={totalPages} />
      </section>
      {collection.visibility === "public" && (
        <SubscribeForm
          target={`collection:${collection.id}`}
          kind="collection"
          name={collection.title}
        />
      )}
    </>
  );
}
