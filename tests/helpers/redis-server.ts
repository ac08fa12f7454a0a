/**
 * A private `redis-server` process on a free loopback port (no persistence), for tests that
 * stop and restart Redis without touching the shared one; plus a unique key prefix for tests
 * that use the shared Redis (`REDIS_URL`, default `redis://127.0.0.1:6379`).
 *
 * @example
 * const redis = await startRedisServer();
 * // … REDIS_URL: redis.url …
 * await redis.stop();
 * await redis.start(); // same port
 * await redis.cleanup();
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { acceptsConnections, freePort, killOnExit, waitForExit } from "./child-process.ts";

/** The shared Redis of the test machines. */
export const SHARED_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** A key/channel prefix no other test run uses. */
export function uniqueRedisPrefix(): string {
  return `cahier-test-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}:`;
}

/** A private Redis server. */
export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Whether the process runs. */
  readonly running: boolean;
  /** Starts it (again) on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (SIGKILL: an abrupt outage) and waits for the exit. */
  stop(): Promise<void>;
  /** Stops it if running. Call once, in `afterAll`. */
  cleanup(): Promise<void>;
}

/** Starts `redis-server` on a free port. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) return;
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    killOnExit(started);
    started.once("exit", () => {
      if (child === started) child = null;
    });
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await acceptsConnections(port))) {
      if (Date.now() > deadline || started.exitCode !== null) {
        throw new Error(`redis-server did not start on ${port}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const stop = async () => {
    const current = child;
    if (!current) return;
    const exited = waitForExit(current);
    current.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return child !== null;
    },
    start,
    stop,
    cleanup: stop,
  };
}
