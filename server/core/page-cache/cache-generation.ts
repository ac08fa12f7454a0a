/**
 * The page cache's generation, shared by the instances of a scaled-out deployment (issue 23
 * finding 7): a counter in Redis (`<REDIS_PREFIX>page-cache:generation`) that a write changing
 * what guests see increments before it is acknowledged. An instance reads it before answering
 * a guest from its cache and forgets every page when it moved, so no instance serves a page
 * the write made stale once the writer has its answer, even before the bus's message (which
 * still purges the others at once) arrives.
 *
 * Reads are batched: a request waits for a read sent after it arrived (a read already on its
 * way may have left before the increment it must see), so however many guests ask at once,
 * at most one read is in flight and one waits.
 */
import type { RedisCommands } from "../../tools/redis/index.ts";

/** A generation the page cache checks before serving. */
export interface CacheGeneration {
  /** Moves the generation on (a write changed what guests see); resolves once stored. */
  bump(): Promise<void>;
  /** The current generation (rejects when it cannot be read: the caller skips its cache). */
  read(): Promise<string>;
}

/** The generation in Redis. */
export class RedisCacheGeneration implements CacheGeneration {
  private readonly commands: () => RedisCommands;
  private readonly key: string;
  private inflight: Promise<string> | null = null;
  private waiting: Promise<string> | null = null;

  /** @param prefix the deployment's `REDIS_PREFIX` */
  constructor(commands: () => RedisCommands, prefix: string) {
    this.commands = commands;
    this.key = `${prefix}page-cache:generation`;
  }

  async bump(): Promise<void> {
    await this.commands().incr(this.key);
  }

  read(): Promise<string> {
    if (this.waiting) return this.waiting;
    const previous = this.inflight;
    if (!previous) return this.send();
    const next = previous.then(
      () => undefined,
      () => undefined,
    );
    this.waiting = next.then(() => {
      this.waiting = null;
      return this.send();
    });
    return this.waiting;
  }

  private send(): Promise<string> {
    const sent = this.commands()
      .get(this.key)
      .then((value) => value ?? "0")
      .finally(() => {
        if (this.inflight === sent) this.inflight = null;
      });
    this.inflight = sent;
    return sent;
  }
}
