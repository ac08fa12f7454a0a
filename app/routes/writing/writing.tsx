/**
 * `/writing` ("My writing"): the signed-in person's own entries and posts, drafts, scheduled
 * posts and private entries included, the last edited first, 30 per page; counts by state,
 * state and collection filters in the URL (links and a GET form, so they work without
 * JavaScript), empty states per filter, and quick actions (edit, preview, publish, delete).
 * Kept live: a record changed elsewhere updates the list, new ones wait above it. A link
 * leads to the person's email subscribers (`/writing/subscribers`, ADR 065), another to what
 * they deleted in the last 30 days (`/writing/deleted`, ADR 067). Several entries
 * move into a collection at once (issue 25, `features/writing/bulk-move.tsx`). The
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
import { BulkMoveForm } from "../../features/writing/bulk-move.tsx";
import { OfflineDesk } from "../../features/offline/offline-desk.tsx";
import { bulkMoveAction } from "../../features/writing/bulk-move.server.ts";
import { pendingCommentCount } from "../../api/comments/comments.ts";
import { moderatedAuthor } from "../../features/comments/moderation-data.server.ts";

/** Title and description; never indexed (a person's own page). */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** Moves the selected entries into a collection (or out of any). */
export async function action({ request, context }: Route.ActionArgs) {
  return bulkMoveAction(context, request);
}

/** What the last move did (`?moved=N&to=<collection name>`), once redirected here. */
function lastMove(url: URL, collections: { name: string; title: string }[]) {
  const count = Number(url.searchParams.get("moved"));
  if (!Number.isInteger(count) || count < 1) return null;
  const to = url.searchParams.get("to");
  return { count, to: to ? (collections.find((c) => c.name === to)?.title ?? to) : null };
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
    moved: lastMove(new URL(request.url), writing.collections),
    ...writing,
  };
}

/** The page: a notice for a superuser, else the person's writing. */
export default function Writing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  if (loaderData.superuser) return <SuperuserNotice title={t("writing:title")} />;
  return <MyWriting data={loaderData} refused={actionData?.message ?? null} />;
}

type WritingData = Exclude<Route.ComponentProps["loaderData"], { superuser: true }>;

/** The person's writing, kept live. */
function MyWriting({ data, refused }: { data: WritingData; refused: string | null }) {
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
            {canPost && (
              <ButtonLink to={paths.writingFollowers()} variant="secondary">
                {t("fediverse:followers.link")}
              </ButtonLink>
            )}
            <ButtonLink to={paths.writingStats()} variant="secondary">
              {t("writing:statsLink")}
            </ButtonLink>
            <ButtonLink to={paths.writingDeleted()} variant="secondary">
              {t("writing:deleted.link")}
            </ButtonLink>
          </>
        }
      />
      <OfflineDesk account={authorId} />
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
      {list.shown.some((item) => item.kind === "entry") && (
        <BulkMoveForm collections={collections} refused={refused} moved={data.moved} />
      )}
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
