/**
 * Feeds of the blog, of an author and of a public collection, in RSS 2.0, Atom 1.0 (both with
 * the `feed` package) and JSON Feed 1.1 (written here: the package only writes 1.0), and the
 * HTTP answer around them: content type, caching, `ETag`/`Last-Modified` and 304s.
 *
 * SECURITY: the records come from the request's API client, so the API's access rules apply,
 * and every query also names what a feed may hold (published and due posts, public entries of
 * a public collection) so that a signed-in author's cookie never adds their drafts, scheduled
 * posts or unlisted entries to a feed. Contents are the Markdown renderer's inert HTML;
 * titles and summaries are escaped wherever a reader may read them as HTML (RSS titles
 * included, which sit in CDATA: markup in a title shows as its characters).
 */
import { createHash } from "node:crypto";
import { Feed, type Author, type Item } from "feed";
import {
  renderMarkdown,
  singleSourceImages,
  type MarkdownLabels,
} from "#shared/markdown/render.ts";
import { excerpt } from "#shared/markdown/plain-text.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { FEED_FILES, FEED_FORMATS, FEED_MEDIA_TYPES, type FeedFormat } from "./feed-links.ts";
import { absoluteUrl } from "../../lib/routes/site-url.ts";
import type { AppT } from "../../lib/i18n/i18n.ts";
import type { EntryRecord, PostRecord, UserRecord } from "../../api/records/records.ts";
import { paths } from "../../lib/paths.ts";
import { fileUrl as storedFile } from "../../api/files/file-urls.ts";

/** Items in a feed: the latest 30 (spec §9's default page size). */
export const FEED_ITEMS = 30;

/** Length of an item's plain-text summary, in characters. */
export const SUMMARY_LENGTH = 300;

/** How long readers and shared caches may keep a feed or the sitemap: five minutes. */
export const FEED_CACHE_CONTROL = "public, max-age=300";

/** What items are rendered with: the site's origin and the Markdown labels of the language. */
export interface ItemContext {
  origin: string;
  labels: MarkdownLabels;
}

/** A person a feed or an item is by. */
export interface FeedPerson {
  name: string;
  /** Absolute URL of their profile. */
  url: string;
  /** Absolute URL of their avatar (200x200 thumbnail), when they have one. */
  avatar?: string | undefined;
}

/**
 * One item of a feed, format-neutral. Its text never holds characters XML cannot carry
 * (control characters are invisible anyway), so every format shows the same words.
 */
export interface FeedItem {
  /** Absolute URL of the post or entry page; also its id. */
  url: string;
  title: string;
  /** Inert HTML rendered from the Markdown content, links made absolute. */
  html: string;
  /** Plain-text summary. */
  summary: string;
  published: Date;
  updated: Date;
  author: FeedPerson;
  tags: string[];
  /** Language of the item (`en`, `fr`), when known. */
  language?: string | undefined;
  /** Absolute URL of a cover image. */
  image?: string | undefined;
}

/** A feed, format-neutral. */
export interface FeedModel {
  title: string;
  description: string;
  /** The request's language. */
  language: Locale;
  /** Absolute URL of the page the feed follows (blog, profile, collection). */
  homeUrl: string;
  /** Absolute base of the feed's own URLs (`https://…/blog`). */
  feedBase: string;
  /** The query of the feed's own URLs (`?lang=fr`), `""` or absent without one. */
  feedQuery?: string;
  /** Absolute URL of the site's icon. */
  icon: string;
  author?: FeedPerson | undefined;
  items: FeedItem[];
  /** When the feed last changed if it has no item (its collection's `updated`, say). */
  emptyUpdated: Date;
}

/**
 * Characters XML 1.0 does not allow (C0 controls but tab, LF and CR; lone surrogates;
 * U+FFFE and U+FFFF). User text may hold them; an XML feed with one is unreadable.
 */
const XML_INVALID = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` without the characters XML cannot carry. */
export function xmlSafe(text: string): string {
  return text.replace(XML_INVALID, "");
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Plain text as HTML text (for the Atom and RSS elements read as HTML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

/**
 * {@link escapeHtml} with numeric references: for the RSS channel's title, which the feed
 * package writes as XML text through a writer that turns every `&amp;` back into `&` first
 * (its guard against escaping twice), so a named `&amp;` would not survive.
 */
function escapeHtmlNumeric(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

/**
 * Rendered HTML with the site's relative links and images made absolute (feed readers show
 * it away from our origin): `href="/…"` and `src="/…"` get the origin, `href="#…"` the
 * item's URL. The renderer only writes double-quoted, escaped attribute values.
 */
export function absolutizeHtml(html: string, origin: string, itemUrl: string): string {
  return singleSourceImages(html)
    .replace(/(\s(?:href|src)=")\/(?!\/)/g, `$1${origin}/`)
    .replace(/(\shref=")#/g, `$1${itemUrl}#`);
}

/** A date of the API (`2025-03-04 10:00:00.000Z`), or `null` when empty or invalid. */
export function apiDate(value: string | undefined | null): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The later of some dates (`fallback` when there is none). */
export function latest(dates: (Date | null)[], fallback: Date): Date {
  let best: Date | null = null;
  for (const date of dates) if (date && (!best || date > best)) best = date;
  return best ?? fallback;
}

