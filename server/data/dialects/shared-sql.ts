/** SQL fragments that read the same on SQLite and PostgreSQL. */
import { sql } from "kysely";
import type { Field } from "../../core/models/collection.ts";
import { fieldType, type StorageClass } from "../../core/models/fields/index.ts";

export type { StorageClass } from "../../core/models/fields/index.ts";

/** Maps a field to its storage class (its type module's column class; the id is text). */
export function storageClass(field: Field): StorageClass {
  const column = fieldType(field).column(field);
  return column === "primaryKey" ? "text" : column;
}

/** Quotes a SQL identifier (double quotes, embedded quotes doubled). */
export function quoteId(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `LIKE` with the backslash escape both engines share. */
export const likeEscape = sql`ESCAPE '\\'`;

/**
 * One engine's column definitions (type, default, nullability) per storage class: each field
 * type names its class (`core/models/fields/`, ADR 058), each dialect its SQL.
 */
export interface ColumnDefinitions extends Record<StorageClass, string> {
  /** A text primary key (the `id` field). */
  primaryKey: string;
}

/** The column definition of `field` among an engine's `definitions`. */
export function columnDefinitionFor(definitions: ColumnDefinitions, field: Field): string {
  return definitions[fieldType(field).column(field)];
}
