/**
 * How committed record changes reach the realtime broker of every instance.
 *
 * - `LocalFanout` (one instance): this instance's changes go straight to its broker.
 * - `RedisFanout` (`REDIS_URL`): after commit, each instance publishes
 *   `{collection, id, action, record?, previous?}` (the row before a delete or an update) on
 *   one Redis channel; every instance, the publisher included, hands each message once to its own broker, which
 *   re-reads and re-authorises the record for its own clients. Changes from other instances
 *   are also re-emitted into the local `RecordEvents` (marked `remote`) so the guest cache of
 *   every instance is invalidated.
 *
 * Redis pub/sub is lossy: while the subscription is down this instance's changes are
 * delivered locally (and logged), and once it is back every client gets a fresh `PB_CONNECT`,
 * so the SDK resubscribes and pages refetch what they missed.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { findCollection } from "../collections/collection-lookup.ts";
import type { RecordChange, RecordEvents } from "../records/record-events.ts";
import {
  MAX_SUBSCRIPTION_LENGTH,
  MAX_SUBSCRIPTIONS,
} from "../../tools/subscriptions/subscriptions.ts";
import type { RealtimeLog, RemoteClients, RemoteRequest, RemoteResult } from "./realtime-broker.ts";

/** Version of the published message shape. */
const MESSAGE_VERSION = 1;
/** How long a forwarded request waits for the instance holding the client (ms). */
const RPC_TIMEOUT_MS = 3000;
/** An own message whose echo has not come back after this long is delivered locally (ms). */
const ECHO_TIMEOUT_MS = 5000;

/** Where a fan-out hands changes (the realtime broker). */
export interface ChangeReceiver {
  /** Queues a change for delivery to this instance's clients. */
  enqueue(change: RecordChange): void;
  /** Asks every client to resync (events may have been lost). */
  resync(): void;
  /** Other instances' clients; the Redis fan-out sets itself here. */
  remote: RemoteClients | null;
  /** Answers a request forwarded by another instance (null: not a client of this one). */
  handleRemote(request: RemoteRequest): Promise<RemoteResult | null>;
}

/** A running fan-out. */
export interface ChangeFanout {
  /** Stops relaying (and closes connections). */
  close(): Promise<void>;
}

/** One instance: changes go straight from `RecordEvents` to the broker. */
export class LocalFanout implements ChangeFanout {
  private readonly off: () => void;
  private readonly offReset: () => void;

  constructor(events: RecordEvents, broker: ChangeReceiver) {
    this.off = events.on((change) => {
      if (!change.remote) broker.enqueue(change);
    });
    // After a restore every client resyncs (a fresh PB_CONNECT: pages refetch).
    this.offReset = events.onReset(() => {
      broker.resync();
    });
  }

  close(): Promise<void> {
    this.off();
    this.offReset();
    return Promise.resolve();
  }
}

/**
 * "All data was replaced" (a restore) on the wire: the other instances drop their caches and
 * ask their clients to resync.
 */
interface ResetMessage {
  v: number;
  origin: string;
  action: "reset";
}

/** A change on the wire between instances. */
interface FanoutMessage {
  v: number;
  /** The publishing instance. */
  origin: string;
  /** Per-origin sequence number (to recognise one's own echo). */
  seq: number;
  action: RecordChange["action"];
  /** Collection id. */
  collection: string;
  id: string;
  /** Deletes: the row before the delete. */
  record?: Record<string, unknown>;
  /** Updates: the row before the update (ADR 029). */
  previous?: Record<string, unknown>;
}

/** Options of `RedisFanout`. */
export interface RedisFanoutOptions {
  /** `redis://…` or `rediss://…`. */
  url: string;
  /** Prefix of the channel name (`<prefix>realtime`), so deployments and test runs don't mix. */
  prefix: string;
  events: RecordEvents;
  broker: ChangeReceiver;
  log: RealtimeLog;
}

/**
 * A snapshot safe to publish: password hashes and token keys are never presented nor needed
 * by rules, so they do not leave the instance.
 */
function publishableSnapshot(
  change: RecordChange,
  row: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!row) return undefined;
  const out: Record<string, unknown> = {};
  for (const field of change.collection.fields) {
    if (field.type === "password" || field.name === "tokenKey") continue;
    if (field.name in row) out[field.name] = row[field.name];
  }
  return out;
}

