/**
 * The history of an entry or post through the SDK (ADR 041): its versions, newest first, a
 * page at a time, and the restore of one (an ordinary update marked `?revision=restore`, so
 * it joins the history). The server writes every version; the author reads them.
 */
import type PocketBase from "pocketbase";
import type { RecordModel } from "pocketbase";

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
  pb: PocketBase,
  collection: HistoryCollection,
  recordId: string,
  before: number | null,
): Promise<RevisionPage> {
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
export function restoreRevision<R extends RecordModel>(
  pb: PocketBase,
  collection: HistoryCollection,
  recordId: string,
  revision: Pick<RevisionRecord, "title" | "content" | "data">,
): Promise<R> {
  return pb
    .collection(collection)
    .update<R>(recordId, restoreBody(collection, revision), { query: { revision: "restore" } });
}
