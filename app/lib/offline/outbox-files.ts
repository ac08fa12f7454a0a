/**
 * Files in the outbox (issue 28, ADR 072): attachments, a post's cover and its text's images
 * picked while offline, kept as Blobs in IndexedDB with their change and sent once with it
 * as multipart (the SDK turns a body holding files into `FormData`).
 *
 * - Limits: the server's own per-file size (`FILE_FIELDS`, the registry's `maxSize`, in
 *   `shared/records/file-limits.ts`) is checked before a file is kept, refused with the
 *   server's message; then what the browser can still keep (`navigator.storage.estimate()`).
 * - Sent once: a create carries its files; an edit appends them (`attachments+`), so files
 *   added elsewhere meanwhile stay. Before an attempt that carries files, the names the
 *   record held are noted on the change ({@link FilesAttempt}); a retry after a lost answer
 *   reads the record and leaves out the files that landed ({@link unsentFiles}).
 */
import { FILE_FIELD_LIMITS } from "#shared/records/file-limits.ts";
import type { OutboxChange, OutboxCollection, RecordFields } from "./outbox.ts";

/** A file waiting in the outbox with its change. */
export interface OutboxFile {
  /** Unique within the change. */
  key: string;
  /** The record's field: `attachments`, `cover` or `images`. */
  field: string;
  name: string;
  type: string;
  size: number;
  blob: Blob;
}

/** The names a record's file fields held before an attempt that carried files. */
export interface FilesAttempt {
  /** By field; empty for a create (a new record holds no file). */
  names: Record<string, string[]>;
  /** The keys of the files the attempt carried. */
  keys: string[];
}

/** The file fields the editors send, by collection: one file or many, and the largest. */
export const FILE_FIELDS: Record<
  OutboxCollection,
  Record<string, { multiple: boolean; maxSize: number }>
> = FILE_FIELD_LIMITS;

/** The server's refusal of a file over the field's size (`validation_file_size_limit`). */
export function tooLargeMessage(name: string, maxSize: number): string {
  return `Failed to upload ${JSON.stringify(name)} - the maximum allowed file size is ${maxSize} bytes.`;
}

/** The server's message for the first file over its field's limit, or null. */
export function oversized(
  collection: OutboxCollection,
  files: readonly OutboxFile[],
): string | null {
  for (const file of files) {
    const field = FILE_FIELDS[collection][file.field];
    if (field && file.size > field.maxSize) return tooLargeMessage(file.name, field.maxSize);
  }
  return null;
}

/** Room left for files besides the change's text (a margin of 1 MB for the rest). */
const MARGIN_BYTES = 1024 * 1024;

/** Whether the browser can keep `bytes` more, as `navigator.storage.estimate()` tells. */
export async function browserCanKeep(bytes: number): Promise<boolean> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  if (!storage?.estimate) return true;
  const { quota, usage } = await storage.estimate();
  if (quota === undefined) return true;
  return quota - (usage ?? 0) - MARGIN_BYTES >= bytes;
}

/** Asks the browser to keep the origin's data under storage pressure (once files wait). */
export async function askPersistence(): Promise<void> {
  const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
  if (typeof storage?.persist !== "function") return;
  if (!(await storage.persisted())) await storage.persist();
}

/** Files joining those already waiting: a single-file field keeps the newest. */
export function joinFiles(
  collection: OutboxCollection,
  waiting: readonly OutboxFile[] | undefined,
  next: readonly OutboxFile[] | undefined,
): OutboxFile[] {
  const all = [...(waiting ?? []), ...(next ?? [])];
  return all.filter((file, index) => {
    if (FILE_FIELDS[collection][file.field]?.multiple !== false) return true;
    return !all.slice(index + 1).some((later) => later.field === file.field);
  });
}

/** The stored names of a field value (a string or a list). */
function namesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string" && !!v);
  return typeof value === "string" && value ? [value] : [];
}

/** The names the record's file fields hold now (noted before an attempt with files). */
export function filesAttempt(change: OutboxChange, record: RecordFields | null): FilesAttempt {
  const names: Record<string, string[]> = {};
  for (const file of change.files ?? [])
    names[file.field] = change.op === "create" || !record ? [] : namesOf(record[file.field]);
  return { names, keys: (change.files ?? []).map((file) => file.key) };
}

/**
 * The change's files the record does not hold yet. After an attempt noted in `attempt`, a
 * field holding as many new names as the attempt sent files for it took them (the attempt
 * landed, its answer was lost); files joined since, or without an attempt, were not sent.
 */
export function unsentFiles(
  files: readonly OutboxFile[],
  attempt: FilesAttempt | undefined,
  record: RecordFields,
): OutboxFile[] {
  if (!attempt) return [...files];
  const carried = (file: OutboxFile) => attempt.keys.includes(file.key);
  return files.filter((file) => {
    const before = attempt.names[file.field];
    if (!before || !carried(file)) return true;
    const added = namesOf(record[file.field]).filter((name) => !before.includes(name));
    const sent = files.filter((other) => other.field === file.field && carried(other)).length;
    return added.length < sent;
  });
}

/** The request body's file fields: a create's (`attachments`), an edit's (`attachments+`). */
export function fileBody(
  collection: OutboxCollection,
  files: readonly OutboxFile[],
  op: "create" | "update",
): RecordFields {
  const body: RecordFields = {};
  for (const file of files) {
    const multiple = FILE_FIELDS[collection][file.field]?.multiple !== false;
    const sent = new File([file.blob], file.name, { type: file.type });
    if (!multiple) {
      body[file.field] = sent;
      continue;
    }
    const key = op === "create" ? file.field : `${file.field}+`;
    body[key] = [...((body[key] as File[] | undefined) ?? []), sent];
  }
  return body;
}

/** Whether a request body value is a file (or a list of files) the outbox can keep. */
function filesIn(value: unknown): Blob[] | null {
  if (value instanceof Blob) return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((v) => v instanceof Blob))
    return value;
  return null;
}

/**
 * Splits an explicit save's body into its fields and its files (`attachments+`, `cover`,
 * `images+`), as the outbox keeps them.
 */
export function splitFiles(
  collection: OutboxCollection,
  body: RecordFields,
  key: () => string,
): { fields: RecordFields; files: OutboxFile[] } {
  const fields: RecordFields = {};
  const files: OutboxFile[] = [];
  for (const [name, value] of Object.entries(body)) {
    const field = name.replace(/^\+|\+$/g, "");
    const blobs = FILE_FIELDS[collection][field] ? filesIn(value) : null;
    if (!blobs) {
      fields[name] = value;
      continue;
    }
    for (const blob of blobs)
      files.push({
        key: key(),
        field,
        name: blob instanceof File ? blob.name : field,
        type: blob.type,
        size: blob.size,
        blob,
      });
  }
  return { fields, files };
}
