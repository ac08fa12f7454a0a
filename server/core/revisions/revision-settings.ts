/**
 * The `revisions` part of the instance settings (`/api/settings`, ADR 023 and ADR 041): how
 * many revisions a record keeps. Unbounded by default.
 */
import { z } from "zod";

/** Revision history settings. */
export interface RevisionSettings {
  /**
   * The most revisions one record keeps; 0 keeps them all. When a new revision goes past it,
   * the oldest ones are deleted in the same transaction (a lowered cap applies at each
   * record's next new revision).
   */
  maxPerRecord: number;
}

/** Unbounded history. */
export const DEFAULT_REVISION_SETTINGS: RevisionSettings = { maxPerRecord: 0 };

/** What `PATCH /api/settings` accepts under `revisions` (unknown keys refused). */
export const RevisionSettingsPatchSchema = z.strictObject({
  maxPerRecord: z.number().int().min(0).max(1_000_000).optional(),
});
