/**
 * How page-cache invalidations reach the other instances (`REDIS_URL`): one Redis pub/sub
 * channel, `<REDIS_PREFIX>page-cache`, carrying `{v, origin, purge, settings, schedule}`:
 *
 * - `purge`: a write on that instance changed what guests see; forget every page.
 * - `settings`: the settings changed there (the application name is on every page); read them
 *   again, then forget every page.
 * - `schedule`: a post's publication time may have moved; read the next one again.
 *
 * The instance that decided ignores its own echo. Pub/sub is lossy: when the subscription
 * comes back after an outage, the instance forgets every page ({@link PageCacheBus.onResync}),
 * since it may have missed purges; while Redis is down, entries live at most the cache's TTL.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

/** What one message asks. */
export interface PageCacheMessage {
  /** Forget every page. */
  purge: boolean;
  /** Read the settings again (then forget every page). */
  settings: boolean;
  /** The next publication time may have moved. */
  schedule: boolean;
}

/** A received message's handler. */
export type PageCacheMessageHandler = (message: PageCacheMessage) => void;

/** Where invalidations go between instances. */
export interface PageCacheBus {
  /** Tells the other instances (never this one). */
  publish(message: PageCacheMessage): void;
  /** Receives the other instances' messages. */
  onMessage(handler: PageCacheMessageHandler): void;
  /** Called when messages may have been lost (the subscription came back). */
  onResync(handler: () => void): void;
  close(): Promise<void>;
}

/** One instance: nobody to tell. */
export class LocalPageCacheBus implements PageCacheBus {
  publish(): void {
    // Alone: this instance has already acted.
  }

  onMessage(): void {
    // Nothing ever arrives.
  }

  onResync(): void {
    // Nothing is ever lost.
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Logs a Redis problem (throttled by the caller: once per outage). */
export type BusLog = (level: "info" | "warn", message: string, error?: unknown) => void;

const VERSION = 1;

/** Parses a message; null for anything malformed (never throws). */
export function parseBusMessage(text: string): (PageCacheMessage & { origin: string }) | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { v, origin, purge, settings, schedule } = value as Record<string, unknown>;
  if (v !== VERSION || typeof origin !== "string") return null;
  return {
    origin,
    purge: purge === true,
    settings: settings === true,
    schedule: schedule === true,
  };
}

/** Several instances: messages travel through Redis (see the module comment). */
export class RedisPageCacheBus implements PageCacheBus {
  /** This instance's id in its messages. */
  readonly origin = randomBytes(8).toString("hex");
  /** The channel. */
  readonly channel: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly log: BusLog;
  private readonly handlers: PageCacheMessageHandler[] = [];
  private readonly resyncHandlers: (() => void)[] = [];
  private subscribed = false;
  private everSubscribed = false;
  private down = false;
  private closed = false;

  constructor(options: { url: string; prefix: string; log: BusLog }) {
    this.channel = `${options.prefix}page-cache`;
    this.log = options.log;
    const retryStrategy = (times: number) => Math.min(times * 100, 2000);
    // No offline queue: a message that cannot go now is not worth sending late.
    this.publisher = new Redis(options.url, {
      retryStrategy,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    this.subscriber = new Redis(options.url, { retryStrategy, autoResubscribe: false });
    this.publisher.on("error", (error: unknown) => {
      this.reportDown(error);
    });
    this.subscriber.on("error", (error: unknown) => {
      this.reportDown(error);
    });
    this.subscriber.on("ready", () => {
      this.subscribe();
    });
    this.subscriber.on("close", () => {
      if (this.subscribed) this.reportDown(new Error("Redis subscription connection closed"));
      this.subscribed = false;
    });
    this.subscriber.on("message", (channel: string, text: string) => {
      if (channel !== this.channel) return;
      // SECURITY: nothing a Redis peer sends may take the process down.
      const message = parseBusMessage(text);
      if (!message || message.origin === this.origin) return;
      for (const handler of this.handlers) {
        try {
          handler({ purge: message.purge, settings: message.settings, schedule: message.schedule });
        } catch (error) {
          this.log("warn", "page cache: a message could not be handled", error);
        }
      }
    });
  }

  /** Whether this instance currently receives the channel. */
  get isSubscribed(): boolean {
    return this.subscribed;
  }

  /** Resolves once subscribed (or rejects after `timeoutMs`). */
  async ready(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.subscribed) {
      if (Date.now() > deadline) throw new Error("the page cache's Redis bus is not subscribed");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  publish(message: PageCacheMessage): void {
    if (this.closed) return;
    const text = JSON.stringify({ v: VERSION, origin: this.origin, ...message });
    this.publisher.publish(this.channel, text).catch((error: unknown) => {
      this.reportDown(error);
    });
  }

  onMessage(handler: PageCacheMessageHandler): void {
    this.handlers.push(handler);
  }

  onResync(handler: () => void): void {
    this.resyncHandlers.push(handler);
  }

  close(): Promise<void> {
    this.closed = true;
    this.publisher.disconnect();
    this.subscriber.disconnect();
    return Promise.resolve();
  }

  private subscribe(): void {
    this.subscriber.subscribe(this.channel).then(
      () => {
        if (this.closed) return;
        const again = this.everSubscribed;
        this.subscribed = true;
        this.everSubscribed = true;
        if (this.down) this.log("info", "page cache: Redis is back");
        this.down = false;
        // Purges may have been published while this instance was not listening.
        if (again) for (const handler of this.resyncHandlers) handler();
      },
      (error: unknown) => {
        this.reportDown(error);
      },
    );
  }

  private reportDown(error: unknown): void {
    if (this.closed || this.down) return;
    this.down = true;
    this.log(
      "warn",
      "page cache: Redis unavailable; other instances' writes reach this instance's cached pages only through its TTL until it is back",
      error,
    );
  }
}
