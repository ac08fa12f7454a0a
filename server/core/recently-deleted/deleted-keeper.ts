/**
 * The record lifecycle's side of Recently deleted (ADR 067): a deleted entry or post is kept
 * in the delete's own transaction (its stored values, the rows that go with it, its files
 * left in storage), and an account's kept records go with the account.
 *
 * A delete another delete caused (`cascade`) is not kept: the only cascade that reaches
 * entries and posts is the deletion of their author's account, whose records go at once.
 */
import type { Database } from "../../data/db.ts";
import {
  deleteDependants,
  deleteItemRow,
  findItemsOf,
  insertDeletedDependant,
  insertDeletedItem,
  rowsOfRecord,
  type DeletedItemData,
} from "../../data/repositories/deleted-repository.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { generateFromPattern } from "../models/fields/text.ts";
import { rowToRecord } from "../records/record-export.ts";
import type { RecordEvent, RecordHooks } from "../records/record-hooks.ts";
import { formatDate } from "../records/values.ts";
import { DEPENDANTS, filesOf, KEEP_MS, KEPT_COLLECTIONS, keptValues } from "./kept-values.ts";

/** The job that deletes a removed item's files from storage. */
export const DELETED_FILES = "deleted.files";

/** What a {@link DELETED_FILES} job is given. */
export interface DeletedFilesPayload {
  /** The record's collection name. */
  collection: string;
  /** The record id (its files' folder). */
  record: string;
  /** The files the record held. */
  files: string[];
}

/** Rows of a dependant collection read at once while a record is kept. */
const PAGE = 200;

/** What the keeper needs. */
export interface KeeperDeps {
  jobs: JobQueue;
  /** The clock of `deleted` and `expires`. */
  now: () => number;
}

/**
 * Removes a kept item for good in the caller's transaction: its row, the rows kept with it,
 * and a job (stored in the same transaction) that deletes its files. Answers whether it was
 * still there (a concurrent restore or removal may have taken it).
 */
export async function removeItem(
  db: Database,
  jobs: JobQueue,
  item: DeletedItemData,
): Promise<boolean> {
  if (!(await deleteItemRow(db.kysely, item.id))) return false;
  await deleteDependants(db.kysely, item.id);
  const collection = requireCollection(item.recordCollection);
  const payload: DeletedFilesPayload = {
    collection: collection.name,
    record: item.record,
    files: filesOf(collection, keptValues(collection, item.data)),
  };
  if (payload.files.length > 0)
    await jobs.enqueue(DELETED_FILES, payload, {
      db: db.kysely,
      key: `${DELETED_FILES}:${item.id}`,
    });
  return true;
}

/** Keeps deleted entries and posts; drops an account's kept records with it. */
export class DeletedKeeper {
  private readonly deps: KeeperDeps;

  constructor(deps: KeeperDeps) {
    this.deps = deps;
  }

  /** Registers the hooks on the record lifecycle (once, at start-up). */
  register(hooks: RecordHooks): void {
    hooks.on("beforeDelete", (event) => this.keep(event), {
      collections: Object.keys(KEPT_COLLECTIONS),
    });
    hooks.on("afterDelete", (event) => this.dropAccount(event), { collections: ["users"] });
    // The files' jobs stored with an account's deletion are due once it commits.
    hooks.on(
      "afterDeleteCommit",
      () => {
        this.deps.jobs.wake();
      },
      { collections: ["users"] },
    );
  }

  /**
   * Keeps a deleted record before its dependants cascade: its values, the rows that name it
   * (revisions, pending edits, comments), and its files (left in storage).
   */
  private async keep(event: RecordEvent): Promise<void> {
    if (event.cascade) return;
    const { db, collection, values } = event;
    const item = generateFromPattern("[a-z0-9]{15}");
    const now = this.deps.now();
    await insertDeletedItem(db.kysely, {
      id: item,
      recordCollection: collection.name,
      record: event.id,
      author: typeof values.author === "string" ? values.author : "",
      title: typeof values.title === "string" ? values.title : "",
      deleted: formatDate(new Date(now)),
      expires: formatDate(new Date(now + KEEP_MS)),
      data: JSON.stringify(values),
    });
    const key = { collection: collection.name, record: event.id };
    for (const dependant of DEPENDANTS) {
      let after = "";
      for (;;) {
        const rows = await rowsOfRecord(db.kysely, dependant.collection.name, key, after, PAGE);
        for (const row of rows) {
          const kept = rowToRecord(dependant.collection, row);
          await insertDeletedDependant(db.kysely, {
            item,
            collection: dependant.collection.name,
            id: String(row.id),
            depth: dependant.depth(kept),
            data: JSON.stringify(kept),
          });
        }
        const last = rows[rows.length - 1];
        if (!last || rows.length < PAGE) break;
        after = String(last.id);
      }
    }
    event.keepFiles = true;
  }

  /** A deleted account's kept records go with it, in its transaction. */
  private async dropAccount(event: RecordEvent): Promise<void> {
    for (const item of await findItemsOf(event.db.kysely, event.id))
      await removeItem(event.db, this.deps.jobs, item);
  }
}
