/**
 * One realtime (SSE) client: its id, IP, auth and subscriptions, and the writer of its event
 * stream. Writes respect backpressure: while the stream refuses more (`write()` returned
 * false) messages wait in a bounded queue; a client whose queue overflows, or whose stream
 * stays stuck, is cut off (it reconnects and refetches) instead of growing memory.
 *
 * Timers: a heartbeat comment keeps proxies from closing quiet streams; a client without any
 * subscription is closed after the idle timeout; every client is closed at its maximum
 * lifetime. Closing clears every timer and listener, once.
 */
import { randomBytes } from "node:crypto";
import type { AuthInfo } from "../records/request-info.ts";
import {
  parseSubscriptionOptions,
  type SubscriptionOptions,
} from "../../tools/subscriptions/subscriptions.ts";

/** Length of a client id (PocketBase's `security.RandomString(40)`). */
export const CLIENT_ID_LENGTH = 40;
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Where a client's stream goes (an HTTP response in production, an array in unit tests). */
export interface RealtimeSink {
  /** Writes a chunk; false when the stream wants the writer to wait for `drain`. */
  write(chunk: string): boolean;
  /** Calls `listener` once at the next drain; returns the function that removes it. */
  onceDrain(listener: () => void): () => void;
  /** Ends the stream gracefully (what was written is still delivered). */
  end(): void;
  /** Drops the connection at once (for a client that does not read). */
  destroy(): void;
}

/** Timing and memory limits of a client. */
export interface ClientLimits {
  /** A heartbeat comment is written after this long (ms). */
  heartbeatMs: number;
  /** A client without subscriptions is closed after this long (ms). */
  idleTimeoutMs: number;
  /** Every client is closed after this long (ms). */
  maxLifetimeMs: number;
  /** Most messages waiting for a slow reader. */
  maxQueuedMessages: number;
  /** Most bytes waiting for a slow reader. */
  maxQueuedBytes: number;
  /** A stream that has not drained for this long is considered dead (ms). */
  stallTimeoutMs: number;
  /** The `retry:` hint sent with `PB_CONNECT` (ms, before jitter). */
  retryMs: number;
}

/** Why a client was closed. */
export type CloseReason =
  "disconnected" | "idle" | "lifetime" | "overflow" | "stalled" | "shutdown" | "error";

/** A random client id of 40 characters `[a-zA-Z0-9]`. */
export function randomClientId(): string {
  const bytes = randomBytes(CLIENT_ID_LENGTH * 2);
  let id = "";
  // Rejection sampling keeps the alphabet uniform (248 = 4 × 62).
  for (const b of bytes) {
    if (b >= 248) continue;
    id += ID_ALPHABET.charAt(b % ID_ALPHABET.length);
    if (id.length === CLIENT_ID_LENGTH) return id;
  }
  return id + randomClientId().slice(id.length);
}

/** One connected SSE client. */
export class RealtimeClient {
  readonly id: string;
  /** The IP the stream was opened from; subscriptions are accepted from it only. */
  readonly ip: string;
  /** The auth set by the last subscription request (null = guest). */
  auth: AuthInfo | null = null;
  /** Subscriptions by their full string (the event name), with their parsed options. */
  readonly subscriptions = new Map<string, SubscriptionOptions>();

  private readonly sink: RealtimeSink;
  private readonly limits: ClientLimits;
  private readonly onClose: (client: RealtimeClient, reason: CloseReason) => void;
  private readonly queue: string[] = [];
  private queuedBytes = 0;
  /** Since when the sink has refused writes (0 = it accepts them). */
  private blockedSince = 0;
  private removeDrain: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private lifetimeTimer: NodeJS.Timeout | null = null;
  private closedReason: CloseReason | null = null;

  constructor(
    ip: string,
    sink: RealtimeSink,
    limits: ClientLimits,
    onClose: (client: RealtimeClient, reason: CloseReason) => void,
    id = randomClientId(),
  ) {
    this.id = id;
    this.ip = ip;
    this.sink = sink;
    this.limits = limits;
    this.onClose = onClose;
    this.heartbeat = setInterval(() => {
      this.beat();
    }, limits.heartbeatMs);
    this.lifetimeTimer = setTimeout(() => {
      this.close("lifetime");
    }, limits.maxLifetimeMs);
    this.armIdle();
  }

