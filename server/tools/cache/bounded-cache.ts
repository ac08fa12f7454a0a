/**
 * The one bounded in-memory cache of the server: at most `max` entries, the least recently
 * used dropped first (lru-cache underneath), optionally expiring after `ttlMs` (for the whole
 * cache, or per entry). Values may be `null` or `undefined` (a parsed empty filter is `null`),
 * which lru-cache itself refuses, so each value travels in a box.
 *
 * @example
 * const windows = new BoundedCache<string, number>({ max: 1000 });
 * windows.set("203.0.113.1", 1, { ttlMs: 3000 });
 * windows.peek("203.0.113.1"); // 1, without marking it recently used
 */
import { LRUCache } from "lru-cache";

/** Options of a {@link BoundedCache}. */
export interface BoundedCacheOptions<V = unknown> {
  /** Most entries kept; the least recently used goes first. */
  max: number;
  /** Milliseconds an entry stays fresh unless {@link BoundedCache.set} says otherwise; absent: until evicted. */
  ttlMs?: number;
  /**
   * The clock entries age by, in milliseconds (tests move one by hand); default: lru-cache's
   * own (`performance.now`). With a clock given, every freshness check reads it (no 1 ms
   * debounce), so a hand-moved clock is seen at once. It must read above 0: lru-cache takes an
   * entry stored at time 0 for one that never expires.
   */
  now?: () => number;
  /**
   * A bound on the total size of the entries besides their count, in the unit `sizeOf`
   * measures (bytes, say): the least recently used entries go until the new one fits, and an
   * entry larger than `maxSize` alone is not stored at all.
   */
  maxSize?: number;
  /** The size of one value (required with `maxSize`; a positive integer). */
  sizeOf?: (value: V) => number;
}

/** Options of one {@link BoundedCache.set}. */
export interface BoundedCacheSetOptions {
  /** Milliseconds this entry stays fresh, overriding the cache's `ttlMs`. */
  ttlMs?: number;
}

/** A least-recently-used map with a fixed capacity. */
export class BoundedCache<K extends string | number | object, V> {
  private readonly lru: LRUCache<K, { value: V }>;

  constructor(options: BoundedCacheOptions<V>) {
    const lruOptions: LRUCache.Options<K, { value: V }, unknown> = { max: options.max };
    if (options.ttlMs !== undefined) lruOptions.ttl = options.ttlMs;
    if (options.maxSize !== undefined) {
      const sizeOf = options.sizeOf;
      if (!sizeOf) throw new Error("BoundedCache: maxSize needs sizeOf");
      lruOptions.maxSize = options.maxSize;
      lruOptions.maxEntrySize = options.maxSize;
      lruOptions.sizeCalculation = (box) => Math.max(1, Math.ceil(sizeOf(box.value)));
    }
    if (options.now) {
      lruOptions.perf = { now: options.now };
      lruOptions.ttlResolution = 0;
    }
    this.lru = new LRUCache<K, { value: V }>(lruOptions);
  }

  /** The value under `key` (marking it recently used), or `undefined`. */
  get(key: K): V | undefined {
    return this.lru.get(key)?.value;
  }

  /**
   * The fresh value under `key` without marking it recently used, or `undefined`; entries
   * read only this way leave the cache in the order they were last {@link set}.
   */
  peek(key: K): V | undefined {
    return this.lru.peek(key)?.value;
  }

  /** Whether `key` holds a fresh value (including `null` or `undefined`). */
  has(key: K): boolean {
    return this.lru.has(key);
  }

  /**
   * Stores `value` under `key` as the most recently used entry, evicting the least recently
   * used one when full (a live one included: call {@link pruneExpired} first to spare it).
   */
  set(key: K, value: V, options: BoundedCacheSetOptions = {}): void {
    if (options.ttlMs === undefined) this.lru.set(key, { value });
    else this.lru.set(key, { value }, { ttl: options.ttlMs });
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

  /** Drops every expired entry now (expired entries otherwise go when read or evicted). */
  pruneExpired(): void {
    this.lru.purgeStale();
  }

  /** Drops every entry. */
  clear(): void {
    this.lru.clear();
  }

  /** The total size of the entries held (with `maxSize`; 0 without). */
  get totalSize(): number {
    return this.lru.calculatedSize;
  }

  /** How many entries are held, expired ones not yet pruned included. */
  get size(): number {
    return this.lru.size;
  }
}
