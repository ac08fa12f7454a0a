/**
 * The summaries of posts and collections, whose excerpts and reading times read Markdown:
 * made by loaders only (server-only, so markdown-it stays out of reading pages' browser code,
 * ADR 050). The shapes and the other summaries are in `summaries.ts`.
 */
import {
  excerpt,
  markdownToPlainText,
  minutesToRead,
  truncate,
} from "#shared/markdown/plain-text.ts";
import type { CollectionRecord, PostRecord } from "../../api/records/records.ts";
import { paths } from "../../lib/paths.ts";
import {
  COVER_THUMB,
  EXCERPT_LENGTH,
  personSummary,
  type CollectionSummary,
  type PostSummary,
} from "./summaries.ts";
import { fileUrl } from "../../api/files/file-urls.ts";

/** What a post's card reads of its Markdown: its excerpt and reading time. */
interface PostText {
  excerpt: string;
  readingMinutes: number;
}

/** Most posts whose card text is remembered (a list page shows 30 at most). */
const MAX_REMEMBERED_POSTS = 2000;
const postTexts = new Map<string, PostText>();

/**
 * A post's excerpt (its own, else the start of its content) and reading time, remembered per
 * version of the post: parsing the Markdown of every post is most of what a list page's
 * loader costs, and the same posts are listed again and again. The text is derived from the
 * record the reader was given, so a remembered one reveals nothing new to anyone.
 */
function postText(post: PostRecord): PostText {
  const version = `${post.id} ${post.updated} ${String(post.content.length)} ${String(post.excerpt.length)}`;
  const known = postTexts.get(version);
  if (known) return known;
  const content = markdownToPlainText(post.content);
  const text = {
    excerpt: truncate(post.excerpt ? markdownToPlainText(post.excerpt) : content, EXCERPT_LENGTH),
    readingMinutes: minutesToRead(content),
  };
  if (postTexts.size >= MAX_REMEMBERED_POSTS) postTexts.clear();
  postTexts.set(version, text);
  return text;
}

/**
 * A post for a card (`username` when the author is known but not expanded). The excerpt is
 * the post's own (Markdown, as plain text), else the start of its content.
 */
export function postSummary(post: PostRecord, username?: string): PostSummary {
  const owner = username ?? post.expand?.author?.username ?? "";
  const text = postText(post);
  return {
    kind: "post",
    id: post.id,
    href: paths.post(owner, post.slug),
    title: post.title,
    lang: post.lang || undefined,
    date: post.publishedAt || post.created,
    excerpt: text.excerpt,
    readingMinutes: text.readingMinutes,
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
