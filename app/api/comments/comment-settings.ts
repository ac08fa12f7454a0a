/**
 * The comment settings of the instance (`comments` of `/api/settings`, superusers only, ADR
 * 065): the mode of a record that leaves its own empty, whether guests may comment, and after
 * how many days comments close by themselves.
 */
import type { CommentMode } from "#shared/records/comment-mode.ts";
import { sdk, type ApiClient } from "../client/api-client.ts";

/** The `comments` part of the settings. */
export interface CommentSettings {
  /** The mode of a record whose `comments` field is empty. */
  defaultMode: CommentMode;
  /** Guests (no account) may comment where a record is `open`; always held. */
  guests: boolean;
  /** Comments close this many days after publication; 0 never. */
  closeAfterDays: number;
}

/** The server's defaults, shown until the settings say otherwise. */
export const DEFAULT_COMMENT_SETTINGS: CommentSettings = {
  defaultMode: "open",
  guests: false,
  closeAfterDays: 0,
};

/**
 * Saves the comment settings (`PATCH /api/settings`, only this part); answers them as stored.
 * `closeAfterDays` is sent as typed: the API refuses what is not a whole number in range,
 * keyed `comments.closeAfterDays`.
 */
export async function saveCommentSettings(
  api: ApiClient,
  values: { defaultMode: string; guests: boolean; closeAfterDays: number | string },
): Promise<CommentSettings> {
  const saved = await sdk(api).send<{ comments?: CommentSettings }>("/api/settings", {
    method: "PATCH",
    body: { comments: values },
  });
  return saved.comments ?? DEFAULT_COMMENT_SETTINGS;
}

/**
 * Saves an account's choice of one daily digest of the comments waiting for it instead of one
 * mail each (`users.commentDigest`, ADR 065); answers the choice as stored.
 */
export async function saveCommentDigest(
  api: ApiClient,
  userId: string,
  digest: boolean,
): Promise<boolean> {
  const saved = await sdk(api)
    .collection("users")
    .update<{ commentDigest?: boolean }>(userId, { commentDigest: digest });
  return saved.commentDigest === true;
}
