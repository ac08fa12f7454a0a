/**
 * `/profile/{username}/rss.xml|atom.xml|feed.json`: the latest 30 published posts of one
 * author. An unknown username answers 404; another spelling of a username redirects to the
 * canonical one.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/author-feed";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { type PostRecord, PUBLISHED_FILTER } from "../../api/records/records.ts";
import { findUserByUsername } from "../../api/records/record-pages.ts";
import { requestedPath, routeContext, appName } from "../../lib/routes/route-data.ts";
import { siteIdentity } from "../../lib/routes/site-identity.server.ts";
import { siteIconPath } from "#shared/site/site-files.ts";
import { authorFeedBase } from "./feed-links.ts";
import {
  apiDate,
  FEED_ITEMS,
  feedNotFound,
  feedPerson,
  feedResponse,
  itemContext,
  postItem,
} from "./feed.server.ts";
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";
import { failedWith } from "../../api/client/api-errors.ts";

/** The author's feed in the format the URL names, or a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, locale, t } = routeContext(context);
  const origin = siteOrigin(context, request);
  let author;
  try {
    author = await findUserByUsername(api, params.username);
  } catch (error) {
    if (failedWith(error, 404))
      return feedNotFound(t("errors:page.notFound", { path: requestedPath(new URL(request.url)) }));
    throw error;
  }
  // Another spelling of the username: the feed's one address (ADR 034).
  if (author.username !== params.username) {
    const url = new URL(request.url);
    const file = url.pathname.slice(url.pathname.lastIndexOf("/"));
    return redirect(`${authorFeedBase(author.username)}${file}${url.search}`, 301);
  }
  const posts = await listRecords<PostRecord>(api, "posts", 1, FEED_ITEMS, {
    // SECURITY: published and due only, even when the author reads their own feed.
    filter: filterExpression(api, `author = {:id} && ${PUBLISHED_FILTER}`, { id: author.id }),
    sort: "-publishedAt,-created",
    skipTotal: true,
  });
  const name = author.name || author.username;
  const base = authorFeedBase(author.username);
  return feedResponse(request, {
    title: t("feeds:author.title", { name }),
    description: t("feeds:author.description", { name, app: appName(context) }),
    language: locale,
    homeUrl: absoluteUrl(origin, base),
    feedBase: absoluteUrl(origin, base),
    icon: absoluteUrl(origin, siteIconPath("icon-192", siteIdentity(context).icon)),
    author: feedPerson(origin, author),
    items: posts.items.map((post) => postItem(itemContext(origin, t), post, author)),
    emptyUpdated: apiDate(author.created) ?? new Date(0),
  });
}
