/**
 * Recently deleted (issue 25, ADR 067): deleted entries and posts stay restorable, with their
 * files, history and comments, for 30 days; then an hourly job purges them. Only the author
 * of a kept record sees and acts on it, and superusers on anyone's: a guest gets 401, anyone
 * else the 404 of an item that does not exist (an expired one included).
 *
 * ```ts
 * const page = await deleted.list(request, { page: "1" });
 * const { record, renamed } = await deleted.restore(request, page.items[0].id);
 * await deleted.deleteForever(request, otherId);
 * ```
 */
import {
  countDeletedItems,
  findDeletedItem,
  findExpiredItems,
  listDeletedItems,
  type DeletedItemData,
  type DeletedItemRow,
} from "../../data/repositories/deleted-repository.ts";
import { findRowsByIds } from "../../data/repositories/record-repository.ts";
import { parseListParams, SearchError } from "../../tools/search/index.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import { badRequest, notFound, unauthorized } from "../errors.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { RecordService } from "../records/record-service.ts";
import type { RecordData, RequestInfo } from "../records/request-info.ts";
import { runInUnit } from "../records/record-unit.ts";
import { formatDate } from "../records/values.ts";
import {
  DELETED_FILES,
  DeletedKeeper,
  removeItem,
  type DeletedFilesPayload,
} from "./deleted-keeper.ts";
import { restoreItem, type Renamed } from "./deleted-restore.ts";
import type { DeletedItem, DeletedPage } from "#shared/records/recently-deleted.ts";

/** The hourly purge of expired items. */
export const DELETED_PURGE = "deleted.purge";
const HOUR_MS = 3_600_000;
/** Expired items purged per read. */
const PURGE_PAGE = 50;
/** The shape of an item's id (anything else names no item). */
const ITEM_ID = /^[a-z0-9]{15}$/;

/** A kept record as `GET /api/deleted` lists it. */
export type DeletedItemView = DeletedItem;

export type { DeletedPage };

/** What `POST /api/deleted/{id}/restore` answers. */
export interface RestoreAnswer {
  recordCollection: string;
  /** The record as its view answers it to the request. */
  record: RecordData;
  /** The slug it got instead of its own, taken meanwhile; null when it kept its own. */
  renamed: Renamed | null;
}

/** What the service needs. */
export interface RecentlyDeletedDeps {
  records: RecordService;
  jobs: JobQueue;
  /** The clock of deletions, expiry and the purge (tests move it). */
  now: () => number;
}

function view(item: DeletedItemRow): DeletedItemView {
  return {
    id: item.id,
    // Only entries and posts are ever kept (the keeper's hook is theirs alone).
    recordCollection: item.recordCollection === "posts" ? "posts" : "entries",
    record: item.record,
    title: item.title,
    author: item.author,
    deleted: item.deleted,
    expires: item.expires,
  };
}

/** Whose items a request sees: its account's, or (null) everyone's for a superuser. */
function ownerOf(request: RequestInfo): string | null {
  const auth = request.auth;
  if (!auth) throw unauthorized();
  if (auth.isSuperuser) return null;
  // Only accounts of `users` write entries and posts.
  return auth.collection.name === "users" ? String(auth.record.id) : "";
}

/** Recently deleted: the list, restores, removals and the purge. */
export class RecentlyDeleted {
  private readonly deps: RecentlyDeletedDeps;

  constructor(deps: RecentlyDeletedDeps) {
    this.deps = deps;
  }

  /** Registers the record hooks and the jobs (once, at start-up). */
  register(): void {
    const { records, jobs, now } = this.deps;
    new DeletedKeeper({ jobs, now }).register(records.hooks);
    jobs.define<DeletedFilesPayload>({
      kind: DELETED_FILES,
      run: (payload) => this.deleteFiles(payload),
    });
    jobs.define({ kind: DELETED_PURGE, maxAttempts: 3, run: () => this.purge() });
    jobs.recurring.every(DELETED_PURGE, HOUR_MS);
  }

  private nowString(): string {
    return formatDate(new Date(this.deps.now()));
  }

  /** A page of the request's items (everyone's for a superuser), newest first. */
  async list(
    request: RequestInfo,
    query: { page?: string; perPage?: string },
  ): Promise<DeletedPage> {
    const author = ownerOf(request);
    let paging;
    try {
      paging = parseListParams(query);
    } catch (error) {
      if (error instanceof SearchError) throw badRequest();
      throw error;
    }
    const { page, perPage } = paging;
    const now = this.nowString();
    const kysely = this.deps.records.db.kysely;
    const [rows, totalItems] = await Promise.all([
      listDeletedItems(kysely, { author, now, limit: perPage, offset: (page - 1) * perPage }),
      countDeletedItems(kysely, { author, now }),
    ]);
    return {
      page,
      perPage,
      totalItems,
      totalPages: Math.ceil(totalItems / perPage),
      items: rows.map(view),
    };
  }

  /** The item `id` if the request may act on it (401 for a guest, else 404). */
  private async item(request: RequestInfo, id: string): Promise<DeletedItemData> {
    const author = ownerOf(request);
    if (!ITEM_ID.test(id)) throw notFound();
    const item = await findDeletedItem(this.deps.records.db.kysely, id);
    if (!item || item.expires <= this.nowString() || (author !== null && item.author !== author))
      throw notFound();
    return item;
  }

  /** Restores the item under its record's id and answers the record. */
  async restore(request: RequestInfo, id: string): Promise<RestoreAnswer> {
    const item = await this.item(request, id);
    const { records } = this.deps;
    const restored = await restoreItem(records, item, request, this.deps.now());
    const record = await records.view(restored.collection, request, restored.id);
    return { recordCollection: restored.collection.name, record, renamed: restored.renamed };
  }

  /** Deletes the item for good: its values and history now, its files right after. */
  async deleteForever(request: RequestInfo, id: string): Promise<void> {
    const item = await this.item(request, id);
    const removed = await runInUnit(this.deps.records.db, (db) =>
      removeItem(db, this.deps.jobs, item),
    );
    if (!removed) throw notFound();
    // Its files' job is due now: the workers need not wait for their next look.
    this.deps.jobs.wake();
  }

  /** Purges the items expired by now; answers how many. */
  async purge(): Promise<number> {
    const { records, jobs } = this.deps;
    let purged = 0;
    for (;;) {
      const expired = await findExpiredItems(records.db.kysely, this.nowString(), PURGE_PAGE);
      for (const item of expired) {
        if (await runInUnit(records.db, (db) => removeItem(db, jobs, item))) purged += 1;
      }
      if (expired.length < PURGE_PAGE) break;
    }
    if (purged > 0) jobs.wake();
    return purged;
  }

  /**
   * Deletes a removed item's files: its whole folder, or only its own files when a record
   * with the same id exists again (created with that id since).
   */
  private async deleteFiles(payload: DeletedFilesPayload): Promise<void> {
    const files = this.deps.records.files;
    if (!files) return;
    const collection = requireCollection(payload.collection);
    const [live] = await findRowsByIds(this.deps.records.db.kysely, collection, [payload.record]);
    if (live) await files.deleteFiles(collection, payload.record, payload.files);
    else await files.deleteRecordFiles(collection, payload.record);
  }
}
