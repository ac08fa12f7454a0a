/**
 * The summaries of posts and collections, whose excerpts and reading times read Markdown:
 * made by loaders only (server-only, so markdown-it stays out of reading pages' browser code,
 * ADR 050). The shapes and the other summaries are in `summaries.ts`.
 */
import {
  excerpt,
  markdownToPlainText,
  readingMinutes,
  truncate,
} from "#shared/markdown/plain-text.ts";
import type { CollectionRecord, PostRecord } from "../../lib/records.ts";
import { paths } from "../../lib/paths.ts";
import {
  COVER_THUMB,
  EXCERPT_LENGTH,
  fileUrl,
  personSummary,
  type CollectionSummary,
  type PostSummary,
} from "./summaries.ts";

/**
 * A post for a card (`username` when the author is known but not expanded). The excerpt is
 * the post's own (Markdown, as plain text), else the start of its content.
 */
export function postSummary(post: PostRecord, username?: string): PostSummary {
  const owner = username ?? post.expand?.author?.username ?? "";
  return {
    kind: "post",
    id: post.id,
    href: paths.post(owner, post.slug),
    title: post.title,
    lang: post.lang || undefined,
    date: post.publishedAt || post.created,
    excerpt: post.excerpt
      ? truncate(markdownToPlainText(post.excerpt), EXCERPT_LENGTH)
      : excerpt(post.content, EXCERPT_LENGTH),
    readingMinutes: readingMinutes(post.content),
    tags: post.tags,
    cover: fileUrl(post, post.cover, COVER_THUMB),
    author: personSummary(post.expand?.author),
  };
}

/** A collection for a card (`username` when the owner is known but not expanded). */
export function collectionSummary(
  collection: CollectionRecord,
  username?: string,
): CollectionSummary {
  const owner = username ?? collection.expand?.owner?.username ?? "";
  return {
    id: collection.id,
    href: paths.collection(owner, collection.name),
    title: collection.title,
    description: excerpt(collection.description, EXCERPT_LENGTH),
    visibility: collection.visibility,
    owner: personSummary(collection.expand?.owner),
  };
}
