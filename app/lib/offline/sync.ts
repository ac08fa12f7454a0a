/**
 * Sending the outbox (issue 28 item 3, ADR 072): in order, each change once.
 *
 * - A create carries the id made in the browser: when an earlier attempt did reach the
 *   server (its answer lost), the server refuses the id as taken; the record is then read,
 *   and when it is the writer's, the create counts as done and its fields are written again.
 * - An update reads the record first. Unchanged since the edit's base: the fields are
 *   written. Changed: the two versions are merged three ways (`merge.ts`); when they overlap,
 *   the server's version stays as it is, the local one becomes the record's pending edits
 *   (its editor offers them beside the stored text) and the desk lists the conflict.
 * - Pending edits of a record readers see are written as they are.
 * - Files waiting with a change (`outbox-files.ts`) go with it as multipart: in a create's
 *   body, appended (`attachments+`) to an existing record, even when its text met another
 *   version. Before each attempt carrying files, the record's names are noted on the change,
 *   so a retry after a lost answer leaves out the files that landed.
 *
 * A network failure (or a 429/5xx) stops the run: the caller retries after a backoff. Any
 * other refusal is kept on the change (shown on the desk) and the run goes on: nothing typed
 * offline is dropped.
 */
import { changeKey, type OutboxChange, type RecordFields } from "./outbox.ts";
import { fileBody, filesAttempt, unsentFiles, type FilesAttempt } from "./outbox-files.ts";
import { mergeRecord } from "./merge.ts";
import type { OfflineConflict } from "./offline-db.ts";

/** A refused request, as the API layer describes it. */
export interface SyncFailure {
  /** HTTP status; 0 for no answer (offline). */
  status: number;
  /** The answer's field errors. */
  data: Record<string, unknown>;
  message: string;
}

/** What a run needs: the outbox, the API's writes, and how to read their failures. */
export interface SyncDeps {
  changes(): Promise<OutboxChange[]>;
  sent(change: OutboxChange, rebase?: OutboxChange["base"]): Promise<void>;
  failed(change: OutboxChange): Promise<void>;
  refused(change: OutboxChange, message: string): Promise<void>;
  /** Notes, before an attempt carrying files, the names the record held. */
  tried(change: OutboxChange, attempt: FilesAttempt): Promise<void>;
  addConflict(conflict: OfflineConflict): Promise<void>;
  /** The signed-in account (a taken id is ours when the record's author is it). */
  author: string;
  create(collection: string, body: RecordFields): Promise<RecordFields>;
  update(collection: string, id: string, body: RecordFields): Promise<RecordFields>;
  /** The record, or null when the server has none by that id (for this account). */
  read(collection: string, id: string): Promise<RecordFields | null>;
  savePending(change: OutboxChange, pending: NonNullable<OutboxChange["pending"]>): Promise<void>;
  /** The failure of a request, or null when the error is no request failure. */
  failure(error: unknown): SyncFailure | null;
  now(): number;
}

/** How a run ended. */
export interface SyncRun {
  sent: number;
  conflicts: number;
  /** `offline`: a change could not reach the server; the rest waits for the next run. */
  stopped: "done" | "offline";
  /** Attempts of the change that stopped the run (for the backoff). */
  attempts: number;
}

const transient = (failure: SyncFailure | null) =>
  failure === null || failure.status === 0 || failure.status === 429 || failure.status >= 500;

/** The address fields a server may refuse as taken (the write runs again without them). */
const ADDRESS_FIELDS = ["name", "slug"];

async function keepingAddress(
  deps: SyncDeps,
  body: RecordFields,
  write: (body: RecordFields) => Promise<RecordFields>,
): Promise<RecordFields> {
  try {
    return await write(body);
  } catch (error) {
    const failure = deps.failure(error);
    const fields = Object.keys(failure?.data ?? {});
    const field = fields[0];
    if (failure?.status !== 400 || fields.length !== 1 || !field || !ADDRESS_FIELDS.includes(field))
      throw error;
    if (!(field in body)) throw error;
    return write(Object.fromEntries(Object.entries(body).filter(([key]) => key !== field)));
  }
}

function baseOf(record: RecordFields): NonNullable<OutboxChange["base"]> {
  return { updated: typeof record.updated === "string" ? record.updated : "", fields: record };
}

/** Notes an attempt carrying `files` (none: nothing to note) and answers their body. */
async function carrying(
  deps: SyncDeps,
  change: OutboxChange,
  files: NonNullable<OutboxChange["files"]>,
  record: RecordFields | null,
  op: "create" | "update",
): Promise<RecordFields> {
  if (!files.length) return {};
  const attempt = filesAttempt({ ...change, files }, record);
  await deps.tried(change, attempt);
  return fileBody(change.collection, files, op);
}