  /** Whether the client was closed (it receives nothing more). */
  get closed(): boolean {
    return this.closedReason !== null;
  }

  /** Why the client was closed, or null while it is open. */
  get closeReason(): CloseReason | null {
    return this.closedReason;
  }

  /** Messages waiting for the stream (for tests and metrics). */
  get pending(): { messages: number; bytes: number } {
    return { messages: this.queue.length, bytes: this.queuedBytes };
  }

  /** Sends `PB_CONNECT` with the client id (and a `retry:` hint with jitter). */
  connect(): void {
    const retry = this.limits.retryMs + Math.floor(Math.random() * this.limits.retryMs);
    this.push(
      `id:${this.id}\nevent:PB_CONNECT\nretry:${retry}\ndata:{"clientId":"${this.id}"}\n\n`,
    );
  }

  /** Queues one event; `data` is one line of JSON. False when the client is (now) closed. */
  send(name: string, data: string): boolean {
    return this.push(`id:${this.id}\nevent:${name}\ndata:${data}\n\n`);
  }

  /** Replaces every subscription (empty strings are skipped, as PocketBase does). */
  setSubscriptions(subscriptions: readonly string[]): void {
    this.subscriptions.clear();
    for (const s of subscriptions) {
      if (s !== "") this.subscriptions.set(s, parseSubscriptionOptions(s));
    }
    this.armIdle();
  }

  /** Removes one subscription. */
  unsubscribe(subscription: string): void {
    this.subscriptions.delete(subscription);
    this.armIdle();
  }

  /** Closes the client: timers and listeners cleared, the stream ended (or dropped). Idempotent. */
  close(reason: CloseReason): void {
    if (this.closedReason) return;
    this.closedReason = reason;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.lifetimeTimer) clearTimeout(this.lifetimeTimer);
    this.heartbeat = this.idleTimer = this.lifetimeTimer = null;
    this.removeDrain?.();
    this.removeDrain = null;
    const blocked = this.blockedSince !== 0;
    this.queue.length = 0;
    this.queuedBytes = 0;
    try {
      // A reader that does not drain would keep the socket (and its buffers) forever.
      if (blocked || reason === "overflow" || reason === "stalled" || reason === "error") {
        this.sink.destroy();
      } else if (reason !== "disconnected") {
        this.sink.end();
      }
    } catch {
      // The stream is gone already.
    }
    this.onClose(this, reason);
  }

  /** The idle timer runs only while the client has no subscriptions. */
  private armIdle(): void {
    if (this.closedReason) return;
    if (this.subscriptions.size > 0) {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = null;
    } else if (!this.idleTimer) {
      this.idleTimer = setTimeout(() => {
        this.close("idle");
      }, this.limits.idleTimeoutMs);
    }
  }

  private beat(): void {
    if (this.blockedSince) {
      // Nothing got through for a while: the peer is gone or does not read.
      if (Date.now() - this.blockedSince >= this.limits.stallTimeoutMs) this.close("stalled");
      return;
    }
    this.push(":\n\n");
  }

  private push(chunk: string): boolean {
    if (this.closedReason) return false;
    if (this.blockedSince) {
      const bytes = Buffer.byteLength(chunk);
      if (
        this.queue.length + 1 > this.limits.maxQueuedMessages ||
        this.queuedBytes + bytes > this.limits.maxQueuedBytes
      ) {
        this.close("overflow");
        return false;
      }
      this.queue.push(chunk);
      this.queuedBytes += bytes;
      return true;
    }
    return this.write(chunk);
  }

  private write(chunk: string): boolean {
    let accepted: boolean;
    try {
      accepted = this.sink.write(chunk);
    } catch {
      this.close("error");
      return false;
    }
    if (!accepted && !this.closedReason) {
      this.blockedSince = Date.now();
      this.removeDrain = this.sink.onceDrain(() => {
        this.removeDrain = null;
        this.drain();
      });
    }
    return !this.closedReason;
  }

  private drain(): void {
    this.blockedSince = 0;
    while (this.queue.length && !this.blockedSince && !this.closedReason) {
      const chunk = this.queue.shift() as string;
      this.queuedBytes -= Buffer.byteLength(chunk);
      this.write(chunk);
    }
  }
}
