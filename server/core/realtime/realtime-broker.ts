/**
 * The realtime broker: the SSE clients of this instance, their subscriptions and auth
 * (PocketBase's `/api/realtime` rules), connection caps, and the delivery of committed record
 * changes to them, one change at a time in commit order.
 *
 * Changes reach the broker through a fan-out (in process, or Redis with several instances);
 * every instance authorises and presents each change for its own clients only.
 */
import { SUPERUSERS_COLLECTION_ID } from "../../data/registry/collections.ts";
import { devicesCollection } from "../../data/registry/devices.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import { badRequest, CoreError, fieldError, type FieldErrors } from "../errors.ts";
import type { RecordChange } from "../records/record-events.ts";
import { rowToRecord, type RecordService } from "../records/record-service.ts";
import type { AuthInfo } from "../records/request-info.ts";
import { RecordDelivery, type RecordEncoder } from "./record-delivery.ts";
import {
  RealtimeClient,
  type ClientLimits,
  type CloseReason,
  type RealtimeSink,
} from "./realtime-client.ts";
import {
  MAX_SUBSCRIPTION_LENGTH,
  MAX_SUBSCRIPTIONS,
} from "../../tools/subscriptions/subscriptions.ts";

/** Longest client id accepted in a subscription request (PocketBase's form rule). */
export const MAX_CLIENT_ID_LENGTH = 255;
/** Changes waiting for delivery before the broker gives up and asks every client to resync. */
export const MAX_PENDING_CHANGES = 10_000;
/** The topic of the OAuth2 popup flow. */
export const OAUTH2_TOPIC = "@oauth2";

/** Limits of the realtime broker and its clients. */
export interface RealtimeLimits extends ClientLimits {
  /** Most clients connected to this instance; more get a 503. */
  maxClients: number;
  /** Most clients connected from one IP; more get a 429. */
  maxClientsPerIp: number;
}

/**
 * Defaults: heartbeat 25 s (below common proxy idle timeouts), PocketBase's 5 min idle
 * timeout (here: without any subscription) and 30 min maximum lifetime, 1000 messages or
 * 1 MiB waiting per slow reader, a stream stuck for 60 s is dropped.
 */
export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  heartbeatMs: 25_000,
  idleTimeoutMs: 5 * 60_000,
  maxLifetimeMs: 30 * 60_000,
  maxQueuedMessages: 1000,
  maxQueuedBytes: 1024 * 1024,
  stallTimeoutMs: 60_000,
  retryMs: 1000,
  maxClients: 20_000,
  maxClientsPerIp: 500,
};

/** Where the broker reports problems (the HTTP logger in production). */
export type RealtimeLog = (
  level: "info" | "warn" | "error",
  message: string,
  error?: unknown,
) => void;

/** A request for a client of another instance (forwarded by the Redis fan-out). */
export type RemoteRequest =
  | {
      kind: "subscribe";
      clientId: string;
      subscriptions: string[];
      ip: string;
      /** The verified auth record of the request (and its token's device), or null. */
      auth: { collectionId: string; id: string; device?: string | undefined } | null;
    }
  | ({ kind: "oauth2"; ip: string } & OAuth2RedirectData);

/** The answer of the instance holding the client: an HTTP-like status and message. */
export interface RemoteResult {
  status: number;
  message: string;
}

/** Reaches the other instances' clients (the Redis fan-out). */
export interface RemoteClients {
  /** The holder's answer, or null when no instance holds the client. */
  call(request: RemoteRequest): Promise<RemoteResult | null>;
}

/** What `/api/oauth2-redirect` received from the provider. */
export interface OAuth2RedirectData {
  state: string;
  code: string;
  error: string;
}

function sameAuth(a: AuthInfo | null, b: AuthInfo | null): boolean {
  if (!a || !b) return a === b;
  return a.record.id === b.record.id && a.collection.id === b.collection.id;
}

