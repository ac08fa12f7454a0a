/**
 * `cahier serve` with its `DATA_DIR` on a real small or read-only file system, for the tests of
 * a full or read-only disk (issue 23 finding 7). The server runs in a mount namespace of its
 * own (`unshare --user --map-root-user --mount`, util-linux; no privilege is needed where
 * unprivileged user namespaces are allowed, as on Debian, and root needs none either), where
 * `DATA_DIR` is either a tmpfs of a given size or bind-mounted read-only over itself. Root
 * cannot write to a read-only mount, unlike to a folder whose permissions forbid it (chmod).
 * The test fills and empties the small disk through `/proc/<pid>/root`, the server's view of
 * the file system.
 *
 * @example
 * const server = await startConfinedServer("sqlite", { tmpfsBytes: 32 * 1024 * 1024 });
 * await server.fill(); // not one more byte fits
 * await server.free();
 * await server.cleanup();
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort, killOnExit, waitForExit, type ExitStatus } from "./child-process.ts";
import { CLI_PATH, ROOT_DIR } from "./server-process.ts";
import { freshEnvironment, type DialectName } from "./test-app.ts";

/** How long a server may take to answer its health check. */
const START_TIMEOUT_MS = 60_000;
/** How long a server that cannot start may take to exit (a test's own timeout is 60 s). */
const EXIT_TIMEOUT_MS = 30_000;
/** The name of the file that fills the small disk. */
const FILLER = "filler.bin";

/** What `DATA_DIR` is: a tmpfs of that many bytes, or a read-only view of the folder. */
export type Confinement = { tmpfsBytes: number } | "readonly";

/** A server process whose `DATA_DIR` is confined. */
export interface ConfinedServer {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process wrote to stdout and stderr. */
  output(): string;
  /** Fills the small disk until not one more byte fits. */
  fill(): void;
  /** Removes what {@link fill} wrote. */
  free(): void;
  /** Kills the process and removes its database. */
  cleanup(): Promise<void>;
}

/** A server run to its end (a start that fails). */
export interface ConfinedRun {
  status: ExitStatus;
  output: string;
  /** `DATA_DIR`, as the server was given it. */
  dataDir: string;
}

/** The shell command that confines `$DATA_DIR`, then runs the server in its place. */
function confineCommand(confinement: Confinement): string {
  const mount =
    confinement === "readonly"
      ? 'mount --bind "$DATA_DIR" "$DATA_DIR" && mount -o remount,bind,ro "$DATA_DIR"'
      : `mount -t tmpfs -o size=${String(confinement.tmpfsBytes)},mode=0755 tmpfs "$DATA_DIR"`;
  return `${mount} && exec "$@"`;
}

/** `process.env` for the server: its own variables only (nothing inherited configures it). */
function serverEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) =>
      ![
        "PORT",
        "HOST",
        "DATA_DIR",
        "APP_URL",
        "DATABASE_URL",
        "REDIS_URL",
        "SMTP_URL",
        "S3_ENDPOINT",
        "S3_BUCKET",
      ].includes(name),
  );
  return { ...Object.fromEntries(inherited), ...vars };
}

async function spawnConfined(
  dialect: DialectName,
  confinement: Confinement,
): Promise<{
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
  cleanup: () => Promise<void>;
}> {
  const fresh = await freshEnvironment(dialect);
  const port = await freePort();
  const env = {
    ...fresh.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    RATE_LIMITS: "off",
  };
  const child = spawn(
    "unshare",
    [
      "--user",
      "--map-root-user",
      "--mount",
      "sh",
      "-c",
      confineCommand(confinement),
      "sh",
      process.execPath,
      CLI_PATH,
      "serve",
    ],
    { cwd: ROOT_DIR, env: serverEnv(env), stdio: ["ignore", "pipe", "pipe"] },
  );
  killOnExit(child);
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout.on("data", append);
  child.stderr.on("data", append);
  return {
    child,
    url: `http://127.0.0.1:${String(port)}`,
    dataDir: fresh.env.DATA_DIR ?? "",
    output: () => output,
    cleanup: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = waitForExit(child);
        child.kill("SIGKILL");
        await exited;
      }
      await fresh.cleanup();
    },
  };
}

/** Starts `cahier serve` on a fresh database with `DATA_DIR` on a tmpfs of `tmpfsBytes`. */
export async function startConfinedServer(
  dialect: DialectName,
  confinement: { tmpfsBytes: number },
): Promise<ConfinedServer> {
  const started = await spawnConfined(dialect, confinement);
  const { child, url, output } = started;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await started.cleanup();
      throw new Error(`the confined server exited before it was healthy:\n${output()}`);
    }
    const healthy = await fetch(`${url}/api/health`)
      .then((res) => res.status === 200)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await started.cleanup();
      throw new Error(`the confined server did not answer ${url}/api/health:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The server's view of its DATA_DIR (the tmpfs), from outside its mount namespace.
  const filler = path.join(`/proc/${String(child.pid)}/root`, started.dataDir, FILLER);
  return {
    url,
    child,
    output,
    fill() {
      const fd = fs.openSync(filler, "a");
      try {
        for (const size of [1024 * 1024, 4096, 1]) {
          const chunk = Buffer.alloc(size, 0x61);
          for (;;) {
            try {
              fs.writeSync(fd, chunk);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
              throw error;
            }
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    cleanup: started.cleanup,
  };
}

/**
 * Runs `cahier serve` with a read-only `DATA_DIR` until it exits (it cannot start); one still
 * running after {@link EXIT_TIMEOUT_MS} is killed, and its status says so (`SIGKILL`).
 */
export async function runWithReadOnlyDataDir(dialect: DialectName): Promise<ConfinedRun> {
  const started = await spawnConfined(dialect, "readonly");
  const timer = setTimeout(() => started.child.kill("SIGKILL"), EXIT_TIMEOUT_MS);
  try {
    const status = await waitForExit(started.child);
    return { status, output: started.output(), dataDir: started.dataDir };
  } finally {
    clearTimeout(timer);
    await started.cleanup();
  }
}
