/**
 * The one definition of "a post is live": `status` is `"published"` and `publishedAt` is set
 * and not in the future. The server's posts rules, the web app's listings and the post page
 * all derive from it, as a filter fragment (SQL side) or as {@link postState} (JavaScript side);
 * the draft and scheduled filters split the rest the same way ("My writing" counts by state).
 */
import type { Locale } from "../i18n/locales.ts";

/**
 * The PocketBase filter of live posts, for API rules and client filters. Wrap it in
 * parentheses when combining it (`(${POST_LIVE_FILTER}) || author = @request.auth.id`).
 */
export const POST_LIVE_FILTER = 'status = "published" && publishedAt != "" && publishedAt <= @now';

/**
 * Posts once per work for a reader of `lang` (issue 29): a post is left out when its linked
 * translation is in `lang` and live, so a bilingual pair is listed in the reader's language,
 * and in its own where the other is not live. Combine it with {@link POST_LIVE_FILTER}.
 */
export function oneWorkPerLanguageFilter(lang: Locale): string {
  return (
    `(translations = "" || lang = "${lang}" || translations.lang != "${lang}" || ` +
    `translations.status != "published" || translations.publishedAt = "" || ` +
    `translations.publishedAt > @now)`
  );
}

/** The PocketBase filter of draft posts ({@link postState} `"draft"`). */
export const POST_DRAFT_FILTER = 'status != "published"';

/**
 * The PocketBase filter of scheduled posts ({@link postState} `"scheduled"`): published with a
 * date still to come, or without a date. With {@link POST_LIVE_FILTER} and
 * {@link POST_DRAFT_FILTER} it splits every post into exactly one state.
 */
export const POST_SCHEDULED_FILTER =
  'status = "published" && (publishedAt = "" || publishedAt > @now)';

/**
 * The PocketBase filter of posts that go live later on their own: published with a date still
 * to come. The earliest such date is when the anonymous page cache must forget what it holds.
 */
export const POST_DUE_LATER_FILTER = 'status = "published" && publishedAt > @now';

/** Where a post stands: a draft, published with a date still to come, or live. */
export type PostState = "draft" | "scheduled" | "live";

/** The fields {@link postState} reads (a `posts` record has them). */
export interface PostStateFields {
  /** `"draft"` or `"published"`. */
  status: string;
  /** PocketBase date (`2025-01-31 08:00:00.000Z`) or `""`. */
  publishedAt: string;
}

/**
 * The state of a post at `now` (default: the current time), as {@link POST_LIVE_FILTER}
 * decides it: `"live"` when published and due, `"scheduled"` when published but not due
 * (including a published post without a date, which the filter never lists), else `"draft"`.
 *
 * @example
 * ```ts
 * postState({ status: "published", publishedAt: "2999-01-01 00:00:00.000Z" }); // "scheduled"
 * ```
 */
export function postState(post: PostStateFields, now: Date | number = Date.now()): PostState {
  if (post.status !== "published") return "draft";
  const due = post.publishedAt ? Date.parse(post.publishedAt.replace(" ", "T")) : NaN;
  return due <= +now ? "live" : "scheduled";
}
