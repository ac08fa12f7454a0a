/**
 * The options of the server autosave (`use-autosave.ts`, ADR 047) and what it offers back
 * when the editor opens.
 */
import type { LiveStatus } from "../../../components/live/live-session.ts";
import type { AutosaveRecord, AutosaveTarget } from "./autosave-target.ts";
import type { TitledValues } from "./stand-in-title.ts";

/** Options of `useAutosave`. */
export interface AutosaveOptions<V extends TitledValues, R extends AutosaveRecord> {
  target: AutosaveTarget<V, R>;
  author: { id: string; username: string };
  /** The stand-in title of a record whose text has no words either ("Untitled"). */
  untitled: string;
  /** The record being edited (undefined until it exists). */
  record: R | undefined;
  /** The values of the stored record (a new record's defaults). */
  initial: V;
  /** The form's values now. */
  values: V;
  /**
   * The form's explicit save; the queue runs it (never beside another save). Resolves
   * `false` when the save was refused: autosaves asked for meanwhile run after it.
   */
  explicit: () => Promise<boolean>;
  /** Tells when a save of the form (of either kind) starts and ends. */
  onSaving: (saving: boolean) => void;
  /** Whether the form lets autosave write now (no conflict open); offers are checked here. */
  enabled: boolean;
  /**
   * Whether realtime reports changes of the record (ADR 028): while it is off or reconnecting,
   * an autosave first reads the record's `updated`.
   */
  live: LiveStatus;
  /** The `updated` the form is based on (ADR 028). */
  base: () => string;
  /** A record the autosave wrote (created or updated): the editor edits it from now on. */
  onRecord: (record: R) => void;
  /** A newer version was found on the server: the autosave stops (ADR 028's warning). */
  onConflict: (updated: string) => void;
}

/** Pending edits found when the editor opened. */
export interface PendingOffer<V> {
  values: V;
  savedAt: number;
}
