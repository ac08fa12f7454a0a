/**
 * What the autosave needs to know about one kind of record (entries, posts): how its form
 * values map to a request body and to pending edits, which of its records readers can see,
 * which fields only an explicit save may change, and where its address is (ADR 047).
 * `entry-values.ts` and `post-values.ts` give the two targets.
 */
import { apiFailure } from "../../../api/client/api-errors.ts";
import type { PendingEditValues } from "../../../api/records/pending-edits.ts";
import { sameValues } from "../../../lib/records/draft-storage.ts";
import { hasTitle, standInAddress, standInTitle, type TitledValues } from "./stand-in-title.ts";

/** A stored record as the autosave sees it. */
export interface AutosaveRecord {
  id: string;
  updated: string;
}

/** One kind of record for the autosave. */
export interface AutosaveTarget<V extends TitledValues, R extends AutosaveRecord> {
  /** The record's collection. */
  collection: "entries" | "posts";
  /** The field of the record's address (made by the server from the first title). */
  addressField: "name" | "slug";
  /** The record's address. */
  address: (record: R) => string;
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
  /**
   * Whether a new record can be created from the values: a title, or some text to take a
   * stand-in title from (`stand-in-title.ts`).
   */
  creatable: (values: V) => boolean;
  /** The request body of a record write with these values (files excluded). */
  body: (values: V) => Record<string, unknown>;
  /** The pending-edit columns of the values. */
  toPending: (values: V) => PendingEditValues;
  /** The record's edit page (where a new record's editor goes once it is created). */
  editPath: (username: string, record: R) => string;
}

/** The form values a pending edit holds over `base`, or null when the row is unreadable. */
export function fromPending<V extends TitledValues>(
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
export function autosaveCovers<V extends TitledValues, R extends AutosaveRecord>(
  target: AutosaveTarget<V, R>,
  values: V,
  record: R | undefined,
): boolean {
  if (record && target.readerVisible(record)) return true;
  if (!record && !target.creatable(values)) return false;
  return sameValues(values, target.autosaved(values, record));
}

/**
 * The address field and value a write of a record under a stand-in title sends so that its
 * address follows `title` (the title the write stores); empty when nothing moves: the record
 * has its writer's title, or `title` makes the same address.
 */
export function addressUpdate<V extends TitledValues, R extends AutosaveRecord>(
  target: AutosaveTarget<V, R>,
  title: string,
  record: R | undefined,
  standIn: boolean,
): Record<string, string> {
  if (!record || !standIn) return {};
  const address = standInAddress(title, target.address(record));
  return address === null ? {} : { [target.addressField]: address };
}

/** What one autosave of a record (not of its pending edits) sends. */
export interface AutosaveWrite {
  body: Record<string, unknown>;
  /** Whether the title sent is a stand-in (the writer has not given one). */
  standIn: boolean;
}

/**
 * The body of an autosave of `values` into `record` (undefined: created by it): the target's
 * body; the writer has no title and the record is new or under a stand-in title already
 * (`standIn`), a stand-in title (`untitled` when the text has no words); and while the record
 * is under a stand-in title, the address that follows the title sent. A stored record's title
 * is never replaced by a stand-in.
 */
export function autosaveWrite<V extends TitledValues, R extends AutosaveRecord>(
  target: AutosaveTarget<V, R>,
  values: V,
  record: R | undefined,
  standIn: boolean,
  untitled: string,
): AutosaveWrite {
  const body = target.body(values);
  const stand = !hasTitle(values) && (!record || standIn);
  if (stand) body.title = standInTitle(values.content, untitled);
  Object.assign(body, addressUpdate(target, String(body.title), record, standIn));
  return { body, standIn: stand };
}

/**
 * Runs a write whose body may move the record's address (`field`); when another record of the
 * author has that address already, the write runs again without it: the record keeps its
 * address, and the words are saved all the same.
 */
export async function keepingAddressIfTaken<T>(
  body: Record<string, unknown>,
  field: string,
  write: (body: Record<string, unknown>) => Promise<T>,
): Promise<T> {
  try {
    return await write(body);
  } catch (error) {
    if (!(field in body) || !addressTaken(error, field)) throw error;
    return write(Object.fromEntries(Object.entries(body).filter(([key]) => key !== field)));
  }
}

/** Whether a write was refused only because its address is another record's. */
function addressTaken(error: unknown, field: string): boolean {
  const failure = apiFailure(error);
  if (failure?.status !== 400) return false;
  const problems = failure.data as Record<string, { code?: unknown } | undefined>;
  return Object.keys(problems).length === 1 && problems[field]?.code === "validation_not_unique";
}
