/**
 * Redis liveness for `GET /api/health` when `REDIS_URL` is in use (the bus and rate limits
 * depend on it). `PING` goes on the instance's shared commands connection (ADR 057), which
 * fails fast instead of queueing while Redis is unreachable (no offline queue, a 1 s command
 * timeout), so a health check never hangs on an outage; the connection keeps reconnecting in
 * the background, so the check turns healthy again once Redis is back.
 */
import type { RedisCommands, RedisConnections } from "../../tools/redis/index.ts";

/** Answers whether Redis replies to `PING`. */
export class RedisPing {
  private readonly redis: RedisConnections;
  private readonly onError: (error: Error) => void;
  private listening: RedisCommands | null = null;

  /** `onError` sees the connection's errors (for the log). */
  constructor(redis: RedisConnections, onError?: (error: Error) => void) {
    this.redis = redis;
    this.onError = (error) => onError?.(error);
  }

  /** Resolves true when Redis answers `PING`, false on any error or timeout. */
  async ping(): Promise<boolean> {
    try {
      if (!this.listening) {
        this.listening = this.redis.commands;
        this.listening.on("error", this.onError);
      }
      // The first check waits for the first connection (at most 2 s).
      await this.redis.connected();
      await this.redis.commands.ping();
      return true;
    } catch {
      return false;
    }
  }

  /** Stops listening to the connection (its owner closes it). */
  close(): Promise<void> {
    this.listening?.off("error", this.onError);
    this.listening = null;
    return Promise.resolve();
  }
}
