/**
 * `/blog`: published posts that are due, newest first, 30 per page, optionally those with one
 * tag (`?tag=`): cover, title, author, date, reading time, excerpt and tags on each card.
 */
import type { Route } from "./+types/blog";
import { EmptyState } from "../../components/records/empty-state.tsx";
import { Pagination, PostCards } from "../../components/records/record-lists.tsx";
import { postSummary } from "../../components/records/summaries.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { publishedPostsFilter } from "../../features/listings/archive.ts";
import { listingQuery } from "../../features/listings/listing-query.ts";
import { canonicalUrl } from "../../lib/canonical.ts";
import { useAppTranslation } from "../../lib/i18n.ts";
import { pageMeta } from "../../lib/meta.ts";
import { PAGE_SIZE, type PostRecord } from "../../lib/records.ts";
import { blogFeedLinks } from "../feeds/feed-links.ts";
import { routeContext } from "../../lib/route-data.ts";
import { isWriter } from "../../lib/session.ts";

/** Title, description and canonical URL; the blog feeds (autodiscovery). */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), ...blogFeedLinks(args)];
}

/** One page of published posts, optionally with one tag. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const { page, tag } = listingQuery(new URL(request.url));
  const list = await pb.collection("posts").getList<PostRecord>(page, PAGE_SIZE, {
    filter: publishedPostsFilter(pb, tag),
    sort: "-publishedAt,-created,-id",
    expand: "author",
  });
  const heading = tag ? t("listings:blog.taggedTitle", { tag }) : t("records:blog.title");
  return {
    title: page > 1 ? `${heading} (${t("listings:pagination.page", { page })})` : heading,
    heading,
    description: tag ? t("listings:blog.taggedIntro") : t("listings:blog.description"),
    canonical: canonicalUrl(request, "/blog", { tag, page: page > 1 ? page : null }),
    tag,
    posts: list.items.map((post) => postSummary(post)),
    page,
    totalPages: list.totalPages,
    totalItems: list.totalItems,
  };
}

/** The blog. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const { heading, tag, posts, page, totalPages, totalItems } = loaderData;
  return (
    <>
      <PageHeader
        title={heading}
        intro={tag ? t("listings:blog.taggedIntro") : t("records:blog.intro")}
        actions={
          isWriter(user) ? (
            <ButtonLink to="/post/create">{t("common:nav.newPost")}</ButtonLink>
          ) : undefined
        }
      />
      {tag && (
        <p className="-mt-4 mb-6">
          <ButtonLink to="/blog" variant="secondary">
            {t("listings:blog.allPosts")}
          </ButtonLink>
        </p>
      )}
      {posts.length > 0 ? (
        <PostCards posts={posts} headingLevel={2} />
      ) : totalItems > 0 ? (
        <EmptyState text={t("listings:empty.outOfRange", { page })}>
          <ButtonLink to={tag ? `/blog?${new URLSearchParams({ tag }).toString()}` : "/blog"}>
            {t("listings:empty.firstPage")}
          </ButtonLink>
        </EmptyState>
      ) : tag ? (
        <EmptyState text={t("listings:blog.emptyTag", { tag })}>
          <ButtonLink to="/blog">{t("listings:blog.allPosts")}</ButtonLink>
        </EmptyState>
      ) : isWriter(user) ? (
        <EmptyState text={t("listings:blog.emptyWriter")}>
          <ButtonLink to="/post/create">{t("listings:blog.writeFirst")}</ButtonLink>
        </EmptyState>
      ) : user ? (
        <EmptyState text={t("records:blog.empty")} />
      ) : (
        <EmptyState text={t("listings:blog.empty")}>
          <ButtonLink to="/signUp">{t("listings:blog.signUp")}</ButtonLink>
        </EmptyState>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}
