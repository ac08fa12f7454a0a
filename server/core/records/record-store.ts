/**
 * The database side of a record write: the uniqueness, primary key and relation checks that
 * need queries, and the row insert or update (only the changed columns).
 */
import type { Database } from "../../data/db.ts";
import {
  existsOther,
  findRowsByIds,
  insertRow,
  updateRow,
  type Row,
} from "../../data/repositories/record-repository.ts";
import { allCollections, findCollection } from "../collections/collection-lookup.ts";
import { badRequest, fieldError, type FieldErrors } from "../errors.ts";
import {
  findField,
  isAuthCollection,
  isMultiValue,
  type Collection,
  type Field,
} from "../models/collection.ts";
import type { RecordData } from "./request-info.ts";
import { toStoredValue } from "./values.ts";

/**
 * Adds to `errors` what only the database can tell: a taken primary key (or an auth id used
 * by another auth collection), values a unique index already holds, missing relation targets.
 */
export async function checkIdAndRelations(
  db: Database,
  collection: Collection,
  values: RecordData,
  errors: FieldErrors,
  isCreate: boolean,
): Promise<void> {
  const kysely = db.kysely;
  const id = String(values.id);
  if (isCreate && !errors.id) {
    const [existing] = await findRowsByIds(kysely, collection, [id]);
    if (existing)
      errors.id = fieldError(
        "validation_pk_invalid",
        "The record primary key is invalid or already exists.",
      );
    else if (isAuthCollection(collection)) {
      for (const other of allCollections()) {
        if (other.id === collection.id || !isAuthCollection(other)) continue;
        const [clash] = await findRowsByIds(kysely, other, [id]);
        if (clash)
          errors.id = fieldError(
            "validation_invalid_auth_id",
            "Invalid or duplicated auth record id.",
          );
      }
    }
  }
  for (const index of collection.indexes) {
    if (!index.unique || !index.field || errors[index.field]) continue;
    const columns = index.columns.map((c) => {
      const lower = /^lower\((\w+)\)$/.exec(c);
      const column = lower ? (lower[1] as string) : c;
      return {
        column,
        value: toStoredValue(findField(collection, column) as Field, values[column]),
        lower: Boolean(lower),
      };
    });
    if (index.where && columns.some((c) => c.value === "")) continue;
    if (await existsOther(kysely, collection, columns, id)) {
      errors[index.field] = fieldError("validation_not_unique", "Value must be unique.");
    }
  }
  for (const field of collection.fields) {
    if (field.type !== "relation" || errors[field.name]) continue;
    const ids = isMultiValue(field)
      ? (values[field.name] as string[])
      : values[field.name]
        ? [values[field.name] as string]
        : [];
    if (ids.length === 0) continue;
    const target = findCollection(field.collectionId);
    const found = target ? await findRowsByIds(kysely, target, ids) : [];
    if (found.length !== new Set(ids).size) {
      errors[field.name] = fieldError(
        "validation_missing_rel_records",
        "Failed to find all relation records with the provided ids.",
      );
    }
  }
}

/**
 * Inserts the record (`current` null) or updates the columns that changed since `current`.
 * A unique-index violation that slipped past the checks becomes PocketBase's 400.
 */
export async function saveRecord(
  db: Database,
  collection: Collection,
  values: RecordData,
  current: RecordData | null,
): Promise<void> {
  const stored: Row = {};
  for (const field of collection.fields) {
    const value = values[field.name];
    if (field.type === "password") {
      // The bcrypt hash, written only when it is new.
      if (typeof value === "string" && value !== "" && value !== current?.password)
        stored[field.name] = value;
      continue;
    }
    // Updates write only the columns that changed.
    if (
      current &&
      field.name !== "id" &&
      JSON.stringify(value) === JSON.stringify(current[field.name])
    )
      continue;
    stored[field.name] = toStoredValue(field, value);
  }
  try {
    if (current) {
      delete stored.id;
      await updateRow(db.kysely, collection, String(values.id), stored);
    } else {
      await insertRow(db.kysely, collection, stored);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/UNIQUE|unique|duplicate key/.test(message)) {
      const index = collection.indexes.find(
        (i) =>
          message.includes(i.name) ||
          i.columns.some((c) => message.includes(`${collection.name}.${c}`)),
      );
      throw badRequest(current ? "Failed to update record." : "Failed to create record.", {
        [index?.field ?? "id"]: fieldError("validation_not_unique", "Value must be unique."),
      });
    }
    throw error;
  }
}
