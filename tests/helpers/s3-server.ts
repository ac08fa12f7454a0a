/**
 * A private S3-compatible server for tests: an `s3rver` process (the npm package's own CLI)
 * on a free loopback port, storing its objects in a fresh temporary folder, with one bucket
 * per test run. No S3 service is needed on the machine or on CI. Folders left by runs whose
 * process died are removed by the next start; a port taken meanwhile is retried.
 *
 * @example
 * const s3 = await startS3Server();
 * const bucket = await s3.createBucket();
 * // … { ...s3.env(bucket) } as the server's environment, or s3.storage(bucket) …
 * await s3.cleanup();
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { S3Storage } from "../../server/tools/filesystem/index.ts";
import { acceptsConnections, freePort, killOnExit, waitForExit } from "./child-process.ts";

/** s3rver's built-in credentials (it checks signatures with them). */
export const S3RVER_ACCESS_KEY = "S3RVER";
export const S3RVER_SECRET = "S3RVER";

/** A running s3rver. */
export interface S3Server {
  /** e.g. `http://127.0.0.1:41234` */
  readonly endpoint: string;
  /** Creates a bucket no other test run uses and returns its name. */
  createBucket(): Promise<string>;
  /** The server's `S3_*` variables for a bucket. */
  env(bucket: string): Record<string, string>;
  /** A storage on a bucket (close it when done). */
  storage(bucket: string): S3Storage;
  /** Kills the process (SIGKILL: an abrupt outage) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and folder; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its folder. Call once, in `afterAll`. */
  cleanup(): Promise<void>;
}

const S3RVER_CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve("s3rver/package.json")),
  "bin",
  "s3rver.js",
);

const FOLDER_PREFIX = "cahier-s3rver-";
/** Names the test process that owns a folder, so later runs can tell leftovers apart. */
const OWNER_FILE = ".owner-pid";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the folders of earlier runs whose test process is gone (killed, crashed). */
async function removeLeftovers(): Promise<void> {
  const names = await fs.readdir(os.tmpdir()).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const folder = path.join(os.tmpdir(), name);
    const owner = Number(await fs.readFile(path.join(folder, OWNER_FILE), "utf8").catch(() => ""));
    if (Number.isInteger(owner) && owner > 0 && !alive(owner)) {
      await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}

/** Starts s3rver on a free port in a new temporary folder. */
export async function startS3Server(): Promise<S3Server> {
  await removeLeftovers();
  const root = await fs.mkdtemp(path.join(os.tmpdir(), FOLDER_PREFIX));
  await fs.writeFile(path.join(root, OWNER_FILE), String(process.pid));
  const directory = path.join(root, "data");
  let port = 0;
  let child: ChildProcess | null = null;
  let output = "";
  const storages = new Set<S3Storage>();

  const launch = async (): Promise<boolean> => {
    output = "";
    const started = spawn(
      process.execPath,
      // s3rver's ListObjectsV2 continuation tokens use DES, in OpenSSL 3's legacy provider.
      [
        "--openssl-legacy-provider",
        S3RVER_CLI,
        "-d",
        directory,
        "-a",
        "127.0.0.1",
        "-p",
        String(port),
        "--silent",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const append = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-16_384);
    };
    started.stdout.on("data", append);
    started.stderr.on("data", append);
    killOnExit(started);
    started.once("exit", () => {
      if (child === started) child = null;
    });
    child = started;
    const deadline = Date.now() + 30_000;
    while (!(await acceptsConnections(port))) {
      if (started.exitCode !== null || started.signalCode !== null) return false;
      if (Date.now() > deadline) {
        started.kill("SIGKILL");
        await waitForExit(started);
        throw new Error(`s3rver did not start on ${port}:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    return true;
  };

  const start = async () => {
    if (child) return;
    if (!(await launch())) throw new Error(`s3rver exited on start (port ${port}):\n${output}`);
  };

  // The port may be taken between picking and binding: try a few.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    if (await launch()) break;
    if (attempt >= 5) throw new Error(`s3rver could not start:\n${output}`);
  }

  const endpoint = `http://127.0.0.1:${port}`;
  const env = (bucket: string): Record<string, string> => ({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY: S3RVER_ACCESS_KEY,
    S3_SECRET: S3RVER_SECRET,
  });
  const storage = (bucket: string): S3Storage => {
    const created = new S3Storage({
      endpoint,
      bucket,
      region: "us-east-1",
      accessKey: S3RVER_ACCESS_KEY,
      secret: S3RVER_SECRET,
      forcePathStyle: true,
      connectionTimeoutMs: 2_000,
      requestTimeoutMs: 30_000,
      maxAttempts: 2,
    });
    storages.add(created);
    return created;
  };
  const stop = async () => {
    const current = child;
    if (!current) return;
    current.kill("SIGKILL");
    await waitForExit(current);
  };
  return {
    endpoint,
    async createBucket() {
      // Bucket names: 3–63 lowercase letters, digits and hyphens.
      const bucket = `cahier-test-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
      const admin = storage(bucket);
      await admin.ensureBucket();
      return bucket;
    },
    env,
    storage,
    stop,
    start,
    async cleanup() {
      for (const created of storages) await created.close();
      await stop();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

/** The keys below `prefix` (all by default) in a storage's bucket, sorted. */
export async function bucketKeys(storage: S3Storage, prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list(prefix)) keys.push(key);
  return keys.sort();
}
