/**
 * Who may comment on a post or a public entry (issue 26, ADR 065): `open` (signed-in
 * readers, and guests where the site allows them), `members` (signed-in readers only) or
 * `closed`. A record whose `comments` field is empty follows the site's default.
 */
export const COMMENT_MODES = ["open", "members", "closed"] as const;

/** A record's comment mode. */
export type CommentMode = (typeof COMMENT_MODES)[number];
