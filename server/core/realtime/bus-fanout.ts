/**
 * The fan-out between instances: with several instances (`REDIS_URL`), committed changes
 * travel on the bus's `realtime` channel (`<REDIS_PREFIX>realtime` in Redis, ADR 057). After
 * commit each instance publishes the change (see `fanout-messages.ts`); every instance, the
 * publisher included (the bus delivers one's own messages), hands each message once to its
 * own broker, which re-reads and re-authorises the record for its own clients. Changes from
 * other instances are also re-emitted into the local `RecordEvents` (marked `remote`) so the
 * guest cache of every instance is invalidated. Requests for clients held by another instance
 * travel on the `realtime:rpc` channel (`fanout-rpc.ts`).
 *
 * The bus is lossy: while the subscription is down this instance's changes are delivered
 * locally (and logged, `echo-queue.ts`), and once it is back every client gets a fresh
 * `PB_CONNECT`, so the SDK resubscribes and pages refetch what they missed. What Redis did not
 * take from this instance is published again once it does (`publish-backlog.ts`).
 */
import { randomBytes } from "node:crypto";
import type { Bus, BusSubscription } from "../../tools/bus/index.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import type { RecordChange, RecordEvents } from "../records/record-events.ts";
import type { ChangeFanout, ChangeReceiver } from "./change-receiver.ts";
import { EchoQueue } from "./echo-queue.ts";
import { PublishBacklog } from "./publish-backlog.ts";
import { changeMessage, readMessage, resetMessage, type FanoutMessage } from "./fanout-messages.ts";
import { RemoteCalls } from "./fanout-rpc.ts";
import type { RealtimeLog, RemoteClients, RemoteRequest, RemoteResult } from "./realtime-broker.ts";

/** The bus channel of changes and restores. */
export const CHANGES_CHANNEL = "realtime";

/** Options of {@link BusFanout}. */
export interface BusFanoutOptions {
  /** The bus between instances (it must deliver this instance's own messages back). */
  bus: Bus;
  events: RecordEvents;
  broker: ChangeReceiver;
  log: RealtimeLog;
}

/** Several instances: changes travel on the bus (see the module comment). */
export class BusFanout implements ChangeFanout, RemoteClients {
  /** This instance's id in published messages. */
  readonly origin = randomBytes(8).toString("hex");
  /** The bus channel of changes and restores. */
  readonly channel = CHANGES_CHANNEL;
  /** The bus channel of requests for clients of other instances. */
  readonly rpcChannel: string;
  private readonly bus: Bus;
  private readonly rpc: RemoteCalls;
  private readonly echoes: EchoQueue;
  private readonly backlog: PublishBacklog;
  private readonly subscription: BusSubscription;
  private readonly events: RecordEvents;
  private readonly broker: ChangeReceiver;
  private readonly log: RealtimeLog;
  private readonly off: () => void;
  private readonly offReset: () => void;
  private seq = 0;
  private downLogged = false;
  private closed = false;

  constructor(options: BusFanoutOptions) {
    this.bus = options.bus;
    this.events = options.events;
    this.broker = options.broker;
    this.log = options.log;
    this.rpc = new RemoteCalls({
      origin: this.origin,
      publish: (channel, message) => this.bus.publish(channel, message),
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
    this.backlog = new PublishBacklog({
      publish: (message) => this.bus.publish(this.channel, message),
      reset: () => resetMessage(this.origin),
      log: options.log,
    });
    this.subscription = this.bus.subscribe(
      [this.channel, this.rpc.requestChannel, this.rpc.replyChannel],
      (message, channel) => {
        try {
          if (channel === this.channel) this.receive(message);
          else if (channel === this.rpc.requestChannel) this.rpc.answer(message);
          else this.rpc.receiveReply(message);
        } catch (error) {
          // SECURITY: nothing a Redis peer sends may take the process down (B26).
          this.log("error", "realtime: a fan-out message could not be handled", error);
        }
      },
      {
        onActive: (again) => {
          this.subscribed(again);
        },
        onInactive: (error) => {
          this.unsubscribed(error);
        },
      },
    );
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
    if (!this.isSubscribed) return Promise.resolve(null);
    return this.rpc.call(request);
  }

  /** Whether this instance currently receives the channels. */
  get isSubscribed(): boolean {
    return this.subscription.active && !this.closed;
  }

  /** Resolves once subscribed (or rejects after `timeoutMs`). */
  async ready(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.isSubscribed) {
      if (Date.now() > deadline) throw new Error("the realtime fan-out is not subscribed");
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.off();
    this.offReset();
    if (this.broker.remote === this) this.broker.remote = null;
    this.rpc.cancelAll();
    this.echoes.drop();
    this.backlog.close();
    this.subscription.close();
    return Promise.resolve();
  }

  private subscribed(again: boolean): void {
    if (this.closed) return;
    if (this.downLogged) this.log("info", "realtime: Redis fan-out is back");
    this.downLogged = false;
    // Messages may have been missed while the subscription was down.
    if (again) this.broker.resync();
  }

  private unsubscribed(error: Error): void {
    if (this.closed) return;
    this.reportDown(error);
    // Their echo cannot come any more: this instance's clients get them now.
    this.echoes.releaseAll();
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
    if (this.backlog.pending) {
      // Behind messages Redis has not taken yet: it waits with them; its clients here get it now.
      this.broker.enqueue(change);
      this.backlog.add(message);
      return;
    }
    // No echo will come while unsubscribed: deliver to this instance's clients now.
    if (this.isSubscribed) this.echoes.hold(seq, change);
    else this.broker.enqueue(change);
    this.bus.publish(this.channel, message).then(
      () => {
        if (this.downLogged && this.isSubscribed) {
          this.downLogged = false;
          this.log("info", "realtime: Redis fan-out is back");
        }
      },
      (error: unknown) => {
        this.reportDown(error);
        this.echoes.release(seq);
        // The other instances hear of it once Redis takes it again.
        this.backlog.add(message);
      },
    );
  }

  /**
   * Tells the other instances that this one replaced all the data (a restore). Lossy like
   * every publish: while Redis is down they keep their caches until the TTLs catch up and
   * their subscription, once back, resyncs (ADR 031, ADR 057).
   */
  private publishReset(): void {
    this.bus.publish(this.channel, resetMessage(this.origin)).catch((error: unknown) => {
      this.reportDown(error);
      this.log(
        "warn",
        "realtime: other instances will be told about a restore once Redis is back",
        error,
      );
      this.backlog.add(resetMessage(this.origin));
    });
  }

  private receive(value: unknown): void {
    const message = readMessage(value);
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
