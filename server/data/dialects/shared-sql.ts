/** SQL fragments that read the same on SQLite and PostgreSQL. */
import { sql } from "kysely";
import type { Field } from "../../core/models/collection.ts";
import { isMultiValue } from "../../core/models/collection.ts";

/** Storage class of a field: how its column is typed on every engine. */
export type StorageClass = "text" | "number" | "bool" | "json" | "list";

/** Maps a field to its storage class. */
export function storageClass(field: Field): StorageClass {
  if (isMultiValue(field)) return "list";
  switch (field.type) {
    case "number":
      return "number";
    case "bool":
      return "bool";
    case "json":
      return "json";
    default:
      return "text";
  }
}

/** Quotes a SQL identifier (double quotes, embedded quotes doubled). */
export function quoteId(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `LIKE` with the backslash escape both engines share. */
export const likeEscape = sql`ESCAPE '\\'`;

/** One engine's column definitions (type, default, nullability) per storage class. */
export interface ColumnDefinitions extends Record<StorageClass, string> {
  /** A text primary key (the `id` field). */
  primaryKey: string;
}

/** The column definition of `field` among an engine's `definitions`. */
export function columnDefinitionFor(definitions: ColumnDefinitions, field: Field): string {
  if (field.type === "text" && field.primaryKey) return definitions.primaryKey;
  return definitions[storageClass(field)];
}
