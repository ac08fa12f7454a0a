/**
 * The one place an instance opens Redis connections (issue 24, ADR 057): at most two, each
 * made on first use and closed once with the instance.
 *
 * - **commands**: every command and every `PUBLISH`, shared by the rate-limit counters, the
 *   health check's `PING` and the bus's publisher. It fails fast instead of queueing while
 *   Redis is unreachable (no offline queue, a 1 s command timeout, no retry of a command):
 *   callers fail open (counters), report unhealthy (health) or fall back (the bus's users).
 * - **subscriber**: the bus's `SUBSCRIBE` connection, in subscriber mode; the bus subscribes
 *   again itself after a reconnection (`autoResubscribe: false`), so it knows when its
 *   channels are live again.
 *
 * Both reconnect forever in the background, at most every 2 s. Each carries a client name
 * (`CLIENT SETNAME`), `<name>:commands` and `<name>:subscriber`, so `CLIENT LIST` shows which
 * instance holds which connection.
 *
 * @example
 * const redis = new RedisConnections({ url: "redis://127.0.0.1:6379", prefix: "cahier:" });
 * await redis.connected();
 * await redis.commands.ping();
 * await redis.close();
 */
import { randomBytes } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";

/** How long the first command waits for the first connection (ms). */
export const FIRST_CONNECTION_WAIT_MS = 2000;
/** How long one command may take before it fails (ms). */
export const COMMAND_TIMEOUT_MS = 1000;

/** The commands the instance's parts send on the shared connection. */
export type RedisCommands = Pick<
  Redis,
  "publish" | "evalsha" | "eval" | "del" | "ping" | "on" | "off" | "status" | "incr" | "get"
>;

/** Which of the two connections. */
export type RedisConnectionKind = "commands" | "subscriber";

/** Options of {@link RedisConnections}. */
export interface RedisConnectionsOptions {
  /** `redis://…` or `rediss://…`. */
  url: string;
  /** The deployment's prefix (`REDIS_PREFIX`); the client name is `<prefix>instance:<random id>`. */
  prefix: string;
  /**
   * Sees every connection error, each failed reconnection attempt included (throttle before
   * logging). The parts that use a connection report their own consequences.
   */
  onError?: (error: Error, connection: RedisConnectionKind) => void;
}

/** Reconnect forever, at most every 2 s. */
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 2000);

/** This instance's two Redis connections (see the module comment). */
export class RedisConnections {
  /** This instance's client name: its connections are `<name>:commands` and `<name>:subscriber`. */
  readonly name: string;
  private readonly options: RedisConnectionsOptions;
  private commandsClient: Redis | null = null;
  private subscriberClient: Redis | null = null;
  private firstConnection: Promise<void> | null = null;
  private closing: Promise<void> | null = null;

  constructor(options: RedisConnectionsOptions) {
    this.options = options;
    this.name = `${options.prefix}instance:${randomBytes(6).toString("hex")}`;
  }

  /** The commands connection (opened on first use). */
  get commands(): RedisCommands {
    return this.commandsConnection();
  }

  /**
   * The subscriber connection (opened on first use). Only the bus uses it: a connection in
   * subscriber mode accepts no other command.
   */
  get subscriber(): Redis {
    if (this.closing) throw new Error("The Redis connections are closed");
    this.subscriberClient ??= this.open("subscriber", { autoResubscribe: false });
    return this.subscriberClient;
  }

  /**
   * Resolves once the commands connection was ready, failed or waited
   * {@link FIRST_CONNECTION_WAIT_MS} the first time (at once afterwards): the first commands
   * of a starting instance wait for Redis briefly rather than fail.
   */
  connected(): Promise<void> {
    this.commandsConnection();
    return this.firstConnection ?? Promise.resolve();
  }

  /** Closes both connections, once; later calls wait for the same close. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const commands = this.commandsClient;
      const subscriber = this.subscriberClient;
      // Nothing to flush on the subscriber: its subscriptions end with it.
      subscriber?.disconnect();
      if (commands?.status === "ready") {
        try {
          await commands.quit();
        } catch {
          commands.disconnect();
        }
      } else {
        commands?.disconnect();
      }
    })();
    return this.closing;
  }

  private commandsConnection(): Redis {
    if (this.closing) throw new Error("The Redis connections are closed");
    if (!this.commandsClient) {
      const redis = this.open("commands", {
        enableOfflineQueue: false,
        commandTimeout: COMMAND_TIMEOUT_MS,
        maxRetriesPerRequest: 0,
      });
      this.commandsClient = redis;
      this.firstConnection = new Promise<void>((resolve) => {
        const settle = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(settle, FIRST_CONNECTION_WAIT_MS);
        timer.unref();
        redis.once("ready", settle);
        redis.once("error", settle);
      });
    }
    return this.commandsClient;
  }

  private open(kind: RedisConnectionKind, options: RedisOptions): Redis {
    const redis = new Redis(this.options.url, {
      ...options,
      connectionName: `${this.name}:${kind}`,
      retryStrategy,
    });
    // Always listened to: ioredis prints unhandled connection errors otherwise.
    redis.on("error", (error: Error) => this.options.onError?.(error, kind));
    return redis;
  }
}
