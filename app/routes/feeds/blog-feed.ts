/**
 * `/blog/rss.xml`, `/blog/atom.xml`, `/blog/feed.json`: the latest 30 published posts of
 * every writer (one module, registered once per format in `routes.ts`); with `?lang=en` or
 * `?lang=fr`, those written in that language only, titled in it (issue 29).
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
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";
import { languageFeedTitle, requestedFeedLanguage } from "./language-feeds.server.ts";

/** The blog feed in the format the URL names. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale, t } = routeContext(context);
  const origin = siteOrigin(context, request);
  const only = requestedFeedLanguage(new URL(request.url));
  if (only === null) throw new Response("Not Found", { status: 404 });
  const posts = await listRecords<PostRecord>(api, "posts", 1, FEED_ITEMS, {
    // SECURITY: the filter, not the visitor's rights, decides what a feed holds.
    filter: only
      ? `(${PUBLISHED_FILTER}) && ${filterExpression(api, "lang = {:lang}", { lang: only })}`
      : PUBLISHED_FILTER,
    sort: "-publishedAt,-created",
    expand: "author",
    skipTotal: true,
  });
  const app = appName(context);
  const items = itemContext(origin, t);
  return feedResponse(request, {
    title: only ? languageFeedTitle(only, app) : t("feeds:blog.title", { app }),
    // The site's description (ADR 069), else Cahier's wording.
    description:
      siteData(siteIdentity(context), only ?? locale).description ??
      t("feeds:blog.description", { app }),
    language: only ?? locale,
    homeUrl: absoluteUrl(origin, paths.blog()),
    feedBase: absoluteUrl(origin, BLOG_FEED_BASE),
    feedQuery: only ? `?lang=${only}` : "",
    icon: absoluteUrl(origin, siteIconPath("icon-192", siteIdentity(context).icon)),
    items: posts.items.flatMap((post) => {
      const author = post.expand?.author;
      return author ? [postItem(items, post, author)] : [];
    }),
    emptyUpdated: new Date(0),
  });
}