/** The URL of a file of a record, absolute, optionally a thumbnail. */
export function fileUrl(
  origin: string,
  record: { collectionId: string; id: string },
  filename: string,
  thumb?: string,
): string {
  return absoluteUrl(origin, storedFile(record, filename, thumb));
}

/** A user as the author of a feed or an item. */
export function feedPerson(origin: string, user: UserRecord): FeedPerson {
  return {
    name: user.name || user.username,
    url: absoluteUrl(origin, paths.profile(user.username)),
    avatar: user.avatar ? fileUrl(origin, user, user.avatar, "200x200") : undefined,
  };
}

/** The item context of a request: its origin, and task-list labels in its language. */
export function itemContext(origin: string, t: AppT): ItemContext {
  return {
    origin,
    labels: {
      taskDone: t("listings:markdown.taskDone"),
      taskOpen: t("listings:markdown.taskOpen"),
    },
  };
}

/** A published post as a feed item. */
export function postItem(
  { origin, labels }: ItemContext,
  post: PostRecord & { cover?: string },
  author: UserRecord,
): FeedItem {
  const url = absoluteUrl(origin, paths.post(author.username, post.slug));
  const language = post.lang === "en" || post.lang === "fr" ? post.lang : undefined;
  const published = apiDate(post.publishedAt) ?? apiDate(post.created) ?? new Date(0);
  return {
    url,
    title: xmlSafe(post.title),
    html: xmlSafe(
      absolutizeHtml(renderMarkdown(post.content, { locale: language, labels }), origin, url),
    ),
    summary: xmlSafe(excerpt(post.excerpt || post.content, SUMMARY_LENGTH)),
    published,
    // A scheduled post that went live after its last edit changed the feed when it went live.
    updated: latest([apiDate(post.updated), published], published),
    author: feedPerson(origin, author),
    tags: post.tags,
    language,
    image: post.cover ? fileUrl(origin, post, post.cover, "1200x630") : undefined,
  };
}

/** A public entry as a feed item. */
export function entryItem(
  { origin, labels }: ItemContext,
  entry: EntryRecord,
  author: UserRecord,
): FeedItem {
  const url = absoluteUrl(origin, paths.entry(author.username, entry.name));
  const published = apiDate(entry.created) ?? new Date(0);
  return {
    url,
    title: xmlSafe(entry.title),
    html: xmlSafe(absolutizeHtml(renderMarkdown(entry.content, { labels }), origin, url)),
    summary: xmlSafe(excerpt(entry.content, SUMMARY_LENGTH)),
    published,
    updated: latest([apiDate(entry.updated)], published),
    author: feedPerson(origin, author),
    tags: entry.tags,
  };
}

/** When a feed last changed: its newest item's update, or `emptyUpdated`. */
export function feedUpdated(model: FeedModel): Date {
  return latest(
    model.items.map((item) => item.updated),
    model.emptyUpdated,
  );
}

function feedUrls(model: FeedModel): Record<FeedFormat, string> {
  return Object.fromEntries(
    FEED_FORMATS.map((format) => [
      format,
      `${model.feedBase}/${FEED_FILES[format]}${model.feedQuery ?? ""}`,
    ]),
  ) as Record<FeedFormat, string>;
}

function xmlAuthor(person: FeedPerson): Author {
  return { name: xmlSafe(person.name), link: person.url };
}

/**
 * The media type of a cover thumbnail: JPEG and GIF covers keep their format, the others
 * (PNG, WebP) are thumbnailed as PNG.
 */
function thumbType(url: string): string {
  const extension = /\.(\w+)(?:\?|$)/.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  if (extension === "jpg" || extension === "jpeg") return "image/jpeg";
  return extension === "gif" ? "image/gif" : "image/png";
}

