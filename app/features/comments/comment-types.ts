/**
 * The comments section's shapes, shared by the loader, the action and the components: what
 * a page shows of each comment and what became of the last comment a visitor sent (carried by
 * the action's redirect in the page's address, `?comment=held#comments`, so a reader without
 * JavaScript reads it too).
 */
import type { CommentedCollection, CommentRecord } from "../../api/comments/comments.ts";
import type { CommentAccess } from "./comment-access.ts";

/** The outcomes the page words. */
export const COMMENT_OUTCOMES = ["posted", "held", "updated", "deleted"] as const;

/** One of {@link COMMENT_OUTCOMES}. */
export type CommentOutcome = (typeof COMMENT_OUTCOMES)[number];

/** The id of the comments section: the anchor redirects and links point at. */
export const COMMENTS_ANCHOR = "comments";

/** What a refused comment renders again: the form's intent, its errors and its values. */
export interface CommentActionData {
  /** Which form was refused: `create` (with its parent), `update` or `delete` (with the id). */
  intent: string;
  /** The comment replied to, changed or deleted (`""` for a new comment of the record). */
  target: string;
  /** A message for the whole form. */
  message: string;
  /** Translated messages per field. */
  errors: Record<string, string>;
  /** What the visitor typed, to fill the form again. */
  values: { content: string; authorName: string; email: string; notifyReplies: boolean };
}

/** One comment as the page shows it. */
export interface ShownComment {
  id: string;
  /** The comment it answers, `""` for one of the record itself. */
  parent: string;
  authorName: string;
  /** A reply from the fediverse: its author's profile page and avatar (`""` for none). */
  remote: { profile: string; avatar: string } | null;
  /** The content, rendered on the server. */
  html: string;
  /** The raw text, for its commenter's edit form only (else `""`). */
  source: string;
  pending: boolean;
  created: string;
  updated: string;
  /** The viewer may change its text (its commenter, within 15 minutes). */
  canEdit: boolean;
  /** The viewer may delete it (its commenter, the record's author, an admin). */
  canDelete: boolean;
}

/** Everything the comments section of a page shows. */
export interface CommentSectionData {
  recordId: string;
  recordCollection: CommentedCollection;
  comments: ShownComment[];
  /** Approved comments: the heading's count. */
  approved: number;
  access: CommentAccess;
  /** The outcome of the last comment the visitor sent, from the redirect's `?comment=`. */
  outcome: CommentOutcome | null;
}

/** An http(s) address as it is, or `""`: nothing else is ever linked or loaded. */
function webAddress(value: string | undefined): string {
  if (!value || !URL.canParse(value)) return "";
  const url = new URL(value);
  return url.protocol === "https:" || url.protocol === "http:" ? url.href : "";
}

/** A fediverse comment's author (profile page, avatar), or null for a local comment. */
export function remoteAuthor(
  comment: Pick<CommentRecord, "source" | "remoteAuthorUrl" | "remoteAvatar" | "remoteActor">,
): ShownComment["remote"] {
  if (comment.source !== "fediverse") return null;
  return {
    profile: webAddress(comment.remoteAuthorUrl) || webAddress(comment.remoteActor),
    avatar: webAddress(comment.remoteAvatar),
  };
}
