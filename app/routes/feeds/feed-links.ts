/**
 * Where the feeds live and how pages announce them: the three formats, their file names and
 * media types, and the `<link rel="alternate">` descriptors pages put in their head (feed
 * autodiscovery) through their `meta` export. Isomorphic: pages import it on both sides.
 */
import type { MetaDescriptor } from "react-router";
import { DEFAULT_LOCALE, isLocale } from "#shared/i18n/locales.ts";
import { APP_NAMESPACES, readyI18n } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";

/** The feed formats: RSS 2.0, Atom 1.0 and JSON Feed 1.1. */
export const FEED_FORMATS = ["rss", "atom", "json"] as const;

/** One feed format. */
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** The file name of each format under a feed's base path (`/blog/rss.xml`). */
export const FEED_FILES: Record<FeedFormat, string> = {
  rss: "rss.xml",
  atom: "atom.xml",
  json: "feed.json",
};

/** The registered media type of each format. */
export const FEED_MEDIA_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml",
  atom: "application/atom+xml",
  json: "application/feed+json",
};

/** The name of each format, as feed readers call it (not translated). */
export const FEED_FORMAT_NAMES: Record<FeedFormat, string> = {
  rss: "RSS",
  atom: "Atom",
  json: "JSON Feed",
};

/** Base path of the blog's feeds. */
export const BLOG_FEED_BASE = paths.blog();

/** Base path of an author's feeds: `/profile/{username}`. */
export function authorFeedBase(username: string): string {
  return paths.profile(username);
}

/** Base path of a public collection's feeds: `/collection/{username}/{name}`. */
export function collectionFeedBase(username: string, name: string): string {
  return paths.collection(username, name);
}

/** The path of one feed: `feedPath("/blog", "atom")` → `/blog/atom.xml`. */
export function feedPath(base: string, format: FeedFormat): string {
  return `${base}/${FEED_FILES[format]}`;
}

/**
 * The autodiscovery links of a feed, one per format, for a route's `meta` export. `title`
 * is what the feed is ("Cahier blog"); each link's title adds the format.
 *
 * @example feedAlternates("/blog", "Cahier blog", (t, f) => `${t} (${f})`)
 * // [{ tagName: "link", rel: "alternate", type: "application/rss+xml", href: "/blog/rss.xml", title: "Cahier blog (RSS)" }, …]
 */
export function feedAlternates(
  base: string,
  title: string,
  label: (title: string, format: string) => string = (t, f) => `${t} (${f})`,
): MetaDescriptor[] {
  return FEED_FORMATS.map((format) => ({
    tagName: "link",
    rel: "alternate",
    type: FEED_MEDIA_TYPES[format],
    href: feedPath(base, format),
    title: label(title, FEED_FORMAT_NAMES[format]),
  }));
}

/** What a route's `meta` function receives that the feed links need. */
interface MetaArgsLike {
  params: Readonly<Record<string, string | undefined>>;
  loaderData?: unknown;
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
}

/** The root loader's language and site name, and a translation function in that language. */
function rootInfo(matches: MetaArgsLike["matches"]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { locale?: string; appName?: string } | undefined;
  const locale = isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
  const i18n = readyI18n(locale);
  const t = i18n ? i18n.getFixedT(locale, APP_NAMESPACES) : null;
  return { appName: root?.appName ?? "Cahier", t };
}

/** A link title: "{what} ({format})" in the page's language. */
function labeller(t: ReturnType<typeof rootInfo>["t"]) {
  return (title: string, format: string) =>
    t ? t("feeds:alternate", { title, format }) : `${title} (${format})`;
}

/** The blog's feed links, for the home page and `/blog`. */
export function blogFeedLinks(args: Pick<MetaArgsLike, "matches">): MetaDescriptor[] {
  const { appName, t } = rootInfo(args.matches);
  const title = t ? t("feeds:blog.title", { app: appName }) : `${appName} blog`;
  return feedAlternates(BLOG_FEED_BASE, title, labeller(t));
}

/** An author's feed links, for their profile (none when the page has no user). */
export function authorFeedLinks(
  args: MetaArgsLike & { loaderData?: { profile?: { username: string; name: string } } },
): MetaDescriptor[] {
  const profile = args.loaderData?.profile;
  if (!profile) return [];
  const { t } = rootInfo(args.matches);
  const name = profile.name || profile.username;
  const title = t ? t("feeds:author.title", { name }) : `Posts by ${name}`;
  return feedAlternates(authorFeedBase(profile.username), title, labeller(t));
}

/**
 * A collection's feed links, for its page: only a public collection has feeds (an unlisted
 * one is never listed, so it is never syndicated either). The owner comes from the loader's
 * `owner` (or the collection's expanded `owner`), else the URL's username.
 */
export function collectionFeedLinks(
  args: MetaArgsLike & {
    loaderData?: {
      collection?: {
        name: string;
        title: string;
        visibility: string;
        expand?: { owner?: { username: string; name: string } };
      };
      owner?: { username: string; name: string } | null;
    };
  },
): MetaDescriptor[] {
  const collection = args.loaderData?.collection;
  const owner = args.loaderData?.owner ?? collection?.expand?.owner;
  const username = owner?.username ?? args.params.username;
  if (!collection || collection.visibility !== "public" || !username) return [];
  const { t } = rootInfo(args.matches);
  const name = owner ? owner.name || owner.username : username;
  const title = t
    ? t("feeds:collection.title", { title: collection.title, name })
    : `${collection.title}, by ${name}`;
  return feedAlternates(collectionFeedBase(username, collection.name), title, labeller(t));
}
