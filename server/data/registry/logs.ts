/**
 * The request log (`_logs`), PocketBase's shape: `{id, created, level, message, data}`. It is
 * a system table, not a collection of the API: the records routes never reach it (it is not
 * in the registry's list); only `/api/logs` reads it, for superusers. Described as a
 * collection so the filter language, sorting and paging work on it unchanged.
 */
import type { Collection } from "../../core/models/collection.ts";
import { createdField, idField } from "./common-fields.ts";

/** The `_logs` table. */
export const logsCollection: Collection = {
  id: "_logs",
  name: "_logs",
  type: "base",
  system: true,
  fields: [
    idField,
    createdField,
    { name: "level", type: "number", onlyInt: true },
    { name: "message", type: "text" },
    { name: "data", type: "json", maxSize: 1024 * 1024 },
  ],
  indexes: [
    { name: "idx_created_logs", columns: ["created"] },
    { name: "idx_level_logs", columns: ["level"] },
  ],
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
};
