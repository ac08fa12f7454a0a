/**
 * `/blog/rss.xml`, `/blog/atom.xml`, `/blog/feed.json`: the latest 30 published posts of
 * every writer (one module, registered once per format in `routes.ts`).
 */
import type { Route } from "./+types/blog-feed";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { PUBLISHED_FILTER, type PostRecord } from "../../api/records/records.ts";
import { routeContext, appName } from "../../lib/routes/route-data.ts";
import { siteData, siteIdentity } from "../../lib/routes/site-identity.server.ts";
import { siteIconPath } from "#shared/site/site-files.ts";
import { BLOG_FEED_BASE } from "./feed-links.ts";
import { FEED_ITEMS, feedResponse, itemContext, postItem } from "./feed.server.ts";
import { paths } from "../../lib/paths.ts";
import { listRecords } from "../../api/records/record-reads.ts";

/** The blog feed in the format the URL names. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale, t } = routeContext(context);
  const origin = siteOrigin(context, request);
  const posts = await listRecords<PostRecord>(api, "posts", 1, FEED_ITEMS, {
    // SECURITY: the filter, not the visitor's rights, decides what a feed holds.
    filter: PUBLISHED_FILTER,
    sort: "-publishedAt,-created",
    expand: "author",
    skipTotal: true,
  });
  const app = appName(context);
  const items = itemContext(origin, t);
  return feedResponse(request, {
    title: t("feeds:blog.title", { app }),
    // The site's description (ADR 069), else Cahier's wording.
    description:
      siteData(siteIdentity(context), locale).description ?? t("feeds:blog.description", { app }),
    language: locale,
    homeUrl: absoluteUrl(origin, paths.blog()),
    feedBase: absoluteUrl(origin, BLOG_FEED_BASE),
    icon: absoluteUrl(origin, siteIconPath("icon-192", siteIdentity(context).icon)),
    items: posts.items.flatMap((post) => {
      const author = post.expand?.author;
      return author ? [postItem(items, post, author)] : [];
    }),
    emptyUpdated: new Date(0),
  });
}
