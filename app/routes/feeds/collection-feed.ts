/**
 * `/collection/{username}/{name}/rss.xml|atom.xml|feed.json`: the latest 30 public entries of
 * a public collection. An unknown, unlisted or private collection answers 404: only what is
 * listed to everyone is syndicated.
 */
import type { Route } from "./+types/collection-feed";
import { excerpt } from "#shared/markdown/plain-text.ts";
import { absoluteUrl, siteOrigin } from "../../lib/site-url.ts";
import type { CollectionRecord, EntryRecord } from "../../lib/records.ts";
import { requestedPath, routeContext } from "../../lib/route-data.ts";
import { collectionFeedBase } from "./feed-links.ts";
import {
  apiDate,
  entryItem,
  FEED_ITEMS,
  feedNotFound,
  feedPerson,
  feedResponse,
  itemContext,
  SUMMARY_LENGTH,
} from "./feed.server.ts";

/** The collection's feed in the format the URL names, or a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { pb, locale, t } = routeContext(context);
  const origin = siteOrigin(context, request);
  // SECURITY: `visibility = "public"` in both queries: the owner's own cookie must not turn
  // an unlisted collection or entry into a feed.
  const found = await pb.collection("collections").getList<CollectionRecord>(1, 1, {
    filter: pb.filter('owner.username = {:username} && name = {:name} && visibility = "public"', {
      username: params.username,
      name: params.name,
    }),
    expand: "owner",
    skipTotal: true,
  });
  const collection = found.items[0];
  const owner = collection?.expand?.owner;
  if (!collection || !owner)
    return feedNotFound(t("errors:page.notFound", { path: requestedPath(new URL(request.url)) }));
  const entries = await pb.collection("entries").getList<EntryRecord>(1, FEED_ITEMS, {
    filter: pb.filter('collection = {:id} && visibility = "public"', { id: collection.id }),
    sort: "-created",
    skipTotal: true,
  });
  const name = owner.name || owner.username;
  const base = collectionFeedBase(owner.username, collection.name);
  return feedResponse(request, {
    title: t("feeds:collection.title", { title: collection.title, name }),
    description: collection.description
      ? excerpt(collection.description, SUMMARY_LENGTH)
      : t("feeds:collection.description", { title: collection.title, name }),
    language: locale,
    homeUrl: absoluteUrl(origin, base),
    feedBase: absoluteUrl(origin, base),
    icon: absoluteUrl(origin, "/favicon.svg"),
    author: feedPerson(origin, owner),
    items: entries.items.map((entry) => entryItem(itemContext(origin, t), entry, owner)),
    emptyUpdated: apiDate(collection.updated) ?? new Date(0),
  });
}
