/**
 * The types of the entry and post forms' shared state (`record-form.tsx`): what a save
 * sends, field errors, and the offers of unsaved values.
 */
import type { AutosaveRecord } from "../autosave/autosave-target.ts";

/** What one save sends and does, given by each editor. */
export interface SaveSpec<R extends AutosaveRecord> {
  /** The request body (files included; multipart then). */
  body: Record<string, unknown>;
  /**
   * Runs after a successful save (ends the draft, fixes links to new files); returns the
   * record to show.
   */
  after: (saved: R) => Promise<R>;
  /** The saved record's page. */
  href: (saved: R) => string;
}

/** Field errors by field name. */
export type FieldErrors = Record<string, string>;

/** A draft started on a New page, offered on the next one (`started-drafts.ts`). */
export interface StartedOffer {
  /** Its title (`""`: untitled). */
  title: string;
  /** Whether the autosave made a record of it (found in "My writing" too). */
  kept: boolean;
}

/** The offer of unsaved values found when the editor opened, and the draft's life. */
export interface FormDraft<V> {
  /**
   * Found in this browser, or kept on the server as pending edits; the newer one. On a New
   * page, a browser draft is one started on a New page (`started`).
   */
  offer: { savedAt: number; source: "browser" | "server"; started: StartedOffer | null } | null;
  /**
   * Takes the offer: resolves its values (the other copy, if any, is dropped), or `null` when
   * it could not be taken (the offer stays). A draft whose record the autosave created brings
   * that record along: the editor edits it from then on.
   */
  restore(): Promise<V | null>;
  /** Refuses the offer (both copies). */
  discard(): void;
  /** Ends the draft after an explicit save. */
  finish(): void;
}
