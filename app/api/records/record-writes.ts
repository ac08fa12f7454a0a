/**
 * Writes of the records API (`/api/collections/{collection}/records`): create, update and
 * delete one record, multipart when the body holds files. The reads are `record-reads.ts`.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { RecordRequestOptions } from "./record-reads.ts";
import type { ApiRecord } from "./records.ts";

/** Creates a record (multipart when `body` holds files); answers it as stored. */
export function createRecord<R = ApiRecord>(
  api: ApiClient,
  collection: string,
  body: Record<string, unknown> | FormData,
  options?: RecordRequestOptions,
): Promise<R> {
  return sdk(api).collection(collection).create<R>(body, options);
}

/** Updates a record (multipart when `body` holds files); answers it as stored. */
export function updateRecord<R = ApiRecord>(
  api: ApiClient,
  collection: string,
  id: string,
  body: Record<string, unknown> | FormData,
  options?: RecordRequestOptions,
): Promise<R> {
  return sdk(api).collection(collection).update<R>(id, body, options);
}

/** Deletes a record. */
export async function deleteRecord(
  api: ApiClient,
  collection: string,
  id: string,
  options?: RecordRequestOptions,
): Promise<void> {
  await sdk(api).collection(collection).delete(id, options);
}
