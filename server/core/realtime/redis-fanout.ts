/**
 * The Redis relay: with several instances (`REDIS_URL`), committed changes travel through one
 * Redis pub/sub channel. After commit each instance publishes the change (see
 * `fanout-messages.ts`); every instance, the publisher included, hands each message once to
 * its own broker, which re-reads and re-authorises the record for its own clients. Changes
 * from other instances are also re-emitted into the local `RecordEvents` (marked `remote`) so
 * the guest cache of every instance is invalidated. Requests for clients held by another
 * instance travel on a second channel (`fanout-rpc.ts`).
 *
 * Redis pub/sub is lossy: while the subscription is down this instance's changes are
 * delivered locally (and logged, `echo-queue.ts`), and once it is back every client gets a
 * fresh `PB_CONNECT`, so the SDK resubscribes and pages refetch what they missed.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { findCollection } from "../collections/collection-lookup.ts";
import type { RecordChange, RecordEvents } from "../records/record-events.ts";
import type { ChangeFanout, ChangeReceiver } from "./change-receiver.ts";
import { EchoQueue } from "./echo-queue.ts";
import {
  changeMessage,
  parseMessage,
  resetMessage,
  type FanoutMessage,
} from "./fanout-messages.ts";
import { RemoteCalls } from "./fanout-rpc.ts";
import type { RealtimeLog, RemoteClients, RemoteRequest, RemoteResult } from "./realtime-broker.ts";

/** Options of {@link RedisFanout}. */
export interface RedisFanoutOptions {
  /** `redis://…` or `rediss://…`. */
  url: string;
  /** Prefix of the channel names (`<prefix>realtime…`), so deployments and test runs don't mix. */
  prefix: string;
  events: RecordEvents;
  broker: ChangeReceiver;
  log: RealtimeLog;
}

/** Several instances: changes travel through one Redis pub/sub channel. */
export class RedisFanout implements ChangeFanout, RemoteClients {
  /** This instance's id in published messages. */
  readonly origin = randomBytes(8).toString("hex");
  /** The channel of changes and restores. */
  readonly channel: string;
  /** Requests for clients of other instances. */
  readonly rpcChannel: string;
  private readonly rpc: RemoteCalls;
  private readonly echoes: EchoQueue;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly events: RecordEvents;
  private readonly broker: ChangeReceiver;
  private readonly log: RealtimeLog;
  private readonly off: () => void;
  private readonly offReset: () => void;
  private seq = 0;
  private subscribed = false;
  private everSubscribed = false;
  private downLogged = false;
  private closed = false;

  constructor(options: RedisFanoutOptions) {
    this.channel = `${options.prefix}realtime`;
    this.events = options.events;
    this.broker = options.broker;
    this.log = options.log;
    const common = {
      lazyConnect: false,
      // Reconnect forever, at most every 2 s.
      retryStrategy: (times: number) => Math.min(times * 100, 2000),
    };
    // No offline queue: a publish while Redis is down fails at once (and is delivered locally).
    this.publisher = new Redis(options.url, {
      ...common,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    this.subscriber = new Redis(options.url, { ...common, autoResubscribe: false });
    this.rpc = new RemoteCalls({
      origin: this.origin,
      prefix: options.prefix,
      publish: (channel, message) => this.publisher.publish(channel, message),
      broker: options.broker,
      log: options.log,
      reportDown: (error) => {
        this.reportDown(error);
      },
    });
    this.rpcChannel = this.rpc.requestChannel;
    this.echoes = new EchoQueue((change) => {
      this.broker.enqueue(change);
    }, options.log);
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
      this.unsubscribed();
    });
    this.subscriber.on("message", (channel: string, text: string) => {
      try {
        if (channel === this.channel) this.receive(text);
        else if (channel === this.rpc.requestChannel) this.rpc.answer(text);
        else if (channel === this.rpc.replyChannel) this.rpc.receiveReply(text);
      } catch (error) {
        // SECURITY: nothing a Redis peer sends may take the process down (B26).
        this.log("error", "realtime: a fan-out message could not be handled", error);
      }
    });
    this.off = options.events.on((change) => {
      if (!change.remote) this.publish(change);
    });
    this.offReset = options.events.onReset((remote) => {
      if (remote) return;
      this.broker.resync();
      this.publishReset();
    });
    // Subscription requests and OAuth2 redirects may reach any instance (no sticky sessions).
    options.broker.remote = this;
  }

