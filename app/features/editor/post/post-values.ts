/**
 * The post form's values (what a draft and pending edits hold), their request body, and the
 * post target of the autosave: a draft is autosaved in place (still a draft), a published or
 * scheduled post into pending edits; a new post is created as a draft.
 */
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import type { PostRecord } from "../../../api/records/records.ts";
import { paths } from "../../../lib/paths.ts";
import type { AutosaveTarget } from "../autosave/autosave-target.ts";
import { hasWords } from "../autosave/stand-in-title.ts";
import { isCommentModeValue, type CommentModeValue } from "../kit/comment-mode.ts";

/** The values of the post form (what a draft holds). */
export interface PostValues {
  title: string;
  excerpt: string;
  content: string;
  status: "draft" | "published";
  /** In the API's format (UTC), `""` for "when published". */
  publishedAt: string;
  lang: Locale;
  tags: string[];
  /** Not mailed to subscribers when it goes live (ADR 065); absent in older drafts: mailed. */
  skipMail?: boolean;
  /** Who may comment, `""` for the site's default (ADR 065); absent in older drafts. */
  comments?: CommentModeValue;
  /**
   * The slug the writer typed in the address field; absent until they change it, and only
   * then sent (the server makes a new post's from its title, and moves an untitled draft's).
   */
  slug?: string;
  /** The search and social title and description (`""`: the post's own); absent in older drafts. */
  seoTitle?: string;
  seoDescription?: string;
  /** The post in the other language (`""`: none; issue 29); absent in older drafts. */
  translations?: string;
}

/** Whether stored draft values have the post form's shape. */
export function isPostValues(value: unknown): value is PostValues {
  const v = value as Partial<PostValues> | null;
  return (
    typeof v?.title === "string" &&
    typeof v.excerpt === "string" &&
    typeof v.content === "string" &&
    (v.status === "draft" || v.status === "published") &&
    typeof v.publishedAt === "string" &&
    isLocale(v.lang) &&
    Array.isArray(v.tags) &&
    v.tags.every((tag) => typeof tag === "string") &&
    (v.skipMail === undefined || typeof v.skipMail === "boolean") &&
    (v.comments === undefined || isCommentModeValue(v.comments)) &&
    [v.slug, v.seoTitle, v.seoDescription, v.translations].every(
      (s) => s === undefined || typeof s === "string",
    )
  );
}

/** The form values of a stored post, or of a new one in `lang`. */
export function postValues(post: PostRecord | undefined, lang: Locale): PostValues {
  return {
    title: post?.title ?? "",
    excerpt: post?.excerpt ?? "",
    content: post?.content ?? "",
    status: post?.status ?? "draft",
    publishedAt: post?.publishedAt ?? "",
    lang: isLocale(post?.lang) ? post.lang : lang,
    tags: post?.tags ?? [],
    skipMail: post?.skipMail ?? false,
    comments: post?.comments ?? "",
    seoTitle: post?.seoTitle ?? "",
    seoDescription: post?.seoDescription ?? "",
    translations: post?.translations ?? "",
  };
}

/** The body of a post write with these values (the author and the cover are the caller's). */
export function postBody(values: PostValues): Record<string, unknown> {
  return {
    title: values.title,
    excerpt: values.excerpt,
    content: values.content,
    status: values.status,
    publishedAt: values.publishedAt,
    lang: values.lang,
    tags: values.tags,
    skipMail: values.skipMail ?? false,
    comments: values.comments ?? "",
    seoTitle: values.seoTitle ?? "",
    seoDescription: values.seoDescription ?? "",
    ...(values.translations !== undefined ? { translations: values.translations } : {}),
    ...(values.slug ? { slug: values.slug } : {}),
  };
}

/** Posts for the autosave (ADR 047). */
export const postTarget: AutosaveTarget<PostValues, PostRecord> = {
  collection: "posts",
  addressField: "slug",
  address: (post) => post.slug,
  isValues: isPostValues,
  readerVisible: (post) => post.status === "published",
  autosaved: (values, post) => ({ ...values, status: post?.status ?? "draft" }),
  creatable: hasWords,
  body: postBody,
  toPending: ({ title, content, ...data }) => ({ title, content, data: { ...data } }),
  editPath: (username, post) => paths.postUpdate(username, post.slug),
};
