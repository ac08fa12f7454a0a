/**
 * Bringing a kept record back (ADR 067), in one transaction: the item leaves the list, the
 * record is written again under its id with its stored values (a slug taken meanwhile is
 * replaced by a free one), the collection's create rule is checked against it (restoring
 * creates the record again: a demoted writer restores no post), its create lifecycle's after
 * and commit hooks run as for a restore (search, realtime, caches; no revision), then the
 * rows kept with it are written again (its history, pending edits and comments). Its files
 * never left storage.
 */
import {
  deleteDependants,
  deletedDependantsPage,
  deleteItemRow,
  type DeletedItemData,
} from "../../data/repositories/deleted-repository.ts";
import { findRowsByIds } from "../../data/repositories/record-repository.ts";
import type { Database } from "../../data/db.ts";
import { findCollection, requireCollection } from "../collections/collection-lookup.ts";
import { badRequest, fieldError, forbidden, notFound } from "../errors.ts";
import type { Collection } from "../models/collection.ts";
import { uniqueSlug } from "../records/hooks/slugs.ts";
import type { RecordEvent } from "../records/record-hooks.ts";
import { isSuperuser, RecordQuery } from "../records/record-query.ts";
import type { RecordService } from "../records/record-service.ts";
import { saveRecord } from "../records/record-store.ts";
import { PendingWrite, runInUnit } from "../records/record-unit.ts";
import type { RecordData, RequestInfo } from "../records/request-info.ts";
import { formatDate } from "../records/values.ts";
import { KEPT_COLLECTIONS, keptValues, reconnected } from "./kept-values.ts";

/** Kept rows written back per read. */
const PAGE = 200;

/** A slug the restore had to change: its own was taken meanwhile. */
export interface Renamed {
  /** The slug field (`name` of an entry, `slug` of a post). */
  field: string;
  from: string;
  to: string;
}

/** What a restore did. */
export interface Restored {
  collection: Collection;
  id: string;
  renamed: Renamed | null;
}

/** Refuses a restore the collection's create rule does not allow (superusers pass). */
async function checkCreateRule(
  db: Database,
  collection: Collection,
  request: RequestInfo,
  values: RecordData,
): Promise<void> {
  if (isSuperuser(request)) return;
  const rule = collection.createRule;
  const allowed =
    rule !== null &&
    (await new RecordQuery(db).recordMatchesRule(
      collection,
      rule,
      { ...request, body: values },
      String(values.id),
    ));
  if (!allowed) throw forbidden();
}

/** A free slug for the record when its own was taken meanwhile. */
async function freeSlug(
  db: Database,
  collection: Collection,
  values: RecordData,
): Promise<Renamed | null> {
  const scope = KEPT_COLLECTIONS[collection.name];
  if (!scope) return null;
  const from =
    typeof values[scope.slugField] === "string" ? (values[scope.slugField] as string) : "";
  const to = await uniqueSlug(db, collection, scope, {
    owner: values[scope.ownerField],
    id: String(values.id),
    base: from,
  });
  if (to === from) return null;
  values[scope.slugField] = to;
  return { field: scope.slugField, from, to };
}

/**
 * Writes back the rows kept with the item, those a reply answers first; a row whose id is
 * taken, or whose required or cascading reference is gone (a comment of a deleted account),
 * stays out.
 */
async function restoreDependants(db: Database, item: string): Promise<void> {
  for (let offset = 0; ; offset += PAGE) {
    const rows = await deletedDependantsPage(db.kysely, item, PAGE, offset);
    for (const row of rows) {
      const collection = findCollection(row.collection);
      if (!collection) continue;
      const [taken] = await findRowsByIds(db.kysely, collection, [row.id]);
      if (taken) continue;
      const values = await reconnected(db, collection, keptValues(collection, row.data));
      if (values) await saveRecord(db, collection, values, null);
    }
    if (rows.length < PAGE) break;
  }
  await deleteDependants(db.kysely, item);
}

/**
 * Restores a kept item for `request` (whose right to it the caller checked). 404 when it is
 * gone or expired meanwhile, 400 when its id is taken, 403 when the create rule refuses it.
 */
export async function restoreItem(
  records: RecordService,
  item: DeletedItemData,
  request: RequestInfo,
  now: number,
): Promise<Restored> {
  const collection = requireCollection(item.recordCollection);
  return runInUnit(records.db, async (db, unit) => {
    // Taking the row first makes a concurrent restore or removal of the item wait, then fail.
    if (!(await deleteItemRow(db.kysely, item.id, formatDate(new Date(now))))) throw notFound();
    const [taken] = await findRowsByIds(db.kysely, collection, [item.record]);
    if (taken)
      throw badRequest("Failed to restore record.", {
        id: fieldError(
          "validation_pk_invalid",
          "The record primary key is invalid or already exists.",
        ),
      });
    const values = await reconnected(db, collection, keptValues(collection, item.data));
    if (!values) throw badRequest("Failed to restore record.");
    const renamed = await freeSlug(db, collection, values);
    await saveRecord(db, collection, values, null);
    await checkCreateRule(db, collection, request, values);
    const event: RecordEvent = {
      action: "create",
      collection,
      id: item.record,
      request,
      old: null,
      oldRow: null,
      values,
      db,
      files: { stored: [], replaced: [] },
      cascade: false,
      restored: true,
    };
    await new PendingWrite(records.hooks, unit, records.db, event, false).after();
    await restoreDependants(db, item.id);
    return { collection, id: item.record, renamed };
  });
}