/** Length in code points, as Go's ozzo-validation counts runes. */
function runeLength(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** The realtime clients of this instance and the delivery of record changes to them. */
export class RealtimeBroker {
  readonly limits: RealtimeLimits;
  private readonly clients = new Map<string, RealtimeClient>();
  private readonly perIp = new Map<string, number>();
  private readonly records: RecordService;
  private readonly delivery: RecordDelivery;
  private readonly log: RealtimeLog;
  /** Other instances' clients (set by the Redis fan-out); null with one instance. */
  remote: RemoteClients | null = null;
  private chain: Promise<void> = Promise.resolve();
  private pendingChanges = 0;
  private overflowed = false;

  constructor(
    records: RecordService,
    options: { limits?: Partial<RealtimeLimits>; log?: RealtimeLog } = {},
  ) {
    this.records = records;
    this.limits = { ...DEFAULT_REALTIME_LIMITS, ...options.limits };
    this.log = options.log ?? (() => undefined);
    this.delivery = new RecordDelivery(records, (error, message) => {
      this.log("error", message, error);
    });
  }

  /** The JSON encoder of records; the HTTP layer installs the one REST answers use. */
  set encoder(encoder: RecordEncoder) {
    this.delivery.encoder = encoder;
  }

  get encoder(): RecordEncoder {
    return this.delivery.encoder;
  }

  /** Number of connected clients. */
  get size(): number {
    return this.clients.size;
  }

  /** A connected client by id. */
  client(id: string): RealtimeClient | undefined {
    return this.clients.get(id);
  }

  /**
   * Registers a new client streaming to `sink` and sends it `PB_CONNECT`. Throws a 503 when
   * the instance is full and a 429 when its IP has too many streams open.
   */
  connect(ip: string, sink: RealtimeSink): RealtimeClient {
    this.admit(ip);
    const client = new RealtimeClient(ip, sink, this.limits, (c, reason) => {
      this.forget(c, reason);
    });
    this.clients.set(client.id, client);
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    client.connect();
    return client;
  }

  /** Throws when a new stream from `ip` would exceed a cap. */
  admit(ip: string): void {
    if (this.clients.size >= this.limits.maxClients) {
      throw new CoreError(503, "Too many realtime connections, please try again later.");
    }
    if ((this.perIp.get(ip) ?? 0) >= this.limits.maxClientsPerIp) {
      throw new CoreError(429, "Too Many Requests.");
    }
  }

  private forget(client: RealtimeClient, _reason: CloseReason): void {
    if (this.clients.get(client.id) !== client) return;
    this.clients.delete(client.id);
    const n = (this.perIp.get(client.ip) ?? 1) - 1;
    if (n > 0) this.perIp.set(client.ip, n);
    else this.perIp.delete(client.ip);
  }

  /**
   * `POST /api/realtime`: replaces a client's subscriptions and sets its auth, with
   * PocketBase's validation (400 with field errors), unknown client (404), another IP (400)
   * and auth change (403: only guest → auth and same-auth requests are allowed). A client held
   * by another instance is reached through `remote` (so no sticky sessions are needed).
   */
  async setSubscriptions(
    input: { clientId: string; subscriptions: readonly string[] },
    ip: string,
    auth: AuthInfo | null,
  ): Promise<void> {
    const errors: FieldErrors = {};
    const { clientId, subscriptions } = input;
    if (clientId === "") {
      errors.clientId = fieldError("validation_required", "Cannot be blank.");
    } else if (runeLength(clientId) > MAX_CLIENT_ID_LENGTH) {
      errors.clientId = fieldError(
        "validation_length_out_of_range",
        "The length must be between {min} and {max}.",
        { max: MAX_CLIENT_ID_LENGTH, min: 1 },
      );
    }
    if (subscriptions.length > MAX_SUBSCRIPTIONS) {
      errors.subscriptions = fieldError(
        "validation_length_too_long",
        "The length must be no more than {max}.",
        { max: MAX_SUBSCRIPTIONS, min: 0 },
      );
    } else {
      const each: FieldErrors = {};
      subscriptions.forEach((s, i) => {
        if (runeLength(s) > MAX_SUBSCRIPTION_LENGTH) {
          each[String(i)] = fieldError(
            "validation_length_too_long",
            "The length must be no more than {max}.",
            { max: MAX_SUBSCRIPTION_LENGTH, min: 0 },
          );
        } else if (/[\r\n]/.test(s)) {
          // SECURITY: a line break would end the SSE `event:` line and forge fields.
          each[String(i)] = fieldError("validation_match_invalid", "Must be in a valid format.");
        }
      });
      if (Object.keys(each).length) errors.subscriptions = each;
    }
    if (Object.keys(errors).length) throw badRequest(undefined, errors);

    const client = this.clients.get(clientId);
    if (!client && this.remote) {
      const result = await this.remote.call({
        kind: "subscribe",
        clientId,
        subscriptions: [...subscriptions],
        ip,
        auth: auth
          ? { collectionId: auth.collection.id, id: String(auth.record.id), device: auth.device }
          : null,
      });
      if (result) {
        if (result.status >= 400) throw new CoreError(result.status, result.message);
        return;
      }
    }
    const outcome = this.subscribeLocal(client, subscriptions, ip, auth);
    if (outcome.status >= 400) throw new CoreError(outcome.status, outcome.message);
  }

  private subscribeLocal(
    client: RealtimeClient | undefined,
    subscriptions: readonly string[],
    ip: string,
    auth: AuthInfo | null,
  ): RemoteResult {
    if (!client || client.closed) return { status: 404, message: "Missing or invalid client id." };
    if (client.ip !== ip) return { status: 400, message: "Invalid realtime client." };
    if (client.auth && !sameAuth(client.auth, auth)) {
      return {
        status: 403,
        message: "The current and the previous request authorization don't match.",
      };
    }
    client.auth = auth;
    client.setSubscriptions(subscriptions);
    return { status: 204, message: "" };
  }

  /**
   * `/api/oauth2-redirect`: sends `{state, code, error?}` to the client whose id is the state,
   * if it is open, subscribed to `@oauth2` and connected from the same IP, then unsubscribes
   * it; a client held by another instance is reached through `remote`. True when the login may
   * go on (a client got the code and there was no error).
   */
  async oauth2Redirect(data: OAuth2RedirectData, ip: string): Promise<boolean> {
    if (!data.state) return false;
    const client = this.clients.get(data.state);
    if (!client && this.remote) {
      const result = await this.remote.call({ kind: "oauth2", ...data, ip });
      return result?.status === 204;
    }
    return this.oauth2Local(client, data, ip).status === 204;
  }

  private oauth2Local(
    client: RealtimeClient | undefined,
    data: OAuth2RedirectData,
    ip: string,
  ): RemoteResult {
    if (!client || client.closed || client.ip !== ip || !client.subscriptions.has(OAUTH2_TOPIC)) {
      return { status: 400, message: "Invalid OAuth2 redirect." };
    }
    const message: Record<string, string> = { state: data.state, code: data.code };
    if (data.error) message.error = data.error;
    client.send(OAUTH2_TOPIC, this.delivery.encoder.json(message));
    client.unsubscribe(OAUTH2_TOPIC);
    return data.error === "" && data.code !== ""
      ? { status: 204, message: "" }
      : { status: 400, message: "OAuth2 login failed." };
  }

  /**
   * Answers a request another instance forwarded for a client of this one; null when this
   * instance does not hold the client.
   */
  async handleRemote(request: RemoteRequest): Promise<RemoteResult | null> {
    if (request.kind === "oauth2") {
      const client = this.clients.get(request.state);
      return client ? this.oauth2Local(client, request, request.ip) : null;
    }
    const client = this.clients.get(request.clientId);
    if (!client) return null;
    let auth: AuthInfo | null = null;
    if (request.auth) {
      // The forwarding instance verified the token; the record is read here, fresh.
      const collection = findCollection(request.auth.collectionId);
      const row =
        collection && collection.id === request.auth.collectionId
          ? await this.records.findById(collection, request.auth.id)
          : undefined;
      if (!collection || !row) return { status: 404, message: "Missing or invalid client id." };
      auth = {
        collection,
        record: rowToRecord(collection, row),
        isSuperuser: collection.id === SUPERUSERS_COLLECTION_ID,
        device: request.auth.device,
      };
    }
    return this.subscribeLocal(client, request.subscriptions, request.ip, auth);
  }

  /**
   * Queues a committed change for delivery. Changes are delivered one at a time in the order
   * they were queued; a backlog over `MAX_PENDING_CHANGES` is dropped and every client is
   * asked to resync instead (a fresh `PB_CONNECT`: the SDK resubscribes, pages refetch).
   */
  enqueue(change: RecordChange): void {
    if (this.clients.size === 0) return;
    if (this.pendingChanges >= MAX_PENDING_CHANGES) {
      if (!this.overflowed) {
        this.overflowed = true;
        this.log("warn", "realtime: too many pending changes; clients will resync");
        this.chain = this.chain.then(() => {
          this.overflowed = false;
          this.resync();
        });
      }
      return;
    }
    this.pendingChanges += 1;
    this.chain = this.chain.then(async () => {
      try {
        await this.dispatch(change);
      } catch (error) {
        this.log("error", "realtime: delivering a record change failed", error);
      } finally {
        this.pendingChanges -= 1;
      }
    });
  }

  /** Resolves once every change queued so far has been delivered. */
  settled(): Promise<void> {
    return this.chain;
  }

  /** Sends every client a fresh `PB_CONNECT` (after events may have been lost). */
  resync(): void {
    for (const client of [...this.clients.values()]) client.connect();
  }

  /** Closes every client (server shutdown). */
  closeAll(reason: CloseReason = "shutdown"): void {
    for (const client of [...this.clients.values()]) client.close(reason);
  }

  private async dispatch(change: RecordChange): Promise<void> {
    await this.refreshAuth(change);
    const clients = [...this.clients.values()];
    if (clients.length === 0) return;
    const messages = await this.delivery.messages(change, clients);
    for (const m of messages) m.client.send(m.name, m.data);
  }

  /**
   * Keeps clients' auth current, as PocketBase does: an updated auth record replaces the
   * cached one; a new token key (password or email change), a deleted record or the deleted
   * device of its token (signed out, ADR 053) makes the client a guest.
   */
  private async refreshAuth(change: RecordChange): Promise<void> {
    const { collection, id, action } = change;
    if (collection.id === devicesCollection.id && action === "delete") {
      for (const client of this.clients.values())
        if (client.auth?.device === id) client.auth = null;
      return;
    }
    if (collection.type !== "auth" || action === "create") return;
    const affected = [...this.clients.values()].filter(
      (c) => c.auth && c.auth.collection.id === collection.id && c.auth.record.id === id,
    );
    if (affected.length === 0) return;
    const row = action === "delete" ? undefined : await this.records.findById(collection, id);
    const record = row ? rowToRecord(collection, row) : null;
    for (const client of affected) {
      const auth = client.auth;
      if (!auth) continue;
      if (!record || record.tokenKey !== auth.record.tokenKey) client.auth = null;
      else client.auth = { ...auth, record };
    }
  }
}
