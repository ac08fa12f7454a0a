/**
 * The bus of one instance (no `REDIS_URL`): messages go to this process's subscribers, the
 * publisher's own included, after `publish` returns (in a microtask, in publish order), as
 * JSON copies so a consumer tested here behaves the same on Redis. Nothing is ever lost, so a
 * subscription is active from the start and never interrupted.
 */
import {
  guarded,
  serializeMessage,
  type Bus,
  type BusHandler,
  type BusLog,
  type BusSubscription,
  type SubscribeOptions,
} from "./bus.ts";

/** A subscription of the local bus. */
class LocalSubscription implements BusSubscription {
  active = true;
  readonly channels: ReadonlySet<string>;
  readonly handler: BusHandler;
  private readonly remove: (subscription: LocalSubscription) => void;

  constructor(
    channels: ReadonlySet<string>,
    handler: BusHandler,
    remove: (subscription: LocalSubscription) => void,
  ) {
    this.channels = channels;
    this.handler = handler;
    this.remove = remove;
  }

  close(): void {
    if (!this.active) return;
    this.active = false;
    this.remove(this);
  }
}

/** One instance's bus (see the module comment). */
export class LocalBus implements Bus {
  readonly shared = false;
  private readonly subscriptions = new Set<LocalSubscription>();
  private readonly log: BusLog;
  private closed = false;

  constructor(options: { log?: BusLog } = {}) {
    this.log = options.log ?? (() => undefined);
  }

  publish(channel: string, message: unknown): Promise<number> {
    if (this.closed) return Promise.resolve(0);
    let text: string;
    try {
      text = serializeMessage(message);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new TypeError(String(error)));
    }
    const receivers = [...this.subscriptions].filter((s) => s.channels.has(channel));
    queueMicrotask(() => {
      for (const subscription of receivers) {
        if (!subscription.active) continue;
        const copy = JSON.parse(text) as unknown;
        guarded(this.log, `a handler of ${channel}`, () => {
          subscription.handler(copy, channel);
        });
      }
    });
    // Instances that received it, as Redis counts them: this one, when it listens.
    return Promise.resolve(receivers.length > 0 ? 1 : 0);
  }

  subscribe(
    channels: string | readonly string[],
    handler: BusHandler,
    options: SubscribeOptions = {},
  ): BusSubscription {
    const names = new Set(typeof channels === "string" ? [channels] : channels);
    const subscription = new LocalSubscription(names, handler, (s) => this.subscriptions.delete(s));
    if (this.closed) {
      subscription.active = false;
      return subscription;
    }
    this.subscriptions.add(subscription);
    const { onActive } = options;
    if (onActive) {
      queueMicrotask(() => {
        if (subscription.active)
          guarded(this.log, "a subscription's start", () => {
            onActive(false);
          });
      });
    }
    return subscription;
  }

  close(): Promise<void> {
    this.closed = true;
    for (const subscription of [...this.subscriptions]) subscription.close();
    return Promise.resolve();
  }
}