/** Appends the files the record lacks (beside pending edits, or after a conflict). */
async function appendFiles(
  deps: SyncDeps,
  change: OutboxChange,
  record: RecordFields,
): Promise<RecordFields | undefined> {
  const files = unsentFiles(change.files ?? [], change.filesAttempt, record);
  if (!files.length) return undefined;
  const body = await carrying(deps, change, files, record, "update");
  return deps.update(change.collection, change.id, body);
}

/** Sends one change; answers the record as now stored, or `conflict`. */
async function sendOne(
  deps: SyncDeps,
  change: OutboxChange,
): Promise<{ record?: RecordFields; conflict?: boolean }> {
  const { collection, id } = change;
  const files = change.files ?? [];
  if (change.op === "pending") {
    if (change.pending) await deps.savePending(change, change.pending);
    if (!files.length) return {};
    const server = await deps.read(collection, id);
    return server ? { record: await appendFiles(deps, change, server) } : {};
  }
  if (change.op === "create") {
    // The attempt that may have landed before this one (its answer lost).
    const earlier = change.filesAttempt;
    try {
      const uploads = await carrying(deps, change, files, null, "create");
      return {
        record: await keepingAddress(deps, { ...change.body, ...uploads, id }, (body) =>
          deps.create(collection, body),
        ),
      };
    } catch (error) {
      const failure = deps.failure(error);
      if (failure?.status !== 400 || !("id" in failure.data)) throw error;
      // The id is taken: an earlier attempt landed. Ours: write the newest fields into it,
      // with the files it does not hold yet.
      const existing = await deps.read(collection, id);
      if (!existing || existing.author !== deps.author) throw error;
      const unsent = unsentFiles(files, earlier, existing);
      const uploads = await carrying(deps, change, unsent, existing, "update");
      const body: RecordFields = { ...change.body, ...uploads };
      delete body.author;
      return { record: await keepingAddress(deps, body, (b) => deps.update(collection, id, b)) };
    }
  }
  const server = await deps.read(collection, id);
  if (!server) {
    const gone: SyncFailure = { status: 404, data: {}, message: "The record was deleted." };
    throw Object.assign(new Error(gone.message), { syncFailure: gone });
  }
  const base = change.base;
  let body = change.body;
  if (base && server.updated !== base.updated) {
    const merged = mergeRecord(base.fields, server, change.body);
    if (!merged) {
      await deps.savePending(change, change.pending ?? pendingOf(change.body));
      // The files do not overlap anything: appended, they wait in no editor.
      await appendFiles(deps, change, server);
      return { conflict: true };
    }
    body = merged;
  }
  const unsent = unsentFiles(files, change.filesAttempt, server);
  const uploads = await carrying(deps, change, unsent, server, "update");
  return {
    record: await keepingAddress(deps, { ...body, ...uploads }, (b) =>
      deps.update(collection, id, b),
    ),
  };
}

/** A change's fields as pending edits (title, text, and the rest as data). */
export function pendingOf(body: RecordFields): NonNullable<OutboxChange["pending"]> {
  const { title, content, ...data } = body;
  return {
    title: typeof title === "string" ? title : "",
    content: typeof content === "string" ? content : "",
    data,
  };
}

/** Sends the outbox once, in order; see the module comment. */
export async function sendOutbox(deps: SyncDeps): Promise<SyncRun> {
  const run: SyncRun = { sent: 0, conflicts: 0, stopped: "done", attempts: 0 };
  for (const change of await deps.changes()) {
    if (change.error) continue;
    try {
      const { record, conflict } = await sendOne(deps, change);
      if (conflict) {
        run.conflicts += 1;
        await deps.addConflict({
          key: changeKey(change),
          collection: change.collection,
          id: change.id,
          title: change.title,
          ...(change.editPath ? { editPath: change.editPath } : {}),
          at: deps.now(),
        });
      }
      await deps.sent(change, record ? baseOf(record) : undefined);
      run.sent += 1;
    } catch (error) {
      const own = (error as { syncFailure?: SyncFailure }).syncFailure;
      const failure = own ?? deps.failure(error);
      if (transient(failure)) {
        const attempts = change.attempts + 1;
        await deps.failed(change);
        return { ...run, stopped: "offline", attempts };
      }
      await deps.refused(change, failure?.message ?? String(error));
    }
  }
  return run;
}
