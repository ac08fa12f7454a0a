/** Finds collections of the registry by id (exact) or name (case-insensitive), as PocketBase does. */
import type { Collection } from "../models/collection.ts";
import { COLLECTIONS } from "../../data/registry/collections.ts";

const byId = new Map(COLLECTIONS.map((c) => [c.id, c]));
const byName = new Map(COLLECTIONS.map((c) => [c.name.toLowerCase(), c]));

/** Finds a collection by id or name; undefined when none matches. */
export function findCollection(idOrName: string): Collection | undefined {
  return byId.get(idOrName) ?? byName.get(idOrName.toLowerCase());
}

/** Finds a collection that must exist (registry references). */
export function requireCollection(idOrName: string): Collection {
  const c = findCollection(idOrName);
  if (!c) throw new Error(`Unknown collection ${idOrName}`);
  return c;
}

/** Every collection. */
export function allCollections(): readonly Collection[] {
  return COLLECTIONS;
}
