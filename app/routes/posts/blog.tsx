/** `/blog`: published posts, newest first. */
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/blog";
import { Pagination, PostList } from "../../components/records/record-lists.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { blogFeedLinks } from "../feeds/feed-links.ts";
import { PAGE_SIZE, pageParam, PUBLISHED_FILTER, type PostRecord } from "../../lib/records.ts";
import { routeContext } from "../../lib/route-data.ts";

/** Title, and the blog feeds (autodiscovery). */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), ...blogFeedLinks(args)];
}

/** One page of published posts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pb, t } = routeContext(context);
  const page = pageParam(new URL(request.url));
  const list = await pb.collection("posts").getList<PostRecord>(page, PAGE_SIZE, {
    filter: PUBLISHED_FILTER,
    sort: "-publishedAt",
    expand: "author",
  });
  return {
    title: t("records:blog.title"),
    description: t("records:blog.intro"),
    posts: list.items,
    page: list.page,
    totalPages: list.totalPages,
  };
}

/** The blog. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  return (
    <>
      <PageHeader title={t("records:blog.title")} intro={t("records:blog.intro")} />
      <PostList posts={loaderData.posts} empty={t("records:blog.empty")} />
      <Pagination page={loaderData.page} totalPages={loaderData.totalPages} />
    </>
  );
}
