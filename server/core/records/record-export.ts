/**
 * Field-level conversion of stored rows to wire records (PocketBase's record `PublicExport`):
 * wire-typed values, keys in wire order, password and token key never, hidden fields for
 * superusers only. Pure: who may see an email or an expanded relation is decided by the
 * caller ({@link RecordExpander}).
 */
import type { Row } from "../../data/db.ts";
import type { Collection, Field } from "../models/collection.ts";
import type { RecordData } from "./request-info.ts";
import { toWireValue } from "./values.ts";

/** Reads a stored row into wire-typed values for every registry field. */
export function rowToRecord(collection: Collection, row: Row): RecordData {
  const record: RecordData = {};
  for (const field of collection.fields) record[field.name] = toWireValue(field, row[field.name]);
  return record;
}

/** One key of a presented record: a constant, or a field read from the row. */
interface PresentedKey {
  key: string;
  field: Field | null;
  value: unknown;
}

const presentedKeyCache = new WeakMap<
  Collection,
  { guest: PresentedKey[]; superuser: PresentedKey[] }
>();

/**
 * The keys a record of the collection is presented with (password and token key never,
 * hidden fields for superusers only), already sorted: records are built in wire order
 * instead of being sorted one by one. Cached per collection object (registry collections
 * are never mutated).
 */
function presentedKeys(collection: Collection, superuser: boolean): readonly PresentedKey[] {
  let cached = presentedKeyCache.get(collection);
  if (!cached) {
    const build = (forSuperuser: boolean): PresentedKey[] => {
      const keys: PresentedKey[] = [
        { key: "collectionId", field: null, value: collection.id },
        { key: "collectionName", field: null, value: collection.name },
      ];
      for (const field of collection.fields) {
        if (field.type === "password" || field.name === "tokenKey") continue;
        if (field.hidden && !forSuperuser) continue;
        keys.push({ key: field.name, field, value: undefined });
      }
      // The order of `Object.keys(record).sort()`: UTF-16 code units.
      return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    };
    cached = { guest: build(false), superuser: build(true) };
    presentedKeyCache.set(collection, cached);
  }
  return superuser ? cached.superuser : cached.guest;
}

/**
 * A stored row as a wire record with sorted keys: `collectionId`, `collectionName` and every
 * field the viewer may see (hidden fields only for `superuser`). SECURITY: the password hash
 * and the token key are never exported.
 */
export function exportRecord(collection: Collection, row: Row, superuser: boolean): RecordData {
  const out: RecordData = {};
  for (const { key, field, value } of presentedKeys(collection, superuser))
    out[key] = field ? toWireValue(field, row[field.name]) : value;
  return out;
}

/** A copy of `record` with its keys sorted (after `expand` was added last). */
export function sortKeys(record: RecordData): RecordData {
  const out: RecordData = {};
  for (const key of Object.keys(record).sort()) out[key] = record[key];
  return out;
}
