/**
 * What the autosave needs to know about one kind of record (entries, posts): how its form
 * values map to a request body and to pending edits, which of its records readers can see,
 * and which fields only an explicit save may change (ADR 047). `entry-values.ts` and
 * `post-values.ts` give the two targets.
 */
import { sameValues } from "../../lib/draft-storage.ts";

/** The columns of a `pendingEdits` row that hold the edits. */
export interface PendingEditValues {
  title: string;
  content: string;
  /** The other fields of the form (JSON). */
  data: Record<string, unknown>;
}

/** A stored record as the autosave sees it. */
export interface AutosaveRecord {
  id: string;
  updated: string;
}

/** One kind of record for the autosave. */
export interface AutosaveTarget<V, R extends AutosaveRecord> {
  /** The record's collection. */
  collection: "entries" | "posts";
  /** Whether stored values have the form's shape (drafts, pending edits). */
  isValues: (value: unknown) => value is V;
  /**
   * Whether readers can see the stored record (a public or unlisted entry, a published or
   * scheduled post): its autosaves then go to pending edits, never into the record.
   */
  readerVisible: (record: R) => boolean;
  /**
   * The values an autosave writes into the record itself: the form's, except the fields that
   * decide who reads it, which keep their stored values (private and draft for a new record).
   */
  autosaved: (values: V, record: R | undefined) => V;
  /** Whether a new record can be created from the values (the title is required). */
  creatable: (values: V) => boolean;
  /** The request body of a record write with these values (files excluded). */
  body: (values: V) => Record<string, unknown>;
  /** The pending-edit columns of the values. */
  toPending: (values: V) => PendingEditValues;
  /** The record's edit page (where a new record's editor goes once it is created). */
  editPath: (username: string, record: R) => string;
}

/** The form values a pending edit holds over `base`, or null when the row is unreadable. */
export function fromPending<V>(
  target: Pick<AutosaveTarget<V, AutosaveRecord>, "isValues">,
  pending: { title: unknown; content: unknown; data: unknown },
  base: V,
): V | null {
  const data =
    pending.data && typeof pending.data === "object" && !Array.isArray(pending.data)
      ? pending.data
      : {};
  const values: unknown = { ...base, ...data, title: pending.title, content: pending.content };
  return target.isValues(values) ? values : null;
}

/**
 * Whether an autosave can keep `values` on the server: for a record readers can see, always
 * (as pending edits); otherwise when the record exists or can be created, and the fields an
 * autosave leaves alone are as stored.
 */
export function autosaveCovers<V, R extends AutosaveRecord>(
  target: AutosaveTarget<V, R>,
  values: V,
  record: R | undefined,
): boolean {
  if (record && target.readerVisible(record)) return true;
  if (!record && !target.creatable(values)) return false;
  return sameValues(values, target.autosaved(values, record));
}
