/**
 * `/sitemap.xml` (sitemaps.org 0.9): the public pages (home, blog, team, privacy policy),
 * every published post, public entry, public collection and standalone page (ADR 075), and
 * the profiles of the people who wrote them, each with its `lastmod`. At most 50,000 URLs (the protocol's limit), newest
 * first. Read through the request's API client with filters naming what is public, so
 * nothing a visitor could not list ever appears, whoever asks. A post and its linked
 * translation (issue 29) each list both as `xhtml:link` alternates, with their languages.
 */
import type { SitePageRecord } from "../../api/records/site-pages.ts";
import type { Route } from "./+types/sitemap";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import type { ApiClient } from "../../api/client/api-client.ts";
import {
  PUBLISHED_FILTER,
  type ApiRecord,
  type CollectionRecord,
  type EntryRecord,
  type PostRecord,
} from "../../api/records/records.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { apiDate, cacheableResponse, escapeHtml, latest } from "./feed.server.ts";
import { paths } from "../../lib/paths.ts";
import { listRecords } from "../../api/records/record-reads.ts";

/** Most URLs in one sitemap (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Records read per API request (spec §9's full-list batch size). */
const BATCH = 500;

/** One `<url>` of the sitemap. */
interface SitemapUrl {
  path: string;
  lastmod: Date | null;
  /** The page in each language, itself included (a post and its translation). */
  alternates?: { lang: string; path: string }[];
}

/** Each listed post's language versions: itself and its translation, when both are listed. */
function translationAlternates(
  posts: readonly { id: string; lang: string; translations?: string; path: string }[],
): Map<string, { lang: string; path: string }[]> {
  const byId = new Map(posts.map((post) => [post.id, post]));
  const out = new Map<string, { lang: string; path: string }[]>();
  for (const post of posts) {
    const other = post.translations ? byId.get(post.translations) : undefined;
    if (!other || other.translations !== post.id || !post.lang || !other.lang) continue;
    if (other.lang === post.lang) continue;
    out.set(post.id, [
      { lang: post.lang, path: post.path },
      { lang: other.lang, path: other.path },
    ]);
  }
  return out;
}

/** `lastmod` in W3C Datetime, to the second: `2025-03-04T10:00:00Z`. */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Up to `limit` records of a list, newest first, read in batches. */
async function collect<T extends ApiRecord>(
  api: ApiClient,
  collection: string,
  options: { filter: string; sort: string; expand: string; fields: string },
  limit: number,
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; out.length < limit; page++) {
    const list = await listRecords<T>(api, collection, page, BATCH, {
      ...options,
      skipTotal: true,
    });
    out.push(...list.items.slice(0, limit - out.length));
    if (list.items.length < BATCH) break;
  }
  return out;
}

/** The sitemap of every public page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = routeContext(context);
  const origin = siteOrigin(context, request);
  const profiles = new Map<string, Date | null>();
  const byAuthor = (username: string, date: Date | null) => {
    const known = profiles.get(username) ?? null;
    profiles.set(username, known && (!date || known > date) ? known : date);
  };
  // Four fixed pages, then as many records as the limit leaves room for.
  let room = SITEMAP_MAX_URLS - 4;

  const posts = await collect<PostRecord>(
    api,
    "posts",
    {
      filter: PUBLISHED_FILTER,
      sort: "-publishedAt,-created",
      expand: "author",
      fields: "id,slug,lang,translations,updated,publishedAt,expand.author.username",
    },
    room,
  );
  room -= posts.length;
  const entries = await collect<EntryRecord>(
    api,
    "entries",
    {
      filter: 'visibility = "public"',
      sort: "-updated",
      expand: "author",
      fields: "id,name,updated,expand.author.username",
    },
    room,
  );
  room -= entries.length;
  const collections = await collect<CollectionRecord>(
    api,
    "collections",
    {
      filter: 'visibility = "public"',
      sort: "-updated",
      expand: "owner",
      fields: "id,name,updated,expand.owner.username",
    },
    room,
  );
  room -= collections.length;
  // The site's published standalone pages (ADR 075).
  const sitePages = await collect<SitePageRecord>(
    api,
    "pages",
    { filter: 'status = "published"', sort: "-updated", expand: "", fields: "slug,updated" },
    room,
  );
  room -= sitePages.length;

  const records: SitemapUrl[] = [];
  const listed = posts.flatMap((post) => {
    const username = post.expand?.author?.username;
    return username ? [{ ...post, username, path: paths.post(username, post.slug) }] : [];
  });
  const alternates = translationAlternates(listed);
  for (const post of listed) {
    const lastmod = latest([apiDate(post.updated), apiDate(post.publishedAt)], new Date(0));
    records.push({ path: post.path, lastmod, alternates: alternates.get(post.id) });
    byAuthor(post.username, lastmod);
  }
  for (const entry of entries) {
    const username = entry.expand?.author?.username;
    if (!username) continue;
    const lastmod = apiDate(entry.updated);
    records.push({ path: paths.entry(username, entry.name), lastmod });
    byAuthor(username, lastmod);
  }
  for (const collection of collections) {
    const username = collection.expand?.owner?.username;
    if (!username) continue;
    const lastmod = apiDate(collection.updated);
    records.push({ path: paths.collection(username, collection.name), lastmod });
    byAuthor(username, lastmod);
  }

  for (const page of sitePages)
    records.push({ path: paths.page(page.slug), lastmod: apiDate(page.updated) });

  const newestPost = posts.length
    ? latest(
        records.slice(0, posts.length).map((url) => url.lastmod),
        new Date(0),
      )
    : null;
  const urls: SitemapUrl[] = [
    { path: paths.home(), lastmod: newestPost },
    { path: paths.blog(), lastmod: newestPost },
    { path: paths.team(), lastmod: null },
    { path: paths.privacyPolicy(), lastmod: null },
    ...records,
    ...[...profiles]
      .slice(0, Math.max(0, room))
      .map(([username, lastmod]) => ({ path: paths.profile(username), lastmod })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls.map(
      ({ path: p, lastmod, alternates: versions }) =>
        `  <url><loc>${escapeHtml(absoluteUrl(origin, p))}</loc>${
          lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ""
        }${(versions ?? [])
          .map(
            (v) =>
              `<xhtml:link rel="alternate" hreflang="${escapeHtml(v.lang)}" href="${escapeHtml(absoluteUrl(origin, v.path))}"/>`,
          )
          .join("")}</url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return cacheableResponse(request, body, {
    contentType: "application/xml; charset=utf-8",
    lastModified: latest(
      urls.map((url) => url.lastmod),
      new Date(0),
    ),
  });
}
