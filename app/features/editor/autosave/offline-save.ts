/**
 * The explicit save's side of the offline outbox (issue 28, ADR 072): a save that finds no
 * network is kept in the account's outbox with its files (attachments, a cover, a post's
 * images) as Blobs, then sent once the connection returns (`lib/offline/sync.ts`). A file
 * over the server's own limit is refused here with the server's message, and files the
 * browser cannot keep (`navigator.storage.estimate()`) with a message of their own; the
 * text is kept either way. The first file kept asks for persistent storage.
 */
import {
  askPersistence,
  browserCanKeep,
  oversized,
  splitFiles,
  type OutboxFile,
} from "../../../lib/offline/outbox-files.ts";
import type { RecordFields } from "../../../lib/offline/outbox.ts";
import { newPendingKey } from "../entry/attachments.ts";
import { queueOffline, recordChange } from "./offline-outbox.ts";
import type { AutosaveRecord, AutosaveTarget } from "./autosave-target.ts";
import type { TitledValues } from "./stand-in-title.ts";

/** What became of an explicit save kept for later. */
export interface OfflineSave {
  /** Whether the outbox keeps the save (its text at least). */
  kept: boolean;
  /**
   * Files left out: their field and why, the server's code for a file over its limit
   * (its message is the server's, `tooLargeMessage`), `noRoom` when the browser cannot keep them.
   */
  refused?: { field: string; code: "validation_file_size_limit" | "noRoom"; message: string };
}

/** Keeps an explicit save's `body` in the outbox of `author`; see the module comment. */
export async function keepSaveOffline<V extends TitledValues, R extends AutosaveRecord>(options: {
  target: AutosaveTarget<V, R>;
  author: { id: string; username: string };
  values: V;
  body: RecordFields;
  record: R | undefined;
  /** The id the editor's autosave creates the record with (one record, whoever sends). */
  newId: string;
}): Promise<OfflineSave> {
  const { target, author, record, newId } = options;
  const split = splitFiles(target.collection, options.body, newPendingKey);
  let files: OutboxFile[] = split.files;
  let refused: OfflineSave["refused"];
  const first = files[0];
  const tooLarge = oversized(target.collection, files);
  if (first && tooLarge) {
    const field = files.find((file) => tooLarge.includes(JSON.stringify(file.name)))?.field;
    refused = {
      field: field ?? first.field,
      code: "validation_file_size_limit",
      message: tooLarge,
    };
    files = [];
  } else if (first && !(await browserCanKeep(files.reduce((sum, f) => sum + f.size, 0)))) {
    refused = { field: first.field, code: "noRoom", message: "The browser cannot keep the files." };
    files = [];
  }
  const fields = record ? split.fields : { ...split.fields, author: author.id, id: newId };
  const change = recordChange(target, options.values, fields, record, newId, author.username);
  if (files.length) change.files = files;
  const kept = await queueOffline(author.id, change);
  if (kept && files.length) await askPersistence().catch(() => undefined);
  return refused ? { kept, refused } : { kept };
}
