/**
 * `/collection/{username}/{name}/rss.xml|atom.xml|feed.json`: the latest 30 public entries of
 * a public collection. An unknown, unlisted or private collection answers 404: only what is
 * listed to everyone is syndicated. Another spelling of the username redirects to the stored one.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/collection-feed";
import { excerpt } from "#shared/markdown/plain-text.ts";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { type CollectionRecord, type EntryRecord } from "../../api/records/records.ts";
import { readByUsername } from "../../api/records/record-pages.ts";
import { requestedPath, respelledPath, routeContext } from "../../lib/routes/route-data.ts";
import { siteIdentity } from "../../lib/routes/site-identity.server.ts";
import { siteIconPath } from "#shared/site/site-files.ts";
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
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";
import { failedWith, notFoundFailure } from "../../api/client/api-errors.ts";

/** The collection's feed in the format the URL names, or a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, locale, t } = routeContext(context);
  const origin = siteOrigin(context, request);
  // SECURITY: `visibility = "public"` in both queries: the owner's own cookie must not turn
  // an unlisted collection or entry into a feed.
  const url = new URL(request.url);
  const publicCollection = async (username: string) => {
    const found = await listRecords<CollectionRecord>(api, "collections", 1, 1, {
      filter: filterExpression(
        api,
        'owner.username = {:username} && name = {:name} && visibility = "public"',
        {
          username,
          name: params.name,
        },
      ),
      expand: "owner",
      skipTotal: true,
    });
    const collection = found.items[0];
    // Nothing to syndicate is the API's 404, as a missing record would be.
    if (!collection?.expand?.owner) throw notFoundFailure();
    return collection;
  };
  let found;
  try {
    found = await readByUsername(api, params.username, publicCollection);
  } catch (error) {
    if (failedWith(error, 404))
      return feedNotFound(t("errors:page.notFound", { path: requestedPath(url) }));
    throw error;
  }
  // Another spelling of the username: the feed's one address (ADR 037).
  if (found.username !== params.username)
    return redirect(respelledPath(url, 2, found.username), 301);
  const collection = found.value;
  const owner = collection.expand?.owner;
  if (!owner) return feedNotFound(t("errors:page.notFound", { path: requestedPath(url) }));
  const entries = await listRecords<EntryRecord>(api, "entries", 1, FEED_ITEMS, {
    filter: filterExpression(api, 'collection = {:id} && visibility = "public"', {
      id: collection.id,
    }),
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
    icon: absoluteUrl(origin, siteIconPath("icon-192", siteIdentity(context).icon)),
    author: feedPerson(origin, owner),
    items: entries.items.map((entry) => entryItem(itemContext(origin, t), entry, owner)),
    emptyUpdated: apiDate(collection.updated) ?? new Date(0),
  });
}