  /**
   * Forwards a request to the other instances; resolves with the answer of the one holding
   * the client, or null once every other instance said it does not (or after a timeout, or
   * at once while unsubscribed).
   */
  call(request: RemoteRequest): Promise<RemoteResult | null> {
    if (!this.subscribed || this.closed) return Promise.resolve(null);
    return this.rpc.call(request);
  }

  /** Whether this instance currently receives the channel. */
  get isSubscribed(): boolean {
    return this.subscribed;
  }

  /** Resolves once subscribed (or rejects after `timeoutMs`). */
  async ready(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.subscribed) {
      if (Date.now() > deadline) throw new Error("Redis fan-out is not subscribed");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.off();
    this.offReset();
    if (this.broker.remote === this) this.broker.remote = null;
    this.rpc.cancelAll();
    this.echoes.drop();
    this.publisher.disconnect();
    this.subscriber.disconnect();
    return Promise.resolve();
  }

  private subscribe(): void {
    this.subscriber.subscribe(this.channel, this.rpc.requestChannel, this.rpc.replyChannel).then(
      () => {
        if (this.closed) return;
        const reconnected = this.everSubscribed;
        this.subscribed = true;
        this.everSubscribed = true;
        if (this.downLogged) this.log("info", "realtime: Redis fan-out is back");
        this.downLogged = false;
        // Messages may have been missed while the subscription was down.
        if (reconnected) this.broker.resync();
      },
      (error: unknown) => {
        this.reportDown(error);
      },
    );
  }

  private unsubscribed(): void {
    if (!this.subscribed) return;
    this.subscribed = false;
    this.reportDown(new Error("Redis subscription connection closed"));
    // Their echo cannot come any more: this instance's clients get them now.
    if (!this.closed) this.echoes.releaseAll();
  }

  private reportDown(error: unknown): void {
    if (this.closed || this.downLogged) return;
    this.downLogged = true;
    this.log(
      "warn",
      "realtime: Redis fan-out unavailable; changes are delivered to this instance's clients only until it is back",
      error,
    );
  }

  private publish(change: RecordChange): void {
    this.seq += 1;
    const seq = this.seq;
    const message = changeMessage(this.origin, seq, change);
    // No echo will come while unsubscribed: deliver to this instance's clients now.
    if (this.subscribed) this.echoes.hold(seq, change);
    else this.broker.enqueue(change);
    this.publisher.publish(this.channel, JSON.stringify(message)).then(
      () => {
        if (this.downLogged && this.subscribed) {
          this.downLogged = false;
          this.log("info", "realtime: Redis fan-out is back");
        }
      },
      (error: unknown) => {
        this.reportDown(error);
        this.echoes.release(seq);
      },
    );
  }

  /**
   * Tells the other instances that this one replaced all the data (a restore). Lossy like
   * every publish: while Redis is down they keep their caches until the TTLs and periodic
   * reloads catch up (ADR 031).
   */
  private publishReset(): void {
    const message = resetMessage(this.origin);
    this.publisher.publish(this.channel, JSON.stringify(message)).catch((error: unknown) => {
      this.reportDown(error);
      this.log("warn", "realtime: other instances were not told about a restore", error);
    });
  }

  private receive(text: string): void {
    const message = parseMessage(text);
    if (!message) {
      this.log("warn", "realtime: ignored a malformed fan-out message");
      return;
    }
    if (message.action === "reset") {
      if (message.origin === this.origin) return; // Handled when it happened.
      this.events.reset(true);
      this.broker.resync();
      return;
    }
    if (message.origin === this.origin) {
      this.echoes.release(message.seq); // Nothing when already delivered locally.
      return;
    }
    const change = remoteChange(message);
    if (!change) return;
    // Other listeners (the guest cache) learn about the cluster's writes too.
    this.events.emit(change);
    this.broker.enqueue(change);
  }
}

/** The change another instance published, or null for a collection this one does not know. */
function remoteChange(message: FanoutMessage): RecordChange | null {
  const collection = findCollection(message.collection);
  if (!collection || collection.id !== message.collection) return null;
  const change: RecordChange = {
    action: message.action,
    collection,
    id: message.id,
    remote: true,
  };
  if (message.action === "delete" && message.record) change.record = message.record;
  if (message.action === "update" && message.previous) change.previous = message.previous;
  return change;
}
