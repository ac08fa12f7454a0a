/**
 * Real server processes for tests that need a socket: `node bin/cahier.js serve` on a free
 * port and a fresh database (SQLite folder or new PostgreSQL database), plus the CLI run
 * with the same environment.
 *
 * @example
 * const server = await startServer("sqlite");
 * await upsertSuperuserCli(server, "root@example.com", "password123");
 * const res = await fetch(`${server.url}/api/health`);
 * await server.cleanup();
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freshEnvironment, type DialectName } from "./test-app.ts";
import { freePort, killOnExit, waitForExit, type ExitStatus } from "./child-process.ts";

export { freePort, type ExitStatus };

/** Repository root (where `bin/cahier.js` lives). */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The CLI entry point. */
export const CLI_PATH = path.join(ROOT_DIR, "bin", "cahier.js");

/** How long a server may take to answer its health check. */
const START_TIMEOUT_MS = 60_000;
/** How long a stopped server may take to exit before it is killed. */
const STOP_TIMEOUT_MS = 10_000;
/** How much of the process output is kept for error messages. */
const MAX_OUTPUT_CHARS = 64 * 1024;

/** Configuration variables the server reads; inherited values are dropped so tests stay isolated. */
const CONFIG_VARIABLES = [
  "PORT",
  "HOST",
  "DATA_DIR",
  "APP_URL",
  "DATABASE_URL",
  "REDIS_URL",
  "REDIS_PREFIX",
  "REALTIME_MAX_CLIENTS",
  "REALTIME_MAX_CLIENTS_PER_IP",
  "SMTP_URL",
  "TRUSTED_PROXIES",
  "RATE_LIMITS",
  "RATE_LIMITS_REDIS_PREFIX",
  "LOG_LEVEL",
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ACCESS_KEY",
  "S3_SECRET",
  "S3_FORCE_PATH_STYLE",
];

/** A running (or stopped) server process on its own database. */
export interface ServerProcess {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly url: string;
  /** The port it listens on (kept across restarts). */
  readonly port: number;
  /** The configuration variables it runs with (reuse them for CLI commands). */
  readonly env: Readonly<Record<string, string>>;
  /** The current child process, or null while stopped. */
  readonly child: ChildProcess | null;
  /** Everything the current process wrote to stdout and stderr (last 64 KiB). */
  output(): string;
  /** Sends a signal (SIGTERM by default) and waits for the process to exit (killed after 10 s). */
  stop(signal?: NodeJS.Signals): Promise<ExitStatus>;
  /** Kills the process with SIGKILL (no graceful shutdown) and waits for it to exit. */
  kill(): Promise<ExitStatus>;
  /** Stops the process if running, then starts it again on the same port and database. */
  restart(): Promise<void>;
  /** Kills the process if running and removes its database. Call once, in `afterAll`. */
  cleanup(): Promise<void>;
}

/** `process.env` without the server's configuration variables, plus `vars`. */
function processEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !CONFIG_VARIABLES.includes(name),
  );
  return { ...Object.fromEntries(inherited), ...vars };
}

async function waitUntilHealthy(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastError = "";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited (code ${String(child.exitCode)}, signal ${String(child.signalCode)}) before it was healthy:\n${output()}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      lastError = `health answered ${res.status}: ${await res.text()}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `server did not answer ${url}/api/health within ${START_TIMEOUT_MS} ms (${lastError}):\n${output()}`,
  );
}

/**
 * Starts `node bin/cahier.js serve` on a fresh database of the given engine and a free port,
 * with `LOG_LEVEL=warn` and `RATE_LIMITS=off` (suites sign in many times from one address),
 * and resolves once `GET /api/health` answers 200 (the error carries
 * the process output when it does not within 20 s). `extraEnv` adds or overrides variables
 * (e.g. `REDIS_URL`); the PostgreSQL engine needs `DATABASE_URL` in the test environment.
 */
export async function startServer(
  dialect: DialectName,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const fresh = await freshEnvironment(dialect);
  const port = await freePort();
  const env: Record<string, string> = {
    ...fresh.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    RATE_LIMITS: "off",
    ...extraEnv,
  };
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = "";

  const spawnChild = async () => {
    output = "";
    const started = spawn(process.execPath, [CLI_PATH, "serve"], {
      cwd: ROOT_DIR,
      env: processEnv(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const append = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-MAX_OUTPUT_CHARS);
    };
    started.stdout.on("data", append);
    started.stderr.on("data", append);
    killOnExit(started);
    child = started;
    try {
      await waitUntilHealthy(url, started, () => output);
    } catch (error) {
      started.kill("SIGKILL");
      await waitForExit(started);
      child = null;
      throw error;
    }
  };

  const stop = async (signal: NodeJS.Signals = "SIGTERM"): Promise<ExitStatus> => {
    const current = child;
    if (!current) return { code: null, signal: null };
    const exited = waitForExit(current);
    current.kill(signal);
    const timer = setTimeout(() => current.kill("SIGKILL"), STOP_TIMEOUT_MS);
    const status = await exited;
    clearTimeout(timer);
    child = null;
    return status;
  };

  try {
    await spawnChild();
  } catch (error) {
    await fresh.cleanup();
    throw error;
  }

  return {
    url,
    port,
    env,
    get child() {
      return child;
    },
    output: () => output,
    stop,
    kill: () => stop("SIGKILL"),
    async restart() {
      await stop();
      await spawnChild();
    },
    async cleanup() {
      await stop("SIGKILL");
      await fresh.cleanup();
    },
  };
}

/** Result of a CLI command. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node bin/cahier.js ...args` with a server's configuration variables. */
export async function runCli(
  env: Readonly<Record<string, string>>,
  args: string[],
): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI_PATH, ...args], {
    cwd: ROOT_DIR,
    env: processEnv({ ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const { code } = await waitForExit(child);
  return { code, stdout, stderr };
}

/**
 * Creates (or updates the password of) a superuser through the CLI
 * (`cahier superuser upsert EMAIL PASSWORD`) on the server's database; throws with the
 * command's output when it fails.
 */
export async function upsertSuperuserCli(
  server: Pick<ServerProcess, "env">,
  email: string,
  password: string,
): Promise<CliResult> {
  const result = await runCli(server.env, ["superuser", "upsert", email, password]);
  if (result.code !== 0) {
    throw new Error(
      `superuser upsert failed (exit ${String(result.code)}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result;
}
