/**
 * `/writing` ("My writing"): the signed-in person's own entries and posts, drafts, scheduled
 * posts and private entries included, the last edited first, 30 per page; counts by state,
 * state and collection filters in the URL (links and a GET form, so they work without
 * JavaScript), empty states per filter, and quick actions (edit, preview, publish, delete).
 * Kept live: a record changed elsewhere updates the list, new ones wait above it. A link
 * leads to the person's email subscribers (`/writing/subscribers`, ADR 065). The
 * signed-in guard sends visitors to `/login`; a superuser, who owns no entry, gets a notice.
 */
import type { Route } from "./+types/writing";
import {
  LiveIndicator,
  NewItemsNotice,
  useHeldItems,
} from "../../components/live/live-indicator.tsx";
import { useLiveRecords } from "../../components/live/use-live-records.ts";
import { Pagination } from "../../components/records/record-lists.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { SuperuserNotice } from "../../features/records/superuser-notice.tsx";
import { loadWriting } from "../../features/writing/load-writing.ts";
import { CollectionFilter, WritingStates } from "../../features/writing/writing-filters.tsx";
import { WritingEmpty } from "../../features/writing/writing-empty.tsx";
import { WritingList, writingHeading } from "../../features/writing/writing-list.tsx";
import { showsEntries, showsPosts, writingQuery } from "../../features/writing/writing-query.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { paths } from "../../lib/paths.ts";
import { requireUser, routeContext } from "../../lib/routes/route-data.ts";
import { isSuperuser } from "../../api/auth/session.ts";
import { pendingCommentCount } from "../../api/comments/comments.ts";
import { moderatedAuthor } from "../../features/comments/moderation-data.server.ts";

/** Title and description; never indexed (a person's own page). */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** One page of the person's writing with its filters and counts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, t, locale } = routeContext(context);
  const user = requireUser(context);
  const heading = t("writing:title");
  if (isSuperuser(user)) return { superuser: true as const, title: heading };
  const [writing, pendingComments] = await Promise.all([
    loadWriting(api, user, writingQuery(new URL(request.url))),
    // The comments waiting for this person's approval (ADR 065), beside the link to them.
    pendingCommentCount(api, moderatedAuthor(user)),
  ]);
  return {
    superuser: false as const,
    title:
      writing.page > 1
        ? `${heading} (${t("listings:pagination.page", { page: writing.page })})`
        : heading,
    description: t("writing:description"),
    authorId: user.id,
    locale,
    pendingComments,
    ...writing,
  };
}

/** The page: a notice for a superuser, else the person's writing. */
export default function Writing({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  if (loaderData.superuser) return <SuperuserNotice title={t("writing:title")} />;
  return <MyWriting data={loaderData} />;
}

type WritingData = Exclude<Route.ComponentProps["loaderData"], { superuser: true }>;

/** The person's writing, kept live. */
function MyWriting({ data }: { data: WritingData }) {
  const { t } = useAppTranslation();
  const { query, counts, collections, collection, canPost, withPosts, authorId } = data;
  const filter = JSON.stringify(authorId);
  const live = useLiveRecords({
    topics: [
      { collection: "entries", topic: "*", filter: `author = ${filter}`, fields: "id" },
      { collection: "posts", topic: "*", filter: `author = ${filter}`, fields: "id" },
    ],
  });
  const list = useHeldItems(
    data.items,
    (item) => `${item.kind}-${item.id}`,
    `${query.show}|${query.collection}|${String(query.page)}`,
  );
  const collectionTitle = collection?.title ?? "";
  return (
    <>
      <PageHeader
        title={t("writing:title")}
        intro={t("writing:intro")}
        actions={
          <>
            <LiveIndicator status={live.status} />
            <ButtonLink to={paths.entryCreate()}>{t("writing:newEntry")}</ButtonLink>
            <ButtonLink to={paths.writingComments()} variant="secondary">
              {t("comments:moderation.link", { count: data.pendingComments })}
            </ButtonLink>
            {canPost && (
              <ButtonLink to={paths.postCreate()} variant="secondary">
                {t("writing:newPost")}
              </ButtonLink>
            )}
            <ButtonLink to={paths.writingSubscribers()} variant="secondary">
              {t("subscriptions:subscribers.link")}
            </ButtonLink>
          </>
        }
      />
      <WritingStates counts={counts} query={query} withPosts={withPosts} />
      <CollectionFilter collections={collections} query={query} />
      <NewItemsNotice
        count={list.held.length}
        kind={
          showsPosts(query.show, query.collection)
            ? showsEntries(query.show)
              ? "items"
              : "posts"
            : "entries"
        }
        onShow={list.show}
      />
      <WritingList
        items={list.shown}
        query={query}
        heading={writingHeading(t, query, collectionTitle)}
        totalItems={data.totalItems}
        authorId={authorId}
        canPublish={canPost}
        locale={data.locale}
        listId={list.listId}
        empty={
          list.held.length === 0 && (
            <WritingEmpty
              query={query}
              collectionTitle={collectionTitle}
              outOfRange={data.totalItems > 0}
              canPost={canPost}
            />
          )
        }
      />
      <Pagination page={data.page} totalPages={data.totalPages} />
    </>
  );
}
