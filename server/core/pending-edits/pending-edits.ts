/**
 * The record lifecycle of pending edits (ADR 047): a `pendingEdits` row must name an existing
 * entry or post of its own author, and it goes away when that record is deleted or saved
 * explicitly (a save, publish or restore; not an autosave), in the same transaction.
 *
 * The check runs in the `before*` phase, ahead of the uniqueness checks, so a refused row
 * never tells whether someone else's record has pending edits. A value the field validation
 * refuses anyway (an empty or malformed `record`, another `recordCollection`) is left to it.
 */
import { findRowsByIds } from "../../data/repositories/record-repository.ts";
import { deletePendingEdits } from "../../data/repositories/pending-edit-repository.ts";
import {
  PENDING_EDIT_COLLECTIONS,
  pendingEditsCollection,
} from "../../data/registry/pending-edits.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import { badRequest, fieldError } from "../errors.ts";
import type { RecordEvent, RecordHooks } from "../records/record-hooks.ts";
import { readMarker } from "../revisions/revision-kind.ts";

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const RECORD_ID = /^[a-z0-9]{1,15}$/;
const isEdited = (name: string): boolean =>
  (PENDING_EDIT_COLLECTIONS as readonly string[]).includes(name);

/**
 * Refuses a pending edit whose `record` is not a record of its `author` in `recordCollection`
 * (missing, or someone else's: the answer is the same, so it tells nothing about other
 * people's records). An update that keeps the three columns is not checked again.
 */
async function checkTarget(event: RecordEvent): Promise<void> {
  const { values, old, db } = event;
  const record = text(values.record);
  const collection = text(values.recordCollection);
  const author = text(values.author);
  if (old && old.record === record && old.recordCollection === collection && old.author === author)
    return;
  if (!RECORD_ID.test(record) || !isEdited(collection)) return;
  const target = findCollection(collection);
  const [row] = target ? await findRowsByIds(db.kysely, target, [record]) : [];
  if (row && row.author === author) return;
  throw badRequest(`Failed to ${event.action} record.`, {
    record: fieldError(
      "validation_missing_rel_records",
      "Failed to find all relation records with the provided ids.",
    ),
  });
}

/** Deletes the pending edits of the event's record. */
async function forget(event: RecordEvent): Promise<void> {
  await deletePendingEdits(event.db.kysely, {
    collection: event.collection.name,
    record: event.id,
  });
}

/** Registers the hooks of pending edits on `hooks`. */
export function registerPendingEditHooks(hooks: RecordHooks): void {
  hooks.on(["beforeCreate", "beforeUpdate"], checkTarget, {
    collections: [pendingEditsCollection.name],
  });
  const edited = { collections: PENDING_EDIT_COLLECTIONS };
  hooks.on("afterDelete", forget, edited);
  // An explicit save publishes what the editor held: the pending edits are done. An
  // autosave (of a private entry or a draft) and an update another write caused keep them.
  hooks.on(
    "afterUpdate",
    async (event) => {
      if (event.cascade || readMarker(event.request, "update") === "autosave") return;
      await forget(event);
    },
    edited,
  );
}
