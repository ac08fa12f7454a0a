/**
 * The anonymous page cache's store (ADR 045): rendered pages for guests, by key (the HTTP
 * layer builds it from the path, the query, the language and the origin), in bounded memory
 * (a count and a byte budget, least recently used first, `tools/cache/bounded-cache.ts`).
 *
 * - **Versions**: {@link PageCache.purge} drops everything and bumps a version; a render that
 *   began before a purge (its {@link PageCache.ticket}) is not stored when it ends, so data
 *   read before a write never outlives that write's purge.
 * - **Single flight**: {@link PageCache.once} runs one render per key at a time; requests that
 *   arrive meanwhile wait for it instead of rendering the same page again. A purge also
 *   forgets the renders in flight, so a request after a write never joins a render of the
 *   data before it.
 * - **Expiry**: entries live at most `ttlMs` (a bound for changes no hook sees, such as a
 *   command-line process writing to the database); and the whole cache expires at
 *   {@link PageCache.expireAt}, the next scheduled publication (`publish-schedule.ts`),
 *   checked on every read and write of the store, so a post goes live on time even if a
 *   timer is late.
 */
import { BoundedCache } from "../../tools/cache/bounded-cache.ts";
import type { CacheGeneration } from "./cache-generation.ts";

/** Options of a {@link PageCache}. */
export interface PageCacheOptions<V> {
  /** Longest life of an entry, in milliseconds. */
  ttlMs: number;
  /** Most entries kept. */
  maxEntries: number;
  /** Most bytes kept, as {@link sizeOf} counts them. */
  maxBytes: number;
  /** The bytes an entry holds. */
  sizeOf: (value: V) => number;
  /** The clock (tests move one by hand); default `Date.now`. */
  now?: () => number;
  /** The generation shared by the instances (scaled out), checked by {@link PageCache.sync}. */
  shared?: CacheGeneration | null;
}

/** What invalidation needs of a page cache, whatever it holds. */
export interface PurgeablePageCache {
  purge(): void;
  expireAt(time: number | null): void;
  ticket(): number;
  readonly nextExpiry: number | null;
  onExpired: (() => void) | null;
}

/** Rendered pages for guests (see the module comment). */
export class PageCache<V> implements PurgeablePageCache {
  private readonly entries: BoundedCache<string, V>;
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly now: () => number;
  private version = 0;
  private expiry: number | null = null;
  /** The shared generation this instance's entries belong to (null: not read yet). */
  private generation: string | null = null;
  /** The generation shared by the instances, or null (one instance: the bus is in-process). */
  readonly shared: CacheGeneration | null;
  /** Called (once per expiry) when the scheduled expiry passed and the cache was purged. */
  onExpired: (() => void) | null = null;

  constructor(options: PageCacheOptions<V>) {
    this.now = options.now ?? Date.now;
    this.shared = options.shared ?? null;
    this.entries = new BoundedCache<string, V>({
      max: options.maxEntries,
      ttlMs: options.ttlMs,
      maxSize: options.maxBytes,
      sizeOf: options.sizeOf,
      now: this.now,
    });
  }

  /**
   * Reads the shared generation, when there is one, and forgets every page when it moved
   * since this instance last read it (another instance's write changed what guests see).
   * Answers false when it cannot be read: the caller neither reads nor fills the cache (unsure
   * is stale). Without a shared generation, true at once.
   */
  async sync(): Promise<boolean> {
    if (!this.shared) return true;
    let generation: string;
    try {
      generation = await this.shared.read();
    } catch {
      return false;
    }
    if (generation !== this.generation) {
      this.generation = generation;
      this.purge();
    }
    return true;
  }

  /** The entry under `key`, or undefined. */
  get(key: string): V | undefined {
    this.expireIfDue();
    return this.entries.get(key);
  }

  /** The version a render starting now must present to {@link set} its result. */
  ticket(): number {
    this.expireIfDue();
    return this.version;
  }

  /**
   * Stores `value` under `key` if nothing was purged since `ticket` was taken; answers
   * whether it was stored (an entry over the byte budget never is).
   */
  set(key: string, value: V, ticket: number): boolean {
    this.expireIfDue();
    if (ticket !== this.version) return false;
    this.entries.set(key, value);
    return this.entries.has(key);
  }

  /**
   * Runs `produce` for `key` unless a render of it is in flight, in which case its result is
   * shared. `produce` receives the ticket to store its result with.
   */
  once<R>(key: string, produce: (ticket: number) => Promise<R>): Promise<R> {
    const pending = this.inflight.get(key);
    if (pending) return pending as Promise<R>;
    const promise = produce(this.ticket()).finally(() => {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    });
    this.inflight.set(key, promise);
    return promise;
  }

  /** Forgets every entry and every render in flight. */
  purge(): void {
    this.version += 1;
    this.entries.clear();
    this.inflight.clear();
  }

  /** Sets when the whole cache expires next (ms since the epoch), or null for never. */
  expireAt(time: number | null): void {
    this.expiry = time;
    this.expireIfDue();
  }

  /** The time set by {@link expireAt} and not yet reached, or null. */
  get nextExpiry(): number | null {
    return this.expiry;
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.entries.totalSize;
  }

  private expireIfDue(): void {
    if (this.expiry === null || this.now() < this.expiry) return;
    this.expiry = null;
    this.purge();
    this.onExpired?.();
  }
}
