/**
 * The one bounded in-memory cache of the server: at most `max` entries, the least recently
 * used dropped first (lru-cache underneath), optionally expiring after `ttlMs`. Values may be
 * `null` or `undefined` (a parsed empty filter is `null`), which lru-cache itself refuses, so
 * each value travels in a box.
 */
import { LRUCache } from "lru-cache";

/** Options of a {@link BoundedCache}. */
export interface BoundedCacheOptions {
  /** Most entries kept; the least recently used goes first. */
  max: number;
  /** Milliseconds an entry stays fresh; absent: until evicted. */
  ttlMs?: number;
}

/** A least-recently-used map with a fixed capacity. */
export class BoundedCache<K extends string | number | object, V> {
  private readonly lru: LRUCache<K, { value: V }>;

  constructor(options: BoundedCacheOptions) {
    this.lru = new LRUCache<K, { value: V }>(
      options.ttlMs === undefined ? { max: options.max } : { max: options.max, ttl: options.ttlMs },
    );
  }

  /** The value under `key` (marking it recently used), or `undefined`. */
  get(key: K): V | undefined {
    return this.lru.get(key)?.value;
  }

  /** Whether `key` holds a fresh value (including `null` or `undefined`). */
  has(key: K): boolean {
    return this.lru.has(key);
  }

  /** Stores `value` under `key`, evicting the least recently used entry when full. */
  set(key: K, value: V): void {
    this.lru.set(key, { value });
  }

  /** The cached value under `key`, or what `compute` returns (stored unless it throws). */
  getOrSet(key: K, compute: () => V): V {
    const hit = this.lru.get(key);
    if (hit) return hit.value;
    const value = compute();
    this.lru.set(key, { value });
    return value;
  }

  /** Drops `key`. */
  delete(key: K): void {
    this.lru.delete(key);
  }

  /** Drops every entry. */
  clear(): void {
    this.lru.clear();
  }

  /** How many entries are held. */
  get size(): number {
    return this.lru.size;
  }
}
