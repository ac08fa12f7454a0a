/**
 * The comments section's data, made by the loader of a post or entry page (ADR 065): the
 * comments the visitor may see (approved ones, and their own held ones), rendered to HTML on
 * the server with the posts' safe renderer (ADR 050: reading pages ship no Markdown code),
 * what each visitor may do with each, what the page offers (a form, sign in, closed), and the
 * outcome of the last comment sent (`?comment=` after the action's redirect).
 */
import type { RouterContextProvider } from "react-router";
import { isAdmin } from "../../api/auth/session.ts";
import { listRecordComments, type CommentedCollection } from "../../api/comments/comments.ts";
import { markdownHtml } from "../../lib/routes/markdown.server.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { commentSiteRulesContext } from "../../context.ts";
import { commentAccess, effectiveMode, stillEditable } from "./comment-access.ts";
import {
  COMMENT_OUTCOMES,
  remoteAuthor,
  type CommentSectionData,
  type ShownComment,
} from "./comment-types.ts";

/** The record a section is for: its id, author, own mode and publication date. */
export interface CommentedRecord {
  id: string;
  collection: CommentedCollection;
  author: string;
  /** Its `comments` field (`""`: the site's default). */
  comments: string;
  /** A post's `publishedAt`, an entry's `date` or else `created`. */
  published: string;
}

/** Loads the comments section of `record` for the request's visitor. */
export async function loadCommentSection(
  context: Readonly<RouterContextProvider>,
  request: Request,
  record: CommentedRecord,
): Promise<CommentSectionData> {
  const { api, user } = routeContext(context);
  const rules = context.get(commentSiteRulesContext);
  const now = Date.now();
  const signedIn = user !== null && user.collectionName === "users";
  const list = await listRecordComments(api, record.id, signedIn ? user.id : null);
  const moderator = signedIn && (user.id === record.author || isAdmin(user));
  const comments = list.map((comment): ShownComment => {
    const mine = signedIn && comment.author === user.id;
    const canEdit = mine && stillEditable(comment.created, now);
    return {
      id: comment.id,
      parent: comment.parent,
      authorName: comment.authorName,
      remote: remoteAuthor(comment),
      html: markdownHtml(context, comment.content),
      source: canEdit ? comment.content : "",
      pending: comment.status !== "approved",
      created: comment.created,
      updated: comment.updated,
      canEdit,
      canDelete: mine || moderator,
    };
  });
  const mode = effectiveMode(record.comments, record.published, rules, now);
  const asked = new URL(request.url).searchParams.get("comment");
  return {
    recordId: record.id,
    recordCollection: record.collection,
    comments,
    approved: comments.filter((comment) => !comment.pending).length,
    access: commentAccess(
      mode,
      signedIn ? "account" : user !== null ? "superuser" : "guest",
      rules,
    ),
    outcome: COMMENT_OUTCOMES.find((outcome) => outcome === asked) ?? null,
  };
}
