/**
 * What a restore of a version of an entry or post writes (ADR 041); the versions themselves
 * and the write are `api/records/revisions.ts`.
 */
import type { ApiClient } from "../../../api/client/api-client.ts";
import type { ApiRecord } from "../../../api/records/records.ts";
import {
  writeRestore,
  type HistoryCollection,
  type RevisionRecord,
} from "../../../api/records/revisions.ts";

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/**
 * What a restore writes: the version's title, text and tags, and a post's excerpt. Dates,
 * visibility or status, the collection, the language and files stay as they are now: a
 * restore brings back the writing, never unpublishes or re-files anything by surprise.
 */
export function restoreBody(
  collection: HistoryCollection,
  revision: Pick<RevisionRecord, "title" | "content" | "data">,
): Record<string, unknown> {
  const data = revision.data ?? {};
  const body: Record<string, unknown> = {
    title: revision.title,
    content: revision.content,
    tags: strings(data.tags),
  };
  if (collection === "posts") body.excerpt = typeof data.excerpt === "string" ? data.excerpt : "";
  return body;
}

/** Restores `revision` into the record; answers the record as saved. */
export function restoreRevision<R extends ApiRecord>(
  api: ApiClient,
  collection: HistoryCollection,
  recordId: string,
  revision: Pick<RevisionRecord, "title" | "content" | "data">,
): Promise<R> {
  return writeRestore<R>(api, collection, recordId, restoreBody(collection, revision));
}
