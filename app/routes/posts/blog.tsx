/**
 * `/blog`: published posts that are due, newest first, 30 per page, optionally those with one
 * tag (`?tag=`): cover, title, author, date, reading time, excerpt and tags on each card. Live:
 * changes elsewhere show without a reload, new posts behind a "new posts — show" notice. A
 * visible "Subscribe (RSS)" link besides the feeds announced in the head, and the email
 * subscribe form at the end (its action: a plain POST, ADR 065).
 */
import { Link } from "react-router";
import type { Route } from "./+types/blog";
import { EmptyState } from "../../components/records/empty-state.tsx";
import { Pagination, PostCards } from "../../components/records/record-lists.tsx";
import { postSummary } from "../../components/records/summaries.server.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { publishedPostsFilter } from "../../features/reading/archive.ts";
import { listingQuery } from "../../features/reading/listing-query.ts";
import { canonicalUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { PAGE_SIZE, type PostRecord } from "../../api/records/records.ts";
import { blogFeedLinks, BLOG_FEED_BASE, FEED_MEDIA_TYPES, feedPath } from "../feeds/feed-links.ts";
import { SubscribeLink } from "../../features/reading/blog-ways.tsx";
import { appName, routeContext } from "../../lib/routes/route-data.ts";
import { languageFeedLinks } from "../feeds/language-feeds.server.ts";
import { siteData, siteIdentity, websiteOpenGraph } from "../../lib/routes/site-identity.server.ts";
import { isWriter } from "../../api/auth/session.ts";
import {
  LiveIndicator,
  NewItemsNotice,
  useHeldItems,
} from "../../components/live/live-indicator.tsx";
import { useLiveRecords } from "../../components/live/use-live-records.ts";
import { paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";
import { listRecords } from "../../api/records/record-reads.ts";
import { withCommentCounts } from "../../api/comments/comments.ts";
import { SubscribeForm } from "../../features/subscriptions/subscribe-form.tsx";
import { subscribeOnlyAction } from "../../features/subscriptions/subscribe-action.server.ts";

/** The blog's RSS feed, linked under its heading (issue 25 item 8). */
const BLOG_RSS = { href: feedPath(BLOG_FEED_BASE, "rss"), type: FEED_MEDIA_TYPES.rss };

/** What the blog listens to: any post the viewer may list. */
const BLOG_TOPICS = [{ collection: "posts", topic: "*" }] as const;

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true, liveBeforeIntent: "posts" };

/** Title, description and canonical URL; the blog feeds (autodiscovery). */
export function meta(args: Route.MetaArgs) {
  // Undefined when the loader threw (the error page).
  const data = args.loaderData as typeof args.loaderData | undefined;
  // The feed of each language, titled in it (issue 29). No `hreflang`: that names the page
  // in another language, which a feed is not (search engines and Lighthouse read it so).
  const languageFeeds = (data?.languageFeeds ?? []).map((feed) => ({
    tagName: "link",
    rel: "alternate",
    type: feed.type,
    href: feed.href,
    title: feed.title,
  }));
  return [...pageMeta(args), ...(data?.openGraph ?? []), ...blogFeedLinks(args), ...languageFeeds];
}

/** One page of published posts, optionally with one tag. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, t, locale } = routeContext(context);
  const languageFeeds = languageFeedLinks(appName(context));
  const { page, tag } = listingQuery(new URL(request.url));
  const list = await listRecords<PostRecord>(api, "posts", page, PAGE_SIZE, {
    filter: publishedPostsFilter(api, tag, locale),
    sort: "-publishedAt,-created,-id",
    expand: "author",
  });
  const heading = tag ? t("listings:blog.taggedTitle", { tag }) : t("records:blog.title");
  const title = page > 1 ? `${heading} (${t("listings:pagination.page", { page })})` : heading;
  const description = tag ? t("listings:blog.taggedIntro") : t("listings:blog.description");
  const canonical = canonicalUrl(siteOrigin(context, request), paths.blog(), {
    tag,
    page: page > 1 ? page : null,
  });
  return {
    languageFeeds,
    title,
    heading,
    description,
    canonical,
    openGraph: websiteOpenGraph({
      title,
      description,
      url: canonical,
      siteName: appName(context),
      locale,
      site: siteData(siteIdentity(context), locale),
    }),
    tag,
    // Each card says how many comments its post has (ADR 065).
    posts: await withCommentCounts(
      api,
      list.items.map((post) => postSummary(post)),
    ),
    page,
    totalPages: list.totalPages,
    totalItems: list.totalItems,
  };
}

/** The email subscribe form's submission (post/redirect/get). */
export function action(args: Route.ActionArgs) {
  return subscribeOnlyAction(args);
}

/** The blog, kept live: new posts wait above the list until the reader shows them. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const { heading, tag, page, totalPages, totalItems } = loaderData;
  const live = useLiveRecords({ topics: BLOG_TOPICS });
  const list = useHeldItems(loaderData.posts, (post) => post.id, `${tag}|${page}`);
  const posts = list.shown;
  return (
    <>
      <PageHeader
        title={heading}
        intro={tag ? t("listings:blog.taggedIntro") : t("records:blog.intro")}
        actions={
          <>
            <LiveIndicator status={live.status} />
            {isWriter(user) && (
              <ButtonLink to={paths.postCreate()}>{t("common:nav.newPost")}</ButtonLink>
            )}
          </>
        }
      />
      <p className="-mt-4 mb-6 flex flex-wrap gap-x-6 gap-y-2">
        <SubscribeLink feed={BLOG_RSS} />
        <Link
          to={paths.tags()}
          className="font-medium text-amber-900 underline underline-offset-4 hover:decoration-2"
        >
          {t("listings:blog.allTags")}
        </Link>
      </p>
      <NewItemsNotice count={list.held.length} kind="posts" onShow={list.show} />
      {tag && (
        <p className="-mt-4 mb-6">
          <ButtonLink to={paths.blog()} variant="secondary">
            {t("listings:blog.allPosts")}
          </ButtonLink>
        </p>
      )}
      {posts.length > 0 || list.held.length > 0 ? (
        <div id={list.listId} tabIndex={-1} className="outline-none">
          <PostCards posts={posts} headingLevel={2} />
        </div>
      ) : totalItems > 0 ? (
        <EmptyState text={t("listings:empty.outOfRange", { page })}>
          <ButtonLink to={paths.blog({ tag })}>{t("listings:empty.firstPage")}</ButtonLink>
        </EmptyState>
      ) : tag ? (
        <EmptyState text={t("listings:blog.emptyTag", { tag })}>
          <ButtonLink to={paths.blog()}>{t("listings:blog.allPosts")}</ButtonLink>
        </EmptyState>
      ) : isWriter(user) ? (
        <EmptyState text={t("listings:blog.emptyWriter")}>
          <ButtonLink to={paths.postCreate()}>{t("listings:blog.writeFirst")}</ButtonLink>
        </EmptyState>
      ) : user ? (
        <EmptyState text={t("records:blog.empty")} />
      ) : (
        <EmptyState text={t("listings:blog.empty")}>
          <ButtonLink to={paths.signUp()}>{t("listings:blog.signUp")}</ButtonLink>
        </EmptyState>
      )}
      <Pagination page={page} totalPages={totalPages} />
      <SubscribeForm target="blog" kind="blog" />
    </>
  );
}
