/**
 * The editor's side of `pendingEdits` (ADR 047): finding the row of a record when its editor
 * opens, writing it (create or update, whichever the server still has), and discarding it.
 * One row per record; the server deletes it when the record is deleted or saved explicitly.
 */
import { ClientResponseError, type RecordModel } from "pocketbase";
import { sdk, type ApiClient } from "../client/api-client.ts";

/** What pending edits hold of a form: its title and text, and its other fields. */
export interface PendingEditValues {
  title: string;
  content: string;
  /** The other fields of the form (JSON). */
  data: Record<string, unknown>;
}

/** The collection's name. */
export const PENDING_EDITS = "pendingEdits";

/** Which record a row belongs to, and whose it is. */
export interface PendingEditKey {
  recordCollection: "entries" | "posts";
  record: string;
  author: string;
}

/** A `pendingEdits` row. */
export interface PendingEdit extends PendingEditValues {
  id: string;
  record: string;
  recordCollection: string;
  author: string;
  updated: string;
}

/** Request options of an autosave (kept alive while the page unloads). */
export interface PendingEditOptions {
  keepalive?: boolean;
}

const isStatus = (error: unknown, status: number) =>
  error instanceof ClientResponseError && error.status === status;

/** The pending edits of a record, or null when it has none. */
export async function findPendingEdit(
  api: ApiClient,
  key: Omit<PendingEditKey, "author">,
): Promise<PendingEdit | null> {
  const pb = sdk(api);
  const list = await pb.collection(PENDING_EDITS).getList<PendingEdit & RecordModel>(1, 1, {
    filter: pb.filter("record = {:record} && recordCollection = {:collection}", {
      record: key.record,
      collection: key.recordCollection,
    }),
    requestKey: null,
  });
  return list.items[0] ?? null;
}

/**
 * Writes the record's pending edits: updates row `id` when given, creates the row otherwise.
 * A row deleted meanwhile (an explicit save on another device) is created again; a row
 * created meanwhile by another device is found and updated.
 */
export async function savePendingEdit(
  api: ApiClient,
  id: string | null,
  key: PendingEditKey,
  values: PendingEditValues,
  options: PendingEditOptions = {},
): Promise<PendingEdit> {
  const rows = sdk(api).collection(PENDING_EDITS);
  const send = { requestKey: null, ...(options.keepalive ? { keepalive: true } : {}) };
  if (id) {
    try {
      return await rows.update<PendingEdit>(id, values, send);
    } catch (error) {
      if (!isStatus(error, 404)) throw error;
    }
  }
  try {
    return await rows.create<PendingEdit>({ ...key, ...values }, send);
  } catch (error) {
    if (!isStatus(error, 400)) throw error;
    const existing = await findPendingEdit(api, key);
    if (!existing) throw error;
    return rows.update<PendingEdit>(existing.id, values, send);
  }
}

/** Deletes pending edits (nothing happens when they are already gone). */
export async function discardPendingEdit(
  api: ApiClient,
  id: string,
  options: PendingEditOptions = {},
): Promise<void> {
  try {
    await sdk(api)
      .collection(PENDING_EDITS)
      .delete(id, { requestKey: null, ...(options.keepalive ? { keepalive: true } : {}) });
  } catch (error) {
    if (!isStatus(error, 404)) throw error;
  }
}
