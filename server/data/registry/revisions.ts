/**
 * `revisions`: the version history of entries, posts and pages (ADR 041, ADR 075). The server writes every
 * row from the record lifecycle (`core/revisions`); through the API, authors list and view
 * the history of their own records, and only superusers create, update or delete rows.
 */
import type { Collection } from "../../core/models/collection.ts";
import { autodates, collectionId, idField, USERS_COLLECTION_ID } from "./common-fields.ts";

/** Collections whose records have a revision history. */
export const REVISIONED_COLLECTIONS = ["entries", "posts", "pages"] as const;

/**
 * What made a revision: the record's creation, an explicit save, an autosave (coalesced per
 * editing session), a publication (`status` becoming `published`), or a restore.
 */
export const REVISION_KINDS = ["create", "save", "autosave", "publish", "restore"] as const;

/** A revision's kind. */
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** The history of one record: only its author reads it. */
const ownHistory = "author = @request.auth.id";

/**
 * The `revisions` collection. Fields beyond the list: `kind` (see
 * {@link REVISION_KINDS}), `version` (1, 2, 3… per record, the order of the history) and
 * `updated` (moves when autosaves coalesce into the revision).
 */
export const revisionsCollection: Collection = {
  id: collectionId("base", "revisions"),
  name: "revisions",
  type: "base",
  system: false,
  fields: [
    idField,
    { name: "record", type: "text", required: true, max: 15, pattern: "^[a-z0-9]+$" },
    {
      name: "recordCollection",
      type: "select",
      values: REVISIONED_COLLECTIONS,
      maxSelect: 1,
      required: true,
    },
    {
      name: "author",
      type: "relation",
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      required: true,
      cascadeDelete: true,
    },
    { name: "kind", type: "select", values: REVISION_KINDS, maxSelect: 1, required: true },
    { name: "version", type: "number", onlyInt: true, min: 0 },
    { name: "title", type: "text", max: 200 },
    { name: "content", type: "text", max: 200_000 },
    { name: "data", type: "json", maxSize: 256 * 1024 },
    ...autodates,
  ],
  indexes: [
    { name: "idx_record_created_revisions", columns: ["record", "created"] },
    // The list rule filters on the author, and deleting a user cascades through it.
    { name: "idx_author_revisions", columns: ["author"] },
  ],
  listRule: ownHistory,
  viewRule: ownHistory,
  createRule: null,
  updateRule: null,
  deleteRule: null,
};