function parseMessage(text: string): FanoutMessage | ResetMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== "object") return null;
  const m = value as Record<string, unknown>;
  if (m.v === MESSAGE_VERSION && m.action === "reset" && typeof m.origin === "string")
    return { v: MESSAGE_VERSION, origin: m.origin, action: "reset" };
  if (
    m.v !== MESSAGE_VERSION ||
    typeof m.origin !== "string" ||
    typeof m.seq !== "number" ||
    (m.action !== "create" && m.action !== "update" && m.action !== "delete") ||
    typeof m.collection !== "string" ||
    typeof m.id !== "string" ||
    (m.record !== undefined && (m.record === null || typeof m.record !== "object")) ||
    (m.previous !== undefined && (m.previous === null || typeof m.previous !== "object"))
  ) {
    return null;
  }
  return m as unknown as FanoutMessage;
}

/** A forwarded request on the wire. */
interface RpcRequest {
  v: number;
  id: string;
  origin: string;
  request: RemoteRequest;
}

/** A call waiting for the instance that holds the client. */
interface PendingCall {
  /** Negative answers received ("not mine"). */
  replies: number;
  /** Instances that received the request, besides this one (-1 until known). */
  expected: number;
  finish(result: RemoteResult | null): void;
}

const isString = (v: unknown): v is string => typeof v === "string";

/** A forwarded request, or null when the message is not a well-formed one. */
function parseRpcRequest(text: string): RpcRequest | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== "object") return null;
  const m = value as Record<string, unknown>;
  if (m.v !== MESSAGE_VERSION || !isString(m.id) || !isString(m.origin)) return null;
  if (!/^[0-9a-f]{16}$/.test(m.origin)) return null;
  const r = m.request as Record<string, unknown> | null | undefined;
  if (!r || typeof r !== "object") return null;
  if (r.kind === "oauth2") {
    if (![r.state, r.code, r.error, r.ip].every(isString)) return null;
  } else if (r.kind === "subscribe") {
    const auth = r.auth as Record<string, unknown> | null | undefined;
    if (
      !isString(r.clientId) ||
      !isString(r.ip) ||
      !Array.isArray(r.subscriptions) ||
      r.subscriptions.length > MAX_SUBSCRIPTIONS ||
      !r.subscriptions.every((s) => isString(s) && s.length <= MAX_SUBSCRIPTION_LENGTH * 2) ||
      (auth !== null &&
        (typeof auth !== "object" || !isString(auth.collectionId) || !isString(auth.id)))
    ) {
      return null;
    }
  } else {
    return null;
  }
  return m as unknown as RpcRequest;
}

/** Several instances: changes travel through one Redis pub/sub channel. */
export class RedisFanout implements ChangeFanout, RemoteClients {
  /** This instance's id in published messages. */
  readonly origin = randomBytes(8).toString("hex");
  readonly channel: string;
  /** Requests for clients of other instances. */
  readonly rpcChannel: string;
  private readonly prefix: string;
  private readonly calls = new Map<string, PendingCall>();
  private rpcSeq = 0;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly events: RecordEvents;
  private readonly broker: ChangeReceiver;
  private readonly log: RealtimeLog;
  private readonly off: () => void;
  private readonly offReset: () => void;
  /** Own messages published while subscribed, waiting for their echo. */
  private readonly awaitingEcho = new Map<
    number,
    { change: RecordChange; timer: NodeJS.Timeout }
  >();
  private seq = 0;
  private subscribed = false;
  private everSubscribed = false;
  private downLogged = false;
  private closed = false;

