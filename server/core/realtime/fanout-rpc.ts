/**
 * Requests forwarded between instances over the bus (ADR 057). Without sticky sessions, a subscription
 * request or an OAuth2 redirect may reach an instance that does not hold the SSE client it
 * names: that instance publishes the request on the RPC channel, every other instance answers
 * on the asker's reply channel (the one holding the client with its result, the others with
 * "not mine"), and the call settles on the first result, once every other instance said "not
 * mine", or after {@link RPC_TIMEOUT_MS}.
 */
import type { ChangeReceiver } from "./change-receiver.ts";
import {
  MESSAGE_VERSION,
  readRpcReply,
  readRpcRequest,
  rpcReply,
  type RpcRequest,
} from "./fanout-messages.ts";
import type { RealtimeLog, RemoteRequest, RemoteResult } from "./realtime-broker.ts";

/** How long a forwarded request waits for the instance holding the client (ms). */
export const RPC_TIMEOUT_MS = 3000;

/** Publishes `message` on the bus's `channel`; resolves with how many instances received it. */
export type Publish = (channel: string, message: unknown) => Promise<number>;

/** Options of {@link RemoteCalls}. */
export interface RemoteCallsOptions {
  /** This instance's id (its reply channel's suffix). */
  origin: string;
  publish: Publish;
  /** Answers the requests of other instances. */
  broker: Pick<ChangeReceiver, "handleRemote">;
  log: RealtimeLog;
  /** Told when a publish fails (Redis is down). */
  reportDown: (error: unknown) => void;
}

/** A call waiting for the instance that holds the client. */
interface PendingCall {
  /** Negative answers received ("not mine"). */
  replies: number;
  /** Instances that received the request, besides this one (-1 until known). */
  expected: number;
  finish(result: RemoteResult | null): void;
}

/** The bus channel of forwarded requests (`<REDIS_PREFIX>realtime:rpc` in Redis). */
export const RPC_CHANNEL = "realtime:rpc";

/** The name of the bus channel on which `origin` receives replies. */
function replyChannel(origin: string): string {
  return `realtime:reply:${origin}`;
}

/** This instance's forwarded calls, and its answers to the others'. */
export class RemoteCalls {
  /** Requests for clients of other instances. */
  readonly requestChannel: string;
  /** Replies to this instance's requests. */
  readonly replyChannel: string;
  private readonly options: RemoteCallsOptions;
  private readonly calls = new Map<string, PendingCall>();
  private seq = 0;

  constructor(options: RemoteCallsOptions) {
    this.options = options;
    this.requestChannel = RPC_CHANNEL;
    this.replyChannel = replyChannel(options.origin);
  }

  /**
   * Forwards a request to the other instances; resolves with the answer of the one holding
   * the client, or null once every other instance said it does not (or after a timeout).
   */
  call(request: RemoteRequest): Promise<RemoteResult | null> {
    const { origin } = this.options;
    this.seq += 1;
    const id = `${origin}.${String(this.seq)}`;
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
      const message: RpcRequest = { v: MESSAGE_VERSION, id, origin, request };
      this.options.publish(this.requestChannel, message).then(
        (receivers) => {
          // The bus counts the instances that got it, this one included.
          call.expected = receivers - 1;
          if (call.replies >= call.expected) call.finish(null);
        },
        (error: unknown) => {
          this.options.reportDown(error);
          call.finish(null);
        },
      );
    });
  }

  /** Answers another instance's request (every instance answers, "not mine" included). */
  answer(value: unknown): void {
    const { log, reportDown, broker, publish, origin } = this.options;
    const message = readRpcRequest(value);
    if (!message) {
      log("warn", "realtime: ignored a malformed fan-out request");
      return;
    }
    if (message.origin === origin) return;
    broker
      .handleRemote(message.request)
      .catch((error: unknown) => {
        log("error", "realtime: a forwarded request failed", error);
        return null;
      })
      .then((result) => publish(replyChannel(message.origin), rpcReply(message.id, result)))
      .catch((error: unknown) => {
        reportDown(error);
      });
  }

  /** Counts a reply to one of this instance's calls, settling the call when it can. */
  receiveReply(value: unknown): void {
    const reply = readRpcReply(value);
    const call = reply ? this.calls.get(reply.id) : undefined;
    if (!reply || !call) return;
    if (reply.result) {
      call.finish(reply.result);
      return;
    }
    call.replies += 1;
    if (call.expected >= 0 && call.replies >= call.expected) call.finish(null);
  }

  /** Settles every waiting call with null (the fan-out is closing). */
  cancelAll(): void {
    for (const call of [...this.calls.values()]) call.finish(null);
  }
}
