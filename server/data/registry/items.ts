/** `items`: the admin-only instances area (`/i`). */
import type { Collection } from "../../core/models/collection.ts";
import {
  autodates,
  collectionId,
  IMAGE_TYPES,
  idField,
  isAdmin,
  markdownField,
  MB,
  ownerField,
  tagsField,
} from "./common-fields.ts";

const ITEMS_ID = collectionId("base", "items");

/** The `items` collection. */
export const itemsCollection: Collection = {
  id: ITEMS_ID,
  name: "items",
  type: "base",
  system: false,
  fields: [
    idField,
    {
      name: "code",
      type: "text",
      required: true,
      min: 2,
      max: 64,
      pattern: "^[A-Za-z0-9_-]{2,64}$",
    },
    { name: "name", type: "text", required: true, max: 200 },
    markdownField("description", 5000),
    {
      name: "status",
      type: "select",
      values: ["active", "archived"],
      maxSelect: 1,
      required: true,
      default: "active",
    },
    tagsField,
    { name: "data", type: "json", maxSize: 64 * 1024 },
    {
      name: "image",
      type: "file",
      maxSelect: 1,
      maxSize: 5 * MB,
      mimeTypes: IMAGE_TYPES,
      thumbs: ["400x300"],
      protected: false,
    },
    ownerField("owner", false, false),
    ...autodates,
  ],
  indexes: [{ name: "idx_code_items", columns: ["code"], unique: true, field: "code" }],
  listRule: isAdmin,
  viewRule: isAdmin,
  createRule: isAdmin,
  updateRule: isAdmin,
  deleteRule: isAdmin,
};