  constructor(options: RedisFanoutOptions) {
    this.prefix = options.prefix;
    this.channel = `${options.prefix}realtime`;
    this.rpcChannel = `${options.prefix}realtime:rpc`;
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
        else if (channel === this.rpcChannel) this.answer(text);
        else if (channel === this.replyChannel(this.origin)) this.receiveReply(text);
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

  private replyChannel(origin: string): string {
    return `${this.prefix}realtime:reply:${origin}`;
  }

  /**
   * Forwards a request to the other instances; resolves with the answer of the one holding
   * the client, or null once every other instance said it does not (or after a timeout).
   */
  call(request: RemoteRequest): Promise<RemoteResult | null> {
    if (!this.subscribed || this.closed) return Promise.resolve(null);
    this.rpcSeq += 1;
    const id = `${this.origin}.${String(this.rpcSeq)}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        call.finish(null);
      }, RPC_TIMEOUT_MS);
      const call: PendingCall = {
        replies: 0,
        expected: -1,
        finish: (result) => {
          clearTimeout(timer);
          this.calls.delete(id);
          resolve(result);
        },
      };
      this.calls.set(id, call);
      const message: RpcRequest = { v: MESSAGE_VERSION, id, origin: this.origin, request };
      this.publisher.publish(this.rpcChannel, JSON.stringify(message)).then(
        (receivers) => {
          // PUBLISH counts the subscribers that got it, this instance included.
          call.expected = receivers - 1;
          if (call.replies >= call.expected) call.finish(null);
        },
        (error: unknown) => {
          this.reportDown(error);
          call.finish(null);
        },
      );
    });
  }

  /** Answers another instance's request (every instance answers, "not mine" included). */
  private answer(text: string): void {
    const message = parseRpcRequest(text);
    if (!message) {
      this.log("warn", "realtime: ignored a malformed fan-out request");
      return;
    }
    if (message.origin === this.origin) return;
    this.broker
      .handleRemote(message.request)
      .catch((error: unknown) => {
        this.log("error", "realtime: a forwarded request failed", error);
        return null;
      })
      .then((result) =>
        this.publisher.publish(
          this.replyChannel(message.origin),
          JSON.stringify({ v: MESSAGE_VERSION, id: message.id, result }),
        ),
      )
      .catch((error: unknown) => {
        this.reportDown(error);
      });
  }

  private receiveReply(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    if (value === null || typeof value !== "object") return;
    const { id, result } = value as { id?: unknown; result?: unknown };
    const call = typeof id === "string" ? this.calls.get(id) : undefined;
    if (!call) return;
    const r = result as Partial<RemoteResult> | null | undefined;
    if (r && typeof r.status === "number" && typeof r.message === "string") {
      call.finish({ status: r.status, message: r.message });
      return;
    }
    call.replies += 1;
    if (call.expected >= 0 && call.replies >= call.expected) call.finish(null);
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
    for (const call of [...this.calls.values()]) call.finish(null);
    this.flushAwaiting();
    this.publisher.disconnect();
    this.subscriber.disconnect();
    return Promise.resolve();
  }

  private subscribe(): void {
    this.subscriber.subscribe(this.channel, this.rpcChannel, this.replyChannel(this.origin)).then(
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
    this.flushAwaiting();
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

  private flushAwaiting(): void {
    for (const [seq, entry] of this.awaitingEcho) {
      clearTimeout(entry.timer);
      this.awaitingEcho.delete(seq);
      if (!this.closed) this.broker.enqueue(entry.change);
    }
  }

  private publish(change: RecordChange): void {
    this.seq += 1;
    const seq = this.seq;
    const message: FanoutMessage = {
      v: MESSAGE_VERSION,
      origin: this.origin,
      seq,
      action: change.action,
      collection: change.collection.id,
      id: change.id,
    };
    const record = publishableSnapshot(change, change.record);
    if (record) message.record = record;
    const previous = publishableSnapshot(change, change.previous);
    if (previous) message.previous = previous;
    if (this.subscribed) {
      const timer = setTimeout(() => {
        if (this.awaitingEcho.delete(seq)) {
          this.log("warn", "realtime: no Redis echo for a change; delivered locally");
          this.broker.enqueue(change);
        }
      }, ECHO_TIMEOUT_MS);
      timer.unref();
      this.awaitingEcho.set(seq, { change, timer });
    } else {
      // No echo will come: deliver to this instance's clients now.
      this.broker.enqueue(change);
    }
    this.publisher.publish(this.channel, JSON.stringify(message)).then(
      () => {
        if (this.downLogged && this.subscribed) {
          this.downLogged = false;
          this.log("info", "realtime: Redis fan-out is back");
        }
      },
      (error: unknown) => {
        this.reportDown(error);
        const entry = this.awaitingEcho.get(seq);
        if (entry) {
          clearTimeout(entry.timer);
          this.awaitingEcho.delete(seq);
          this.broker.enqueue(change);
        }
      },
    );
  }

  /**
   * Tells the other instances that this one replaced all the data (a restore). Lossy like
   * every publish: while Redis is down they keep their caches until the TTLs and periodic
   * reloads catch up (ADR 031).
   */
  private publishReset(): void {
    const message: ResetMessage = { v: MESSAGE_VERSION, origin: this.origin, action: "reset" };
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
      const entry = this.awaitingEcho.get(message.seq);
      if (!entry) return; // Already delivered locally.
      clearTimeout(entry.timer);
      this.awaitingEcho.delete(message.seq);
      this.broker.enqueue(entry.change);
      return;
    }
    const collection = findCollection(message.collection);
    if (!collection || collection.id !== message.collection) return;
    const change: RecordChange = {
      action: message.action,
      collection,
      id: message.id,
      remote: true,
    };
    if (message.action === "delete" && message.record) change.record = message.record;
    if (message.action === "update" && message.previous) change.previous = message.previous;
    // Other listeners (the guest cache) learn about the cluster's writes too.
    this.events.emit(change);
    this.broker.enqueue(change);
  }
}
