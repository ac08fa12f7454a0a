/** A record's comment mode as the editors' forms hold it (ADR 065). */
import { COMMENT_MODES, type CommentMode } from "#shared/records/comment-mode.ts";

/** A record's comment mode as the form holds it: `""` for the site's default. */
export type CommentModeValue = "" | CommentMode;

/** Whether `value` is a comment mode the form holds. */
export function isCommentModeValue(value: unknown): value is CommentModeValue {
  return value === "" || COMMENT_MODES.includes(value as CommentMode);
}
