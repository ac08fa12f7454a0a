/**
 * Recently deleted (ADR 067): the signed-in account's deleted entries and posts
 * (`GET /api/deleted`), bringing one back (`POST /api/deleted/{id}/restore`) and deleting one
 * for good (`DELETE /api/deleted/{id}`).
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { EntryRecord, PostRecord } from "./records.ts";
import type { DeletedItem, DeletedPage } from "#shared/records/recently-deleted.ts";

export type { DeletedItem, DeletedPage };

/** What a restore answers: the record, and the address it got if its own was taken. */
export interface RestoredRecord {
  recordCollection: "entries" | "posts";
  record: EntryRecord | PostRecord;
  renamed: { field: string; from: string; to: string } | null;
}

/** A page of the account's deleted entries and posts, newest first. */
export function listDeleted(api: ApiClient, page: number, perPage: number): Promise<DeletedPage> {
  return sdk(api).send<DeletedPage>("/api/deleted", {
    query: { page, perPage },
    requestKey: null,
  });
}

/** Brings a deleted item back; answers the restored record. */
export function restoreDeleted(api: ApiClient, id: string): Promise<RestoredRecord> {
  return sdk(api).send<RestoredRecord>(`/api/deleted/${encodeURIComponent(id)}/restore`, {
    method: "POST",
    requestKey: null,
  });
}

/** Deletes an item for good (its files and history too). */
export async function deleteForever(api: ApiClient, id: string): Promise<void> {
  await sdk(api).send(`/api/deleted/${encodeURIComponent(id)}`, {
    method: "DELETE",
    requestKey: null,
  });
}
