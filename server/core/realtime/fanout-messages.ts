/**
 * The wire format of the fan-out between instances (on the bus, ADR 057): what one instance
 * publishes for a change, a restore or a forwarded request, and the readers that turn what
 * arrives (a parsed JSON value, or its text) back into those shapes.
 *
 * SECURITY: every message on the channels may come from any Redis peer, so each parser
 * validates the whole shape and answers `null` for anything else (B26); snapshots leave the
 * instance without password hashes and token keys.
 */
import type { RecordChange } from "../records/record-events.ts";
import {
  MAX_SUBSCRIPTION_LENGTH,
  MAX_SUBSCRIPTIONS,
} from "../../tools/subscriptions/subscriptions.ts";
import type { RemoteRequest, RemoteResult } from "./realtime-broker.ts";

/** Version of the published message shapes. */
export const MESSAGE_VERSION = 1;

/**
 * "All data was replaced" (a restore) on the wire: the other instances drop their caches and
 * ask their clients to resync.
 */
export interface ResetMessage {
  v: number;
  origin: string;
  action: "reset";
}

/** A change on the wire between instances. */
export interface FanoutMessage {
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

/** A forwarded request on the wire. */
export interface RpcRequest {
  v: number;
  /** `<origin>.<sequence>`, unique per call. */
  id: string;
  /** The asking instance (its reply channel). */
  origin: string;
  request: RemoteRequest;
}

/** An instance's answer to a forwarded request: a result, or `null` for "not my client". */
export interface RpcReply {
  id: string;
  result: RemoteResult | null;
}

const isString = (v: unknown): v is string => typeof v === "string";

/** The JSON value in `text`, or undefined when it is not valid JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `value` when it is a JSON object, else null. */
function asObject(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== "object") return null;
  return value as Record<string, unknown>;
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

/** The message `origin` publishes for its `seq`-th change, secrets left out. */
export function changeMessage(origin: string, seq: number, change: RecordChange): FanoutMessage {
  const message: FanoutMessage = {
    v: MESSAGE_VERSION,
    origin,
    seq,
    action: change.action,
    collection: change.collection.id,
    id: change.id,
  };
  const record = publishableSnapshot(change, change.record);
  if (record) message.record = record;
  const previous = publishableSnapshot(change, change.previous);
  if (previous) message.previous = previous;
  return message;
}

/** The message `origin` publishes after a restore. */
export function resetMessage(origin: string): ResetMessage {
  return { v: MESSAGE_VERSION, origin, action: "reset" };
}

/** A change or reset from the change channel, or null when the message is not well-formed. */
export function parseMessage(text: string): FanoutMessage | ResetMessage | null {
  return readMessage(parseJson(text));
}

/** {@link parseMessage} for a message the bus already parsed. */
export function readMessage(value: unknown): FanoutMessage | ResetMessage | null {
  const m = asObject(value);
  if (!m) return null;
  if (m.v === MESSAGE_VERSION && m.action === "reset" && isString(m.origin))
    return resetMessage(m.origin);
  if (
    m.v !== MESSAGE_VERSION ||
    !isString(m.origin) ||
    typeof m.seq !== "number" ||
    (m.action !== "create" && m.action !== "update" && m.action !== "delete") ||
    !isString(m.collection) ||
    !isString(m.id) ||
    (m.record !== undefined && (m.record === null || typeof m.record !== "object")) ||
    (m.previous !== undefined && (m.previous === null || typeof m.previous !== "object"))
  ) {
    return null;
  }
  return m as unknown as FanoutMessage;
}

/** A forwarded request, or null when the message is not a well-formed one. */
export function parseRpcRequest(text: string): RpcRequest | null {
  return readRpcRequest(parseJson(text));
}

/** {@link parseRpcRequest} for a message the bus already parsed. */
export function readRpcRequest(value: unknown): RpcRequest | null {
  const m = asObject(value);
  if (!m) return null;
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
        (typeof auth !== "object" ||
          !isString(auth.collectionId) ||
          !isString(auth.id) ||
          (auth.device !== undefined && !isString(auth.device))))
    ) {
      return null;
    }
  } else {
    return null;
  }
  return m as unknown as RpcRequest;
}

/** The reply answering request `id` with `result`. */
export function rpcReply(
  id: string,
  result: RemoteResult | null,
): { v: number; id: string; result: RemoteResult | null } {
  return { v: MESSAGE_VERSION, id, result };
}

/** {@link rpcReply} as text. */
export function rpcReplyMessage(id: string, result: RemoteResult | null): string {
  return JSON.stringify(rpcReply(id, result));
}

/**
 * A reply to a forwarded request, or null when it names no request. A result that is not a
 * well-formed `{status, message}` counts as "not my client".
 */
export function parseRpcReply(text: string): RpcReply | null {
  return readRpcReply(parseJson(text));
}

/** {@link parseRpcReply} for a message the bus already parsed. */
export function readRpcReply(value: unknown): RpcReply | null {
  const m = asObject(value);
  if (!m || !isString(m.id)) return null;
  const r = m.result as Partial<RemoteResult> | null | undefined;
  if (r && typeof r.status === "number" && typeof r.message === "string") {
    return { id: m.id, result: { status: r.status, message: r.message } };
  }
  return { id: m.id, result: null };
}
