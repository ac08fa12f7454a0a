/**
 * Who may comment under a record, as the page tells it (ADR 065): the record's own mode
 * (`comments`), else the site's default; closed once `closeAfterDays` have passed since the
 * record was published; `members` and guests not allowed ask a guest to sign in. The server
 * decides again on every comment; this only chooses what the page offers.
 */
import type { CommentMode } from "#shared/records/comment-mode.ts";
import type { CommentSiteRules } from "../../context.ts";

export type { CommentSiteRules };

/**
 * What the comments section offers: a form (a member's or a guest's), sign in, nothing
 * (closed), or a word to a superuser, who has no account to comment with.
 */
export type CommentAccess = "member" | "guest" | "signIn" | "closed" | "superuser";

/** Who reads the page: a signed-in account, a superuser, or a guest. */
export type CommentViewer = "account" | "superuser" | "guest";

/** Open to signed-in readers only, never closed by age: what a page assumes unless told. */
export const DEFAULT_SITE_RULES: CommentSiteRules = {
  defaultMode: "open",
  guests: false,
  closeAfterDays: 0,
};

const DAY_MS = 86_400_000;

/** A stored date (`2024-03-05 08:00:00.000Z`) in milliseconds, NaN when blank. */
function storedTime(value: string): number {
  return value ? Date.parse(value.replace(" ", "T")) : Number.NaN;
}

/**
 * The record's effective mode: its own, else the site's; `closed` when `published` (a
 * stored date: a post's `publishedAt`, an entry's `date` or `created`) is more than
 * `closeAfterDays` days before `now`.
 */
export function effectiveMode(
  own: string,
  published: string,
  rules: CommentSiteRules,
  now: number,
): CommentMode {
  const mode = own === "open" || own === "members" || own === "closed" ? own : rules.defaultMode;
  if (mode === "closed" || rules.closeAfterDays <= 0) return mode;
  const since = storedTime(published);
  return Number.isFinite(since) && now - since > rules.closeAfterDays * DAY_MS ? "closed" : mode;
}

/** What `viewer` is offered under a record of `mode`. */
export function commentAccess(
  mode: CommentMode,
  viewer: CommentViewer,
  rules: CommentSiteRules,
): CommentAccess {
  if (mode === "closed") return "closed";
  // Signed in already, without an account that comments: "sign in" would mislead them.
  if (viewer === "superuser") return "superuser";
  if (viewer === "account") return "member";
  return mode === "open" && rules.guests ? "guest" : "signIn";
}

/** How long a commenter may change their comment after writing it (ms). */
export const EDIT_WINDOW_MS = 15 * 60_000;

/** Whether a comment written at `created` (a stored date) may still be changed at `now`. */
export function stillEditable(created: string, now: number): boolean {
  const at = storedTime(created);
  return Number.isFinite(at) && now - at < EDIT_WINDOW_MS;
}