/** The feed package's model of one XML format (RSS or Atom differ in what is HTML). */
function xmlFeed(model: FeedModel, format: "rss" | "atom"): Feed {
  const urls = feedUrls(model);
  const feed = new Feed({
    id: `${model.homeUrl}${model.feedQuery ?? ""}`,
    // RSS readers may read titles as HTML (issue 23 finding 7); Atom's feed title is text.
    title: xmlSafe(format === "rss" ? escapeHtmlNumeric(model.title) : model.title),
    description: xmlSafe(model.description),
    link: model.homeUrl,
    language: model.language,
    updated: feedUpdated(model),
    generator: "Cahier",
    favicon: model.icon,
    ...(model.author ? { author: xmlAuthor(model.author) } : {}),
    feedLinks: { rss: urls.rss, atom: urls.atom, json: urls.json },
  });
  for (const item of model.items) {
    const entry: Item = {
      // Atom reads `title` and `summary` as HTML (`type="html"`), and RSS readers may read
      // titles as HTML too, CDATA or not (issue 23 finding 7): escape the plain text.
      title: xmlSafe(escapeHtml(item.title)),
      link: item.url,
      date: item.updated,
      published: item.published,
      description: xmlSafe(escapeHtml(item.summary)),
      content: xmlSafe(item.html),
      category: item.tags.map((tag) => ({ name: xmlSafe(tag), term: xmlSafe(tag) })),
    };
    if (format === "atom") {
      entry.id = item.url;
      entry.author = [xmlAuthor(item.author)];
    } else {
      // RSS's <author> must be an email address, which we never publish: Dublin Core's
      // <dc:creator> names the author instead (the namespace comes with <content:encoded>).
      entry.extensions = [{ name: "dc:creator", objects: { _cdata: xmlSafe(item.author.name) } }];
    }
    if (item.image) entry.enclosure = { url: item.image, type: thumbType(item.image) };
    feed.addItem(entry);
  }
  return feed;
}

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
function jsonFeed(model: FeedModel): string {
  const urls = feedUrls(model);
  const person = (p: FeedPerson) => ({
    name: p.name,
    url: p.url,
    ...(p.avatar ? { avatar: p.avatar } : {}),
  });
  const document = {
    version: "https://jsonfeed.org/version/1.1",
    title: model.title,
    home_page_url: model.homeUrl,
    feed_url: urls.json,
    description: model.description,
    favicon: model.icon,
    language: model.language,
    ...(model.author ? { authors: [person(model.author)] } : {}),
    items: model.items.map((item) => ({
      id: item.url,
      url: item.url,
      title: item.title,
      content_html: item.html,
      summary: item.summary,
      ...(item.image ? { image: item.image } : {}),
      date_published: item.published.toISOString(),
      date_modified: item.updated.toISOString(),
      authors: [person(item.author)],
      ...(item.tags.length ? { tags: item.tags } : {}),
      ...(item.language ? { language: item.language } : {}),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Escapes `<` in the attributes of Atom's `<category/>` elements. The feed package escapes
 * only `&` in their `label` and `term` (and its XML writer only `"`), so a tag holding `<`
 * would make the document unreadable. Attribute values never hold a raw `"`, so each one is
 * exactly the text between two quotes; no other raw `<category` can occur (text and titles
 * are escaped, contents are CDATA of rendered HTML, which escapes `<`).
 */
function escapeCategoryAttributes(xml: string): string {
  return xml.replace(/<category((?:\s+[\w:-]+="[^"]*")*)\s*\/>/g, (_match, attributes: string) => {
    const escaped = attributes.replace(
      /="([^"]*)"/g,
      (_m, value: string) => `="${value.replaceAll("<", "&lt;").replaceAll(">", "&gt;")}"`,
    );
    return `<category${escaped}/>`;
  });
}

/** The feed's text in one format. */
export function renderFeed(model: FeedModel, format: FeedFormat): string {
  if (format === "json") return jsonFeed(model);
  const feed = xmlFeed(model, format);
  return `${format === "rss" ? feed.rss2() : escapeCategoryAttributes(feed.atom1())}\n`;
}

/** The format a feed URL asks for, from its last path segment (`…/atom.xml` → `atom`). */
export function formatOf(request: Request): FeedFormat {
  const file = new URL(request.url).pathname.split("/").pop() ?? "";
  return FEED_FORMATS.find((format) => FEED_FILES[format] === file) ?? "rss";
}

/** A weak validator of a body: the same bytes give the same tag. */
export function etagOf(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, `*` matches). */
function matchesEtag(header: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * Answers a GET of a cacheable document: 304 when the client's copy is current (by
 * `If-None-Match`, else by `If-Modified-Since`, as RFC 9110 §13.2.2 orders them), else the
 * body, with `ETag`, `Last-Modified` and `Cache-Control` either way.
 */
export function cacheableResponse(
  request: Request,
  body: string,
  options: { contentType: string; lastModified?: Date; cacheControl?: string; vary?: string },
): Response {
  const etag = etagOf(body);
  const headers = new Headers({
    "Cache-Control": options.cacheControl ?? FEED_CACHE_CONTROL,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  });
  const lastModified = options.lastModified;
  if (lastModified) headers.set("Last-Modified", lastModified.toUTCString());
  if (options.vary) headers.set("Vary", options.vary);
  const ifNoneMatch = request.headers.get("if-none-match");
  const ifModifiedSince = request.headers.get("if-modified-since");
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
  const notModified =
    ifNoneMatch !== null
      ? matchesEtag(ifNoneMatch, etag)
      : lastModified !== undefined &&
        !Number.isNaN(since) &&
        Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
  if (notModified) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", options.contentType);
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
}

/** The HTTP answer of a feed: its format's media type, validators and a 304 when current. */
export function feedResponse(request: Request, model: FeedModel): Response {
  const format = formatOf(request);
  return cacheableResponse(request, renderFeed(model, format), {
    contentType: `${FEED_MEDIA_TYPES[format]}; charset=utf-8`,
    lastModified: feedUpdated(model),
    // Titles follow the reader's language (cookie, then Accept-Language).
    vary: "Accept-Language, Cookie",
  });
}

/** A plain-text 404 for a feed of someone or something that is not there (or not public). */
export function feedNotFound(message: string): Response {
  return new Response(`${message}\n`, {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
