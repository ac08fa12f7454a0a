/**
 * The requests the offline outbox sends (ADR 072): a record's create, update and read, as
 * `record-writes.ts` and `record-reads.ts` make them, kept apart so that the offline mode's
 * chunk shares no module with the root's (bytes of every guest page).
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

type Fields = Record<string, unknown>;

/** Options of every outbox request: never cancelled by another, an autosave revision. */
const WRITE = { requestKey: null, query: { revision: "autosave" } };

/** Creates a record (the body holds its browser-made id). */
export function createOutboxRecord(api: ApiClient, collection: string, body: Fields) {
  return sdk(api).collection(collection).create<Fields>(body, WRITE);
}

/** Updates a record's fields. */
export function updateOutboxRecord(api: ApiClient, collection: string, id: string, body: Fields) {
  return sdk(api).collection(collection).update<Fields>(id, body, WRITE);
}

/** Reads a record. */
export function readOutboxRecord(api: ApiClient, collection: string, id: string) {
  return sdk(api).collection(collection).getOne<Fields>(id, { requestKey: null });
}
