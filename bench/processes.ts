/**
 * Child processes under test: each server runs in its own Node process on loopback, so the
 * load generator (in the bench process) and the server never share an event loop.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** A server's memory in bytes, after a full garbage collection (see `memory-probe.ts`). */
export interface MemorySample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** How long a server may take to answer a memory request. */
const MEMORY_TIMEOUT_MS = 30_000;

/** A server running in a child process. */
export interface ServerProcess {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The process id (memory sampling from `/proc`). */
  pid: number | undefined;
  /** CPU seconds (user + system) the process used so far; undefined where `/proc` is missing. */
  cpuSeconds: () => number | undefined;
  /**
   * The server's memory, when it was started with `memoryProbe`; rejects otherwise (or when
   * it does not answer within 30 s).
   */
  memory: () => Promise<MemorySample>;
  /** Stops the process (SIGTERM, then SIGKILL after a grace period) and waits for its exit. */
  stop: () => Promise<void>;
}

/** How long a server may take to start listening. */
const START_TIMEOUT_MS = 60_000;
/** How long a stopping server may take (CPU profiles are written on exit). */
const STOP_GRACE_MS = 15_000;

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/** User + system CPU seconds of a process, from `/proc/<pid>/stat` (Linux). */
function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${String(pid)}/stat`, "utf8");
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => {
      resolve();
    });
  });
}

/** Asks a child started with the memory probe for its memory. */
function requestMemory(child: ChildProcess, name: string): Promise<MemorySample> {
  return new Promise((resolve, reject) => {
    if (!child.connected) {
      reject(new Error(`${name} was not started with the memory probe`));
      return;
    }
    const timer = setTimeout(() => {
      child.off("message", onMessage);
      reject(new Error(`${name} did not report its memory`));
    }, MEMORY_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      const reply = message as { type?: string; sample?: MemorySample };
      if (reply.type !== "bench:memory" || !reply.sample) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(reply.sample);
    };
    child.on("message", onMessage);
    child.send("bench:memory");
  });
}

/**
 * Starts `node <nodeArgs> <script> <args>` with exactly `env`, and resolves once a line of its
 * output (plain or pino JSON) names the URL it listens on. With `memoryProbe`, the child gets
 * an IPC channel, `--expose-gc` and `bench/memory-probe.ts` preloaded, for `memory()`.
 */
export async function startServer(options: {
  name: string;
  script: string;
  args?: string[];
  nodeArgs?: string[];
  env: Record<string, string>;
  memoryProbe?: boolean;
}): Promise<ServerProcess> {
  const probe = options.memoryProbe
    ? ["--expose-gc", "--import", path.join(import.meta.dirname, "memory-probe.ts")]
    : [];
  const child = spawn(
    process.execPath,
    [...probe, ...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])],
    {
      env: options.env,
      stdio: ["ignore", "pipe", "pipe", ...(options.memoryProbe ? (["ipc"] as const) : [])],
    },
  );
  const { stdout, stderr } = child;
  if (!stdout || !stderr) throw new Error(`${options.name}: no output pipes`);
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never said where it listens must not outlive the bench.
      child.kill("SIGKILL");
      reject(
        new Error(
          `${options.name} did not start within ${String(START_TIMEOUT_MS)} ms:\n${output}`,
        ),
      );
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Cahier names its public address first (`serving on APP_URL`, port 0 here), then the
      // socket (`listening on …`); the bare servers print one of the two.
      const match =
        /listening on (http:\/\/[\w.:[\]]+)/.exec(output) ??
        (output.includes("Cahier is serving")
          ? null
          : /serving on (http:\/\/[\w.:[\]]+)/.exec(output));
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    stdout.on("data", onData);
    stderr.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited early (${String(code ?? signal)}):\n${output}`));
    });
  });
  // Keep draining the pipes so a chatty server never blocks on a full pipe; show warnings.
  stdout.removeAllListeners("data");
  stderr.removeAllListeners("data");
  stdout.on("data", () => undefined);
  stderr.on("data", (chunk: Buffer) =>
    process.stderr.write(`[${options.name}] ${chunk.toString()}`),
  );
  return {
    url,
    pid: child.pid,
    cpuSeconds: () => processCpuSeconds(child.pid),
    memory: () => requestMemory(child, options.name),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = waitForExit(child);
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The `cahier` command of this checkout. */
export const CAHIER_CLI = path.join(import.meta.dirname, "..", "bin", "cahier.js");

/**
 * Starts `cahier serve` with `env` (the caller's child environment: its database and anything
 * else) on a free loopback port, logging at `info` (its address is read from the log), with
 * rate limits off: one load generator on 127.0.0.1 is far above any per-IP limit.
 */
export function startCahierServer(
  name: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  return startServer({
    name,
    script: CAHIER_CLI,
    args: ["serve"],
    nodeArgs,
    env: { ...env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", RATE_LIMITS: "off" },
  });
}
