/**
 * The bus of several instances (`REDIS_URL`): Redis pub/sub on the instance's two shared
 * connections (`tools/redis`): `PUBLISH` on the commands connection, every channel of every
 * subscription on the one subscriber connection. A channel `name` is `<prefix><name>` in
 * Redis (`REDIS_PREFIX`, so deployments and test runs sharing a Redis never mix).
 *
 * A subscription is active once its channels are subscribed on the current connection. When
 * the connection drops, every active subscription is told (`onInactive`); when it is back the
 * bus subscribes every channel again and tells each subscription `onActive(true)`: messages
 * published meanwhile were missed (pub/sub keeps nothing).
 */
import type { Redis } from "ioredis";
import type { RedisConnections } from "../redis/index.ts";
import {
  guarded,
  serializeMessage,
  type Bus,
  type BusHandler,
  type BusLog,
  type BusSubscription,
  type SubscribeOptions,
} from "./bus.ts";

/** A subscription of the Redis bus. */
class RedisSubscription implements BusSubscription {
  active = false;
  closed = false;
  /** The connection generation the subscription was last activated on (-1: none). */
  generation = -1;
  everActive = false;
  readonly channels: ReadonlySet<string>;
  readonly handler: BusHandler;
  readonly options: SubscribeOptions;
  private readonly remove: (subscription: RedisSubscription) => void;

  constructor(
    channels: ReadonlySet<string>,
    handler: BusHandler,
    options: SubscribeOptions,
    remove: (subscription: RedisSubscription) => void,
  ) {
    this.channels = channels;
    this.handler = handler;
    this.options = options;
    this.remove = remove;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.active = false;
    this.remove(this);
  }
}

/** Options of {@link RedisBus}. */
export interface RedisBusOptions {
  connections: RedisConnections;
  /** Prepended to every channel name in Redis (`REDIS_PREFIX`). */
  prefix: string;
  log?: BusLog;
}

/** Several instances' bus (see the module comment). */
export class RedisBus implements Bus {
  readonly shared = true;
  private readonly connections: RedisConnections;
  private readonly subscriber: Redis;
  private readonly prefix: string;
  private readonly log: BusLog;
  private readonly subscriptions = new Set<RedisSubscription>();
  /** Counts the subscriber connection's (re)connections: stale replies are ignored. */
  private generation = 0;
  private connected = false;
  private closed = false;
  private readonly onReady = () => {
    this.ready();
  };
  private readonly onClose = () => {
    this.lost();
  };
  private readonly onMessage = (channel: string, text: string) => {
    this.receive(channel, text);
  };

  constructor(options: RedisBusOptions) {
    this.connections = options.connections;
    this.prefix = options.prefix;
    this.log = options.log ?? (() => undefined);
    const subscriber = this.connections.subscriber;
    this.subscriber = subscriber;
    subscriber.on("ready", this.onReady);
    subscriber.on("close", this.onClose);
    subscriber.on("message", this.onMessage);
    if (subscriber.status === "ready") this.ready();
  }

  /** The channel's name in Redis. */
  channelName(channel: string): string {
    return this.prefix + channel;
  }

  async publish(channel: string, message: unknown): Promise<number> {
    if (this.closed) return 0;
    const text = serializeMessage(message);
    // A starting instance waits briefly for its first connection; later, no waiting at all.
    await this.connections.connected();
    return this.connections.commands.publish(this.channelName(channel), text);
  }

  subscribe(
    channels: string | readonly string[],
    handler: BusHandler,
    options: SubscribeOptions = {},
  ): BusSubscription {
    const names = new Set(typeof channels === "string" ? [channels] : channels);
    const subscription = new RedisSubscription(names, handler, options, (s) => {
      this.unsubscribe(s);
    });
    if (this.closed) {
      subscription.closed = true;
      return subscription;
    }
    this.subscriptions.add(subscription);
    if (this.connected) this.listen([subscription]);
    return subscription;
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    for (const subscription of [...this.subscriptions]) subscription.close();
    this.subscriber.off("ready", this.onReady);
    this.subscriber.off("close", this.onClose);
    this.subscriber.off("message", this.onMessage);
    return Promise.resolve();
  }

  /** The subscriber connection is (again) ready: subscribe every channel on it. */
  private ready(): void {
    if (this.closed) return;
    this.connected = true;
    this.generation += 1;
    this.listen([...this.subscriptions]);
  }

  /** Subscribes the channels of `subscriptions`, then activates them (same connection only). */
  private listen(subscriptions: RedisSubscription[]): void {
    const channels = new Set<string>();
    for (const subscription of subscriptions) {
      for (const channel of subscription.channels) channels.add(this.channelName(channel));
    }
    if (channels.size === 0) return;
    const generation = this.generation;
    this.subscriber.subscribe(...channels).then(
      () => {
        if (this.closed || generation !== this.generation) return;
        for (const subscription of subscriptions) this.activate(subscription, generation);
      },
      () => {
        // The connection dropped meanwhile: its next "ready" subscribes again.
      },
    );
  }

  private activate(subscription: RedisSubscription, generation: number): void {
    if (subscription.closed || subscription.generation === generation) return;
    subscription.generation = generation;
    const again = subscription.everActive;
    subscription.everActive = true;
    subscription.active = true;
    const { onActive } = subscription.options;
    if (onActive)
      guarded(this.log, "a subscription's start", () => {
        onActive(again);
      });
  }

  /** The subscriber connection closed: every active subscription stops receiving. */
  private lost(): void {
    if (this.closed) return;
    this.connected = false;
    this.generation += 1;
    const error = new Error("Redis subscription connection closed");
    for (const subscription of this.subscriptions) {
      if (!subscription.active) continue;
      subscription.active = false;
      const { onInactive } = subscription.options;
      if (onInactive)
        guarded(this.log, "a subscription's stop", () => {
          onInactive(error);
        });
    }
  }

  private unsubscribe(subscription: RedisSubscription): void {
    this.subscriptions.delete(subscription);
    if (!this.connected || this.closed) return;
    const unused = [...subscription.channels].filter(
      (channel) => ![...this.subscriptions].some((other) => other.channels.has(channel)),
    );
    if (unused.length === 0) return;
    this.subscriber.unsubscribe(...unused.map((channel) => this.channelName(channel))).catch(() => {
      // Gone with the connection anyway.
    });
  }

  private receive(wireChannel: string, text: string): void {
    if (this.closed || !wireChannel.startsWith(this.prefix)) return;
    const channel = wireChannel.slice(this.prefix.length);
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      // SECURITY: any Redis peer may publish; garbage is dropped (B26).
      this.log("warn", `bus: ignored a malformed message (not JSON) on ${wireChannel}`);
      return;
    }
    for (const subscription of [...this.subscriptions]) {
      if (!subscription.channels.has(channel)) continue;
      guarded(this.log, `a handler of ${channel}`, () => {
        subscription.handler(message, channel);
      });
    }
  }
}
