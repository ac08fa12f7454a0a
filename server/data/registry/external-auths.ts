/**
 * `_externalAuths` (PocketBase's system collection of that name and id): the OAuth2 identities
 * linked to `users` records.
 */
import type { Collection } from "../../core/models/collection.ts";
import { autodates, idField, USERS_COLLECTION_ID } from "./common-fields.ts";

/** Rule of `_externalAuths`: a signed-in record sees and removes its own links only. */
const ownLinksRule = `@request.auth.id != "" && recordRef = @request.auth.id && collectionRef = @request.auth.collectionId`;

/**
 * `_externalAuths`: links between `users` records and OAuth2 identities (PocketBase's system
 * collection of that name and id). Written only by `auth-with-oauth2`; a user may list and
 * remove their own links. `recordRef` is a relation, so deleting a user deletes their links.
 */
export const externalAuthsCollection: Collection = {
  id: "pbc_2281828961",
  name: "_externalAuths",
  type: "base",
  system: true,
  fields: [
    idField,
    { name: "collectionRef", type: "text", system: true, required: true, max: 100 },
    {
      name: "recordRef",
      type: "relation",
      system: true,
      required: true,
      collectionId: USERS_COLLECTION_ID,
      maxSelect: 1,
      cascadeDelete: true,
    },
    { name: "provider", type: "text", system: true, required: true, max: 100 },
    { name: "providerId", type: "text", system: true, required: true, max: 255 },
    ...autodates,
  ],
  indexes: [
    {
      name: "idx_externalAuths_record_provider",
      columns: ["collectionRef", "recordRef", "provider"],
      unique: true,
      field: "provider",
    },
    {
      name: "idx_externalAuths_collection_provider",
      columns: ["collectionRef", "provider", "providerId"],
      unique: true,
      field: "providerId",
    },
  ],
  listRule: ownLinksRule,
  viewRule: ownLinksRule,
  createRule: null,
  updateRule: null,
  deleteRule: ownLinksRule,
};
