/**
 * Redis liveness for `GET /api/health` when `REDIS_URL` is in use (realtime fan-out and rate
 * limits depend on it). A dedicated connection answers `PING`; commands fail fast instead of
 * queueing while Redis is unreachable (`enableOfflineQueue: false`, a short command timeout),
 * so a health check never hangs on an outage, and the connection keeps reconnecting in the
 * background so the check turns healthy again once Redis is back.
 */
import { Redis } from "ioredis";

/** How long one `PING` may take before Redis counts as down (ms). */
const PING_TIMEOUT_MS = 1000;
/** How long the first check waits for the first connection (ms). */
const FIRST_CONNECTION_WAIT_MS = 2000;

/** Answers whether Redis replies to `PING`. */
export class RedisPing {
  private readonly redis: Redis;
  private readonly firstConnection: Promise<void>;

  /** `url`: `redis://…` or `rediss://…`; `onError` sees connection errors (for the log). */
  constructor(url: string, onError?: (error: Error) => void) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: PING_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      connectionName: "cahier-health",
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    });
    this.redis.on("error", (error: Error) => onError?.(error));
    this.firstConnection = new Promise((resolve) => {
      const settle = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(settle, FIRST_CONNECTION_WAIT_MS);
      timer.unref();
      this.redis.once("ready", settle);
      this.redis.once("error", settle);
    });
  }

  /** Resolves true when Redis answers `PING`, false on any error or timeout. */
  async ping(): Promise<boolean> {
    await this.firstConnection;
    try {
      await this.redis.ping();
      return true;
    } catch {
      return false;
    }
  }

  /** Closes the connection. */
  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
