/**
 * Pieces every collection of the registry shares: PocketBase's collection id scheme, the id
 * field, the autodates and the `users` collection id. Kept apart from `collections.ts` so
 * collections declared in their own files (`revisions.ts`) use them without an import cycle.
 */
import { crc32 } from "node:zlib";
import type { Field } from "../../core/models/collection.ts";

/** PocketBase's collection id scheme: `pbc_` + crc32 of `<type>_<name>`. */
export function collectionId(type: "base" | "auth", name: string): string {
  return `pbc_${crc32(`${type}_${name}`)}`;
}

/** Id of the `users` collection (fixed by PocketBase). */
export const USERS_COLLECTION_ID = "_pb_users_auth_";

/** The 15-character primary key every collection has. */
export const idField: Field = {
  name: "id",
  type: "text",
  system: true,
  required: true,
  primaryKey: true,
  min: 15,
  max: 15,
  pattern: "^[a-z0-9]+$",
  autogeneratePattern: "[a-z0-9]{15}",
};

/** `created`, set by the server when the row is written first. */
export const createdField: Field = {
  name: "created",
  type: "autodate",
  system: true,
  onCreate: true,
  onUpdate: false,
};

/** `created` and `updated`, set by the server. */
export const autodates: Field[] = [
  createdField,
  { name: "updated", type: "autodate", system: true, onCreate: true, onUpdate: true },
];

/**
 * The same record in another language, by the same author, kept in step both ways by the
 * record lifecycle (`core/records/hooks/translations.ts`, ADR 073): one while Cahier speaks
 * two languages.
 */
export function translationField(ownCollectionId: string): Field {
  return {
    name: "translations",
    type: "relation",
    collectionId: ownCollectionId,
    maxSelect: 1,
    cascadeDelete: false,
    mirrored: true,
  };
}

/** A megabyte, for file fields' `maxSize`. */
export const MB = 1024 * 1024;

/** The image types a picture field takes. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

/** The rule part that admits the site's admins. */
export const isAdmin = `@request.auth.collectionName = "users" && @request.auth.role = "admin"`;

/** Up to 20 tags of up to 40 characters. */
export const tagsField: Field = { name: "tags", type: "tags", maxSelect: 20, maxLength: 40 };

/** A relation to the user who owns the record. */
export const ownerField = (name: string, required: boolean, cascadeDelete: boolean): Field => ({
  name,
  type: "relation",
  collectionId: USERS_COLLECTION_ID,
  maxSelect: 1,
  required,
  cascadeDelete,
});

/** A Markdown text of at most `max` characters. */
export const markdownField = (name: string, max: number): Field => ({ name, type: "text", max });
