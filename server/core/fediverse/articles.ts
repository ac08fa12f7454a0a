/**
 * A live post as an ActivityPub `Article` (ADR 071): its id by record id (the slug may
 * change), `name` (the title), `content` (the Markdown rendered as on the site, with absolute
 * addresses), `summary` (the excerpt, or the text's beginning), `url` (the post's page),
 * `published`, `updated`, its tags as `Hashtag`s, its cover and images as attachments, to
 * Public with the author's followers in copy. Loaded with the federation (it imports Fedify).
 */
import type { Context } from "@fedify/fedify";
import { Article, Hashtag, Image, PUBLIC_COLLECTION, Tombstone } from "@fedify/vocab";
import { Temporal as TemporalPolyfill } from "@js-temporal/polyfill";
import { excerpt, markdownToPlainText } from "#shared/markdown/plain-text.ts";
import { renderMarkdown, singleSourceImages } from "#shared/markdown/render.ts";
import type { RecordData } from "../records/request-info.ts";
import { text, type LocalActor } from "./local-actors.ts";

/** Node has no `Temporal` yet: the polyfill Fedify uses, typed as the standard one. */
const Time = TemporalPolyfill as unknown as typeof Temporal;

/** Where the site is. */
export interface ArticleSite {
  origin: string;
}

/** An ISO instant of a PocketBase date (`2026-01-31 08:00:00.000Z`), or null. */
function instant(value: unknown): Temporal.Instant | null {
  const date = text(value);
  if (!date) return null;
  const ms = Date.parse(date.replace(" ", "T"));
  return Number.isNaN(ms) ? null : Time.Instant.fromEpochMilliseconds(ms);
}

/** HTML with site-relative `src` and `href` made absolute. */
function absoluteHtml(origin: string, html: string): string {
  return singleSourceImages(html).replace(/\b(src|href)="\/(?!\/)/g, `$1="${origin}/`);
}

/** A stored file's address. */
function fileUrl(origin: string, post: RecordData, name: string): URL {
  return new URL(
    `/api/files/${String(post.collectionId)}/${String(post.id)}/${encodeURIComponent(name)}`,
    origin,
  );
}

/** The strings of a list field. */
function list(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String).filter(Boolean) : [];
}

/** The post's page. */
export function postUrl(origin: string, post: RecordData, author: LocalActor): URL {
  return new URL(
    `/post/${encodeURIComponent(author.username)}/${encodeURIComponent(String(post.slug))}`,
    origin,
  );
}

/** The `Article` of a live post. */
export function articleOf(
  ctx: Context<undefined>,
  site: ArticleSite,
  post: RecordData,
  author: LocalActor,
): Article {
  const { origin } = site;
  const content = text(post.content);
  const lang = text(post.lang) || undefined;
  const summary = text(post.excerpt)
    ? markdownToPlainText(text(post.excerpt))
    : excerpt(content, 300);
  const published = instant(post.publishedAt);
  const updated = instant(post.updated);
  const attachments: Image[] = [];
  const cover = text(post.cover);
  if (cover)
    attachments.push(new Image({ url: fileUrl(origin, post, cover), name: text(post.title) }));
  for (const image of list(post.images))
    attachments.push(new Image({ url: fileUrl(origin, post, image) }));
  return new Article({
    id: ctx.getObjectUri(Article, { id: String(post.id) }),
    attribution: ctx.getActorUri(author.identifier),
    name: text(post.title),
    content: absoluteHtml(
      origin,
      renderMarkdown(content, { ...(lang ? { locale: lang as never } : {}) }),
    ),
    mediaType: "text/html",
    summary,
    url: postUrl(origin, post, author),
    published,
    // Mastodon shows an edit only when `updated` is later than `published`.
    updated: updated && published && Time.Instant.compare(updated, published) > 0 ? updated : null,
    tags: list(post.tags).map(
      (tag) =>
        new Hashtag({
          name: `#${tag.replace(/\s+/g, "")}`,
          href: new URL(`/blog?tag=${encodeURIComponent(tag)}`, origin),
        }),
    ),
    attachments,
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(author.identifier),
  });
}

/** The `Tombstone` a deleted or unpublished post leaves. */
export function tombstoneOf(ctx: Context<undefined>, postId: string): Tombstone {
  return new Tombstone({
    id: ctx.getObjectUri(Article, { id: postId }),
    deleted: Time.Now.instant(),
  });
}
