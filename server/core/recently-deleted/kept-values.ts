/**
 * What Recently deleted keeps (ADR 067) and how kept values come back: which collections'
 * records are kept, where their slug lives, which rows go with a record, and the checks a
 * kept row passes before it is written again (fields added since, references to records
 * deleted since).
 */
import type { Database } from "../../data/db.ts";
import { findRowsByIds } from "../../data/repositories/record-repository.ts";
import { commentsCollection } from "../../data/registry/comments.ts";
import { pendingEditsCollection } from "../../data/registry/pending-edits.ts";
import { revisionsCollection } from "../../data/registry/revisions.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import { fileNames } from "../files/file-input.ts";
import { isMultiValue, type Collection } from "../models/collection.ts";
import type { SlugScope } from "../records/hooks/slugs.ts";
import type { RecordData } from "../records/request-info.ts";
import { emptyValue } from "../records/values.ts";

/** How long a deleted record stays restorable: 30 days. */
export const KEEP_MS = 30 * 86_400_000;

/** The collections whose deletes are kept, and the slug each one's records have. */
export const KEPT_COLLECTIONS: Readonly<Record<string, SlugScope>> = {
  entries: { slugField: "name", ownerField: "author" },
  posts: { slugField: "slug", ownerField: "author" },
};

/** A collection whose rows name their record by `record` and `recordCollection`. */
export interface Dependant {
  collection: Collection;
  /** 1 for a row that must come back after the others (a reply after what it answers). */
  depth: (values: RecordData) => number;
}

/** The rows that go with a deleted record and come back with it. */
export const DEPENDANTS: readonly Dependant[] = [
  { collection: revisionsCollection, depth: () => 0 },
  { collection: pendingEditsCollection, depth: () => 0 },
  { collection: commentsCollection, depth: (values) => (values.parent ? 1 : 0) },
];

/** Kept values (JSON) as a record of `collection` today: a field added since is empty. */
export function keptValues(collection: Collection, json: string): RecordData {
  const parsed = JSON.parse(json) as RecordData;
  const values: RecordData = {};
  for (const field of collection.fields)
    values[field.name] = field.name in parsed ? parsed[field.name] : emptyValue(field);
  return values;
}

/** The names of the files a record's values hold. */
export function filesOf(collection: Collection, values: RecordData): string[] {
  return collection.fields.flatMap((field) =>
    field.type === "file" ? fileNames(values[field.name]) : [],
  );
}

/** The ids a relation value holds (one, or a list). */
function idsOf(value: unknown): string[] {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.filter((id): id is string => typeof id === "string" && id !== "");
}

/**
 * `values` with their references checked against the records that exist now, as a delete of
 * the referenced record would have left them had the row been there: a reference that
 * cascades or is required makes the row go (null); any other is dropped from the value.
 */
export async function reconnected(
  db: Database,
  collection: Collection,
  values: RecordData,
): Promise<RecordData | null> {
  const out = { ...values };
  for (const field of collection.fields) {
    if (field.type !== "relation") continue;
    const ids = idsOf(out[field.name]);
    if (ids.length === 0) continue;
    const target = findCollection(field.collectionId);
    const found = target ? await findRowsByIds(db.kysely, target, ids) : [];
    // A link kept in step both ways stands only if the other end still names the record.
    const existing = new Set(
      found
        .filter((row) => !field.mirrored || row[field.name] === values.id)
        .map((row) => String(row.id)),
    );
    const kept = ids.filter((id) => existing.has(id));
    if (kept.length === ids.length) continue;
    if (field.cascadeDelete || field.required) return null;
    out[field.name] = isMultiValue(field) ? kept : "";
  }
  return out;
}
