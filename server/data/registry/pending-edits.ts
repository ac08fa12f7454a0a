/**
 * `pendingEdits`: what a writer typed into a record readers can see (a public or unlisted
 * entry, a published or scheduled post) and has not published yet (ADR 047). The editor
 * autosaves there instead of into the record, so readers never see half-written changes; the
 * edits are offered back when the record's editor opens on any device, until an explicit
 * save publishes them or the writer discards them. One row per record; only its author
 * reads or writes it. The record lifecycle (`core/pending-edits`) checks that the row names
 * a record of its author and deletes it with the record or its next explicit save.
 */
import type { Collection } from "../../core/models/collection.ts";
import { autodates, collectionId, idField, USERS_COLLECTION_ID } from "./common-fields.ts";

/** Collections whose records may have pending edits. */
export const PENDING_EDIT_COLLECTIONS = ["entries", "posts"] as const;

/** One writer's own pending edits. */
const ownEdits = "author = @request.auth.id";

/** The `pendingEdits` collection. */
export const pendingEditsCollection: Collection = {
  id: collectionId("base", "pendingEdits"),
  name: "pendingEdits",
  type: "base",
  system: false,
  fields: [
    idField,
    /** The edited record's id (an entry or a post, per `recordCollection`). */
    { name: "record", type: "text", required: true, max: 15, pattern: "^[a-z0-9]+$" },
    {
      name: "recordCollection",
      type: "select",
      values: PENDING_EDIT_COLLECTIONS,
      maxSelect: 1,
      required: true,
    },
    /** The record's author (the only reader and writer of the row). */
    {
      name: "author",
      type: "relation",
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    // As long as the longest title and content of the records they edit.
    { name: "title", type: "text", max: 200 },
    { name: "content", type: "text", max: 200_000 },
    /** The record's other edited fields, as the editor holds them (JSON object). */
    { name: "data", type: "json", maxSize: 64 * 1024 },
    ...autodates,
  ],
  indexes: [
    // One row per record; the editor finds it by the record.
    {
      name: "idx_record_pendingEdits",
      columns: ["recordCollection", "record"],
      unique: true,
      field: "record",
    },
    // The rules filter on the author, and deleting a user cascades through it.
    { name: "idx_author_pendingEdits", columns: ["author"] },
  ],
  listRule: ownEdits,
  viewRule: ownEdits,
  // SECURITY: the lifecycle also checks that `record` is a record of `author`.
  createRule: `@request.auth.collectionName = "users" && ${ownEdits}`,
  updateRule: `${ownEdits} && (@request.body.author:isset = false || @request.body.author = @request.auth.id)`,
  deleteRule: ownEdits,
};
