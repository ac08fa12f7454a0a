/**
 * The moderation page's data (`/writing/comments`, ADR 065): the comments of one status on
 * the records the person moderates (an admin's: every record's), newest first, 30 a page,
 * each with its record's title and address and an excerpt of its text; and the count of each
 * status for the tabs. Its action approves, rejects, marks as spam or deletes the selected
 * comments in one batch, or blocks one commenter, then redirects back (post/redirect/get).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { excerpt } from "#shared/markdown/plain-text.ts";
import { isAdmin, type SessionUser } from "../../api/auth/session.ts";
import { apiFailure } from "../../api/client/api-errors.ts";
import {
  blockCommenter,
  COMMENT_STATUSES,
  listModeratedComments,
  moderatedCounts,
  moderateComments,
  type CommentRecord,
  type CommentStatus,
  type ModerationAction,
} from "../../api/comments/comments.ts";
import { pageParam } from "../../lib/routes/query-params.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { paths } from "../../lib/paths.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { remoteAuthor } from "./comment-types.ts";

/** Comments a moderation page lists. */
export const MODERATION_PAGE_SIZE = 30;

/** One comment as the moderation page lists it. */
export interface ModeratedComment {
  id: string;
  authorName: string;
  /** A guest's comment (no account). */
  guest: boolean;
  /** A reply from the fediverse: its author's profile page (issue 27). */
  remote: { profile: string } | null;
  /** A guest's address (moderators see it). */
  email: string;
  excerpt: string;
  created: string;
  /** The record's title and page (empty when the record cannot be read any more). */
  recordTitle: string;
  recordHref: string;
}

/** The page's query: a status and a page number. */
export interface ModerationQuery {
  status: CommentStatus;
  page: number;
}

/** The query of a moderation page's address; pending by default. */
export function moderationQuery(url: URL): ModerationQuery {
  const asked = url.searchParams.get("status");
  const status = COMMENT_STATUSES.find((known) => known === asked) ?? "pending";
  return { status, page: pageParam(url) };
}

/** Whose records' comments a person moderates: theirs, or every record's for an admin. */
export function moderatedAuthor(user: SessionUser): string | null {
  return isAdmin(user) ? null : user.id;
}

/** A comment's record, as its expansion names it. */
function recordOf(comment: CommentRecord): { title: string; href: string } {
  const post = comment.expand?.post;
  const postAuthor = post?.expand?.author?.username;
  if (post && postAuthor) return { title: post.title, href: paths.post(postAuthor, post.slug) };
  const entry = comment.expand?.entry;
  const entryAuthor = entry?.expand?.author?.username;
  if (entry && entryAuthor) {
    return { title: entry.title, href: paths.entry(entryAuthor, entry.name) };
  }
  return { title: "", href: "" };
}

/** Loads one page of the moderation queue and the counts. */
export async function loadModeration(
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  query: ModerationQuery,
) {
  const { api } = routeContext(context);
  const author = moderatedAuthor(user);
  const [list, counts] = await Promise.all([
    listModeratedComments(api, query.status, author, query.page, MODERATION_PAGE_SIZE),
    moderatedCounts(api, author),
  ]);
  const comments = list.items.map((comment): ModeratedComment => {
    const record = recordOf(comment);
    return {
      id: comment.id,
      authorName: comment.authorName,
      guest: !comment.author && comment.source !== "fediverse",
      remote:
        comment.source === "fediverse" ? { profile: remoteAuthor(comment)?.profile ?? "" } : null,
      email: comment.author ? "" : comment.email,
      excerpt: excerpt(comment.content, 240),
      created: comment.created,
      recordTitle: record.title,
      recordHref: record.href,
    };
  });
  return {
    comments,
    counts,
    admin: author === null,
    page: list.page,
    totalPages: list.totalPages,
  };
}

/** What a refused moderation says. */
export interface ModerationActionData {
  message: string;
}

const ACTIONS: readonly ModerationAction[] = ["approve", "reject", "spam", "delete"];

/** The moderation page's address for a status, with a done count or the blocked flag. */
function backTo(status: string, outcome: { done?: string; blocked?: string }): string {
  return paths.writingComments({ status: status === "pending" ? undefined : status, ...outcome });
}

/** Handles the moderation form (see the module comment). */
export async function moderationAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { api, t } = routeContext(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const status = formText(form, "status") || "pending";
  try {
    if (intent.startsWith("block:")) {
      await blockCommenter(api, intent.slice("block:".length));
      return redirect(backTo(status, { blocked: "1" }));
    }
    const action = ACTIONS.find((known) => known === intent);
    const ids = form.getAll("ids").filter((id): id is string => typeof id === "string" && !!id);
    if (!action || ids.length === 0) {
      return data<ModerationActionData>(
        { message: t("comments:moderation.noneSelected") },
        { status: 400 },
      );
    }
    await moderateComments(api, ids, action);
    return redirect(backTo(status, { done: String(ids.length) }));
  } catch (error) {
    const failure = apiFailure(error);
    if (!failure) throw error;
    const code = [403, 404, 429].includes(failure.status) ? failure.status : 400;
    return data<ModerationActionData>(
      { message: code === 403 ? t("comments:errors.forbidden") : t("errors:api.generic") },
      { status: code },
    );
  }
}
