/**
 * The history of an entry or post (`revisions`, ADR 041): its versions, newest first, a page
 * at a time, and the write of a restore (an ordinary update marked `?revision=restore`, so it
 * joins the history). The server writes every version; the author reads them.
 */
import type { RecordModel } from "pocketbase";
import { sdk, type ApiClient } from "../client/api-client.ts";

/** What made a version (the server's `revisions.kind`). */
export const REVISION_KINDS = ["create", "save", "autosave", "publish", "restore"] as const;

/** A version's kind. */
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** The collections with a history. */
export type HistoryCollection = "entries" | "posts";

/** One version of a record (a `revisions` record). */
export interface RevisionRecord extends RecordModel {
  record: string;
  recordCollection: HistoryCollection;
  kind: RevisionKind;
  /** 1, 2, 3… per record. */
  version: number;
  title: string;
  content: string;
  /** The record's other fields then (tags, excerpt, status, file names…), wire-typed. */
  data: Record<string, unknown> | null;
  /** When the version started (an autosave session's first autosave). */
  created: string;
  /** When the version got its values (moves while autosaves coalesce). */
  updated: string;
}

/** Versions fetched at a time. */
export const REVISION_PAGE_SIZE = 20;

/** One fetch of versions. */
export interface RevisionPage {
  /** Newest first; one more than shown when `more` (the next older, for the word changes). */
  items: RevisionRecord[];
  /** Whether older versions remain beyond the page. */
  more: boolean;
  /** How many versions the record has (first page only, else null). */
  total: number | null;
}

/**
 * The versions of a record older than version `before` (all of them when null), newest
 * first: {@link REVISION_PAGE_SIZE} plus one, the one more telling whether more remain and
 * what the last shown version changed.
 */
export async function fetchRevisions(
  api: ApiClient,
  collection: HistoryCollection,
  recordId: string,
  before: number | null,
): Promise<RevisionPage> {
  const pb = sdk(api);
  const filter =
    before === null
      ? pb.filter("record = {:id} && recordCollection = {:collection}", {
          id: recordId,
          collection,
        })
      : pb.filter("record = {:id} && recordCollection = {:collection} && version < {:before}", {
          id: recordId,
          collection,
          before,
        });
  const list = await pb.collection("revisions").getList<RevisionRecord>(1, REVISION_PAGE_SIZE + 1, {
    filter,
    sort: "-version",
    skipTotal: before !== null,
    requestKey: null,
  });
  return {
    items: list.items,
    more: list.items.length > REVISION_PAGE_SIZE,
    total: before === null ? list.totalItems : null,
  };
}

/** Writes a restore into the record (`body`: what it brings back); answers the record as saved. */
export function writeRestore<R>(
  api: ApiClient,
  collection: HistoryCollection,
  recordId: string,
  body: Record<string, unknown>,
): Promise<R> {
  return sdk(api)
    .collection(collection)
    .update<R>(recordId, body, {
      query: { revision: "restore" },
    });
}
