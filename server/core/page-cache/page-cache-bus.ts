/**
 * How page-cache invalidations reach the other instances: the bus's `page-cache` channel
 * (`<REDIS_PREFIX>page-cache` in Redis, ADR 057), carrying `{v, origin, purge, settings,
 * schedule}`:
 *
 * - `purge`: a write on that instance changed what guests see; forget every page.
 * - `settings`: the settings changed there (the application name is on every page); read them
 *   again, then forget every page.
 * - `schedule`: a post's publication time may have moved; read the next one again.
 *
 * The bus delivers an instance's own messages too: the instance that decided ignores its own
 * (its `origin`). The bus is lossy: when the subscription comes back after an outage, the
 * instance forgets every page ({@link PageCacheBus.onResync}), since it may have missed
 * purges; while Redis is down, entries live at most the cache's TTL. On the in-process bus
 * (one instance) only the instance's own messages ever arrive.
 */
import { randomBytes } from "node:crypto";
import type { Bus, BusSubscription } from "../../tools/bus/index.ts";

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

/** Logs a Redis problem (throttled by the caller: once per outage). */
export type PageCacheBusLog = (level: "info" | "warn", message: string, error?: unknown) => void;

/** The bus channel of page-cache messages. */
export const PAGE_CACHE_CHANNEL = "page-cache";

const VERSION = 1;

/** Parses a message's text; null for anything malformed (never throws). */
export function parseBusMessage(text: string): (PageCacheMessage & { origin: string }) | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return readBusMessage(value);
}

/** {@link parseBusMessage} for a message the bus already parsed. */
export function readBusMessage(value: unknown): (PageCacheMessage & { origin: string }) | null {
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

/** The page cache's messages on the instance's bus (see the module comment). */
export class PageCacheChannel implements PageCacheBus {
  /** This instance's id in its messages. */
  readonly origin = randomBytes(8).toString("hex");
  private readonly bus: Bus;
  private readonly log: PageCacheBusLog;
  private readonly subscription: BusSubscription;
  private readonly handlers: PageCacheMessageHandler[] = [];
  private readonly resyncHandlers: (() => void)[] = [];
  private down = false;
  private closed = false;

  constructor(options: { bus: Bus; log: PageCacheBusLog }) {
    this.bus = options.bus;
    this.log = options.log;
    this.subscription = this.bus.subscribe(
      PAGE_CACHE_CHANNEL,
      (value) => {
        // SECURITY: nothing a Redis peer sends may take the process down.
        const message = readBusMessage(value);
        if (!message || message.origin === this.origin) return;
        for (const handler of this.handlers) {
          try {
            handler({
              purge: message.purge,
              settings: message.settings,
              schedule: message.schedule,
            });
          } catch (error) {
            this.log("warn", "page cache: a message could not be handled", error);
          }
        }
      },
      {
        onActive: (again) => {
          if (this.closed) return;
          if (this.down) this.log("info", "page cache: Redis is back");
          this.down = false;
          // Purges may have been published while this instance was not listening.
          if (again) for (const handler of this.resyncHandlers) handler();
        },
        onInactive: (error) => {
          this.reportDown(error);
        },
      },
    );
  }

  /** Whether this instance currently receives the channel. */
  get isSubscribed(): boolean {
    return this.subscription.active;
  }

  publish(message: PageCacheMessage): void {
    if (this.closed) return;
    this.bus
      .publish(PAGE_CACHE_CHANNEL, { v: VERSION, origin: this.origin, ...message })
      .catch((error: unknown) => {
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
    this.subscription.close();
    return Promise.resolve();
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
