/**
 * The autosave's side of the offline outbox (issue 28, ADR 072): a save that finds no
 * network is queued in the account's outbox (`lib/offline/`), which sends it once the
 * connection returns, even if this page is closed by then. A new record gets its id in the
 * browser, so a create sent twice (by the outbox and by this editor) makes one record: the
 * second finds the id taken and writes into the record instead.
 */
import type { ApiClient } from "../../../api/client/api-client.ts";
import { apiFailure, failureStatus, isAbortedRequest } from "../../../api/client/api-errors.ts";
import { getRecord } from "../../../api/records/record-reads.ts";
import { createRecord, updateRecord } from "../../../api/records/record-writes.ts";
import { offlineStore } from "../../../lib/offline/offline-db.ts";
import { browserDraftStorage, clearDraft, draftKey } from "../../../lib/records/draft-storage.ts";
import type { OutboxChange, RecordFields } from "../../../lib/offline/outbox.ts";
import type { AutosaveRecord, AutosaveTarget } from "./autosave-target.ts";
import type { TitledValues } from "./stand-in-title.ts";

/** Whether a request failed for lack of a network (not cancelled). */
export const network = (error: unknown) => failureStatus(error) === 0 && !isAbortedRequest(error);

/** Whether a refusal may pass if sent again later (429, 5xx). */
export const retryable = (error: unknown) => {
  const status = failureStatus(error);
  return status !== null && (status === 429 || status >= 500);
};

/** Whether the browser says it has no network. */
export const offline = () => typeof navigator !== "undefined" && !navigator.onLine;

/** Whether a create was refused because its id is taken (an earlier send landed). */
export function idTaken(error: unknown): boolean {
  const failure = apiFailure(error);
  return failure?.status === 400 && "id" in failure.data;
}

/**
 * Creates the record with the browser's id; when the id is taken by one of the author's own
 * records (the outbox, or a lost answer, created it), writes the body into that record.
 */
export async function createWithId<R>(
  api: ApiClient,
  collection: string,
  body: RecordFields & { id: string; author: string },
  request: { query: Record<string, string>; requestKey: null; keepalive: boolean },
): Promise<R> {
  try {
    return await createRecord<R>(api, collection, body, request);
  } catch (error) {
    if (!idTaken(error)) throw error;
    const existing = await getRecord<RecordFields>(api, collection, body.id, { requestKey: null });
    if (existing.author !== body.author) throw error;
    const fields: RecordFields = { ...body };
    delete fields.id;
    delete fields.author;
    return updateRecord<R>(api, collection, body.id, fields, request);
  }
}

/**
 * Queues a change in the author's outbox; answers whether it is kept. A new record's own
 * browser draft goes then: the outbox holds its words, and the next New page starts blank
 * rather than offering them again (a second record).
 */
export async function queueOffline(author: string, change: OutboxChange): Promise<boolean> {
  try {
    await (await offlineStore(author)).queue(change);
    const storage = browserDraftStorage();
    if (change.op === "create" && storage) clearDraft(storage, draftKey(author, change.collection));
    return true;
  } catch (error) {
    console.error("keeping the change for later failed", error);
    return false;
  }
}

/**
 * The outbox change of an autosave: a create of `newId` (no record yet), or an update of
 * `record` from its stored version (kept as the merge's base), with the edit as pending edits.
 */
export function recordChange<V extends TitledValues, R extends AutosaveRecord>(
  target: AutosaveTarget<V, R>,
  values: V,
  body: RecordFields,
  record: R | undefined,
  newId: string,
  username: string,
): OutboxChange {
  const pending = target.toPending(values);
  const common = {
    collection: target.collection,
    body,
    pending,
    title: typeof body.title === "string" ? body.title : pending.title,
    at: Date.now(),
    attempts: 0,
  };
  if (!record) return { ...common, op: "create", id: newId };
  return {
    ...common,
    op: "update",
    id: record.id,
    base: { updated: record.updated, fields: Object.fromEntries(Object.entries(record)) },
    editPath: target.editPath(username, record),
  };
}
