/**
 * Fedify's key-value store on Cahier's database (ADR 071): `_fediverse_kv`, one row a key
 * (the key's parts as JSON text), its value as JSON and an optional expiry. Every instance on
 * the database shares it, so a remote document cached or an inbox activity seen by one is
 * known to all; compare-and-swap is one statement, so two instances never both win.
 */
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import type { Database } from "../../data/db.ts";
import {
  kvDelete,
  kvGet,
  kvList,
  kvPrune,
  kvSet,
  kvSwap,
} from "../../data/repositories/fediverse-repository.ts";

/** The stored form of a key. */
export function encodeKey(key: KvKey): string {
  return JSON.stringify(key);
}

/** When a value set now with `options` expires, or null. */
function expiry(options: KvStoreSetOptions | undefined, now: number): Date | null {
  if (!options?.ttl) return null;
  return new Date(now + options.ttl.total({ unit: "millisecond" }));
}

/** The JSON text of a value (`undefined` has none: it means absent). */
function encodeValue(value: unknown): string | undefined {
  return value === undefined ? undefined : JSON.stringify(value);
}

/** Fedify's `KvStore` on `_fediverse_kv`. */
export class DatabaseKvStore implements KvStore {
  private readonly db: Database;
  private readonly now: () => number;

  constructor(db: Database, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const text = await kvGet(this.db.kysely, encodeKey(key));
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const text = encodeValue(value);
    if (text === undefined) {
      await kvDelete(this.db.kysely, encodeKey(key));
      return;
    }
    await kvSet(this.db.kysely, encodeKey(key), text, expiry(options, this.now()));
  }

  async delete(key: KvKey): Promise<void> {
    await kvDelete(this.db.kysely, encodeKey(key));
  }

  cas = async (
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> =>
    kvSwap(
      this.db.kysely,
      encodeKey(key),
      encodeValue(expectedValue),
      encodeValue(newValue),
      expiry(options, this.now()),
    );

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const exact = prefix ? encodeKey(prefix) : "";
    // `["a","b"]` lists `["a","b"]` itself and every `["a","b",…]`.
    const start = prefix ? `${exact.slice(0, -1)},` : "[";
    for (const row of await kvList(this.db.kysely, exact, start)) {
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
    }
  }

  /** Deletes expired values (an hourly job); answers how many. */
  prune(): Promise<number> {
    return kvPrune(this.db.kysely);
  }
}
