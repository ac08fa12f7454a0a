/**
 * The `comments` part of the instance settings (`/api/settings`, ADR 065): where comments are
 * open when a post or entry leaves its own `comments` field empty, whether guests may
 * comment, and how long after publication comments close by themselves.
 */
import { z } from "zod";
import { COMMENT_MODES, type CommentMode } from "../../../shared/records/comment-mode.ts";

/** Comment settings. */
export interface CommentSettings {
  /** The mode of a record whose `comments` field is empty. */
  defaultMode: CommentMode;
  /** Whether guests (no account) may comment where a record is `open`; always held. */
  guests: boolean;
  /** Comments close this many days after a record's publication; 0 never closes them. */
  closeAfterDays: number;
}

/** Open to signed-in readers, no guests, never closed by age. */
export const DEFAULT_COMMENT_SETTINGS: CommentSettings = {
  defaultMode: "open",
  guests: false,
  closeAfterDays: 0,
};

/** What `PATCH /api/settings` accepts under `comments` (unknown keys refused). */
export const CommentSettingsPatchSchema = z.strictObject({
  defaultMode: z.enum(COMMENT_MODES).optional(),
  guests: z.boolean().optional(),
  closeAfterDays: z.number().int().min(0).max(36_500).optional(),
});
