/**
 * The outbox's changes (issue 28, ADR 072): what an editor could not send for lack of a
 * network, kept in IndexedDB (`offline-db.ts`) and sent in order by `sync.ts`. Pure: how a
 * new change joins one already waiting for the same record, record ids made in the browser,
 * and the backoff between attempts. Files waiting with a change are `outbox-files.ts`'s.
 */
import { joinFiles, type FilesAttempt, type OutboxFile } from "./outbox-files.ts";

/** The collections the editors write. */
export type OutboxCollection = "entries" | "posts";

/** The fields of a record, as sent and as the server answers them. */
export type RecordFields = Record<string, unknown>;

/** A change waiting to be sent. */
export interface OutboxChange {
  /** Its place in the outbox (IndexedDB's key, in order of first queueing). */
  seq?: number;
  /**
   * - `create`: a new record, with the id made in the browser ({@link newRecordId}), so a
   *   retried create cannot make a second record;
   * - `update`: fields of a record, from the version `base` (its `updated` and fields);
   * - `pending`: the pending edits of a record readers see (ADR 047).
   */
  op: "create" | "update" | "pending";
  collection: OutboxCollection;
  /** The record's id (made in the browser for a create). */
  id: string;
  /** The fields to send (an update's, or a create's whole body). */
  body: RecordFields;
  /** The server's version the edit started from (an update's): its `updated` and fields. */
  base?: { updated: string; fields: RecordFields };
  /**
   * The edit as pending edits (ADR 047): what a `pending` change writes, and where an update
   * that meets another version on the server is kept for the writer to choose.
   */
  pending?: { title: string; content: string; data: RecordFields };
  /** Files sent with the change (attachments, a cover), kept as Blobs. */
  files?: OutboxFile[];
  /** The record's file names before the last attempt carrying the files (see `unsentFiles`). */
  filesAttempt?: FilesAttempt;
  /** A refusal that sending again will not change (shown on the desk; the change stays). */
  error?: string;
  /** What the writer sees of it on the desk: its title. */
  title: string;
  /** The page to continue it on, when there is one (an existing record's editor). */
  editPath?: string;
  /** When it was last queued (ms). */
  at: number;
  /** Failed attempts so far (for the backoff). */
  attempts: number;
}

/** The key coalescing changes: one waiting change per record. */
export function changeKey(change: Pick<OutboxChange, "collection" | "id">): string {
  return `${change.collection}/${change.id}`;
}

/**
 * A change joining the one already waiting for the same record: a create stays a create
 * (its body the newest), an update keeps the version it started from, the newest fields win.
 */
export function coalesce(waiting: OutboxChange | undefined, next: OutboxChange): OutboxChange {
  if (!waiting) return next;
  const op = waiting.op === "create" ? "create" : next.op;
  const files = joinFiles(next.collection, waiting.files, next.files);
  const joined: OutboxChange = {
    ...next,
    seq: waiting.seq,
    op,
    body:
      waiting.op === next.op || waiting.op === "create"
        ? { ...waiting.body, ...next.body }
        : next.body,
    base: op === "update" ? (waiting.base ?? next.base) : undefined,
    attempts: 0,
  };
  delete joined.files;
  delete joined.filesAttempt;
  if (files.length) joined.files = files;
  if (waiting.filesAttempt) joined.filesAttempt = waiting.filesAttempt;
  return joined;
}

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A record id as PocketBase makes them: 15 characters of `[a-z0-9]`. */
export function newRecordId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

/** First wait after a failed attempt; doubled each time, up to {@link MAX_BACKOFF_MS}. */
export const FIRST_BACKOFF_MS = 2000;
export const MAX_BACKOFF_MS = 5 * 60_000;

/** How long to wait before the next attempt after `attempts` failures. */
export function backoff(attempts: number): number {
  if (attempts <= 0) return 0;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempts - 1));
}
