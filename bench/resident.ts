/**
 * Resident memory (issue 30), read from `/proc/<pid>/status` as the operating system counts it
 * (VmRSS now, VmHWM the peak), never from inside the process: no probe is loaded into it.
 *
 * `benchMemoryAtRest` (`BENCH_ONLY=memory`) measures a fresh instance as a self-hoster meets
 * it: `cahier seed`'s demo content on SQLite, `npm start`'s server (the compiled build, ADR
 * 068), resident right after start, then after one request for each kind of page (guest pages,
 * a post, the feeds, and a demo writer's pages), beside a bare `node:http` server's
 * resident memory measured in the same run. The targets are issue 30's: 100 MB at rest.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { demoWriterOf, guestPageKinds, writerPageKinds } from "#tests/helpers/page-kinds.ts";
import { freshEnvironment } from "#tests/helpers/test-app.ts";
import { BROWSER_HEADERS } from "./pages.ts";
import { startCahierServer, startServer, type ServerProcess } from "./processes.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Issue 30's target for a started instance that served each kind of page once, in MB. */
export const TARGET_AT_REST_MB = 100;
/** Issue 30's target after the bench's reading and writing load, in MB. */
export const TARGET_AFTER_LOAD_MB = 200;

/** A process's resident memory and its peak, in MB (undefined off Linux or once it exited). */
export function residentMB(pid: number | undefined): { rss: number; peak: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${String(pid)}/status`, "utf8");
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
  } catch {
    return undefined;
  }
}

/** What {@link benchMemoryAtRest} measured, in MB. */
export interface MemoryAtRest {
  bare: number;
  started: number;
  pages: number;
  peak: number;
  /** The pages requested once each. */
  paths: string[];
}

/** A bare `node:http` server in plain JavaScript (no TypeScript stripper, as Cahier's build). */
const BARE_SERVER = `
const http = require("node:http");
const server = http.createServer((_q, r) => r.end("{}"));
server.listen(0, "127.0.0.1", () => console.log("listening on http://127.0.0.1:" + server.address().port));
`;

async function settle(): Promise<void> {
  // Long enough for a burst's garbage to be collected by the idle-time GC, not a measurement.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}

async function get(url: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${String(res.status)}`);
  return body;
}

/** A signed-in writer's cookie: a demo writer of the seed, signed in through the API. */
async function writerCookie(url: string, seedOutput: string): Promise<string> {
  const writer = demoWriterOf(seedOutput);
  if (!writer) throw new Error(`no demo writer in the seed's output:\n${seedOutput}`);
  const res = await fetch(`${url}/api/collections/users/auth-with-password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identity: writer.email, password: writer.password }),
  });
  const auth = (await res.json()) as { token: string; record: unknown };
  return `pb_auth=${encodeURIComponent(JSON.stringify(auth))}`;
}

/** Measures a fresh seeded instance at rest beside a bare server (see the module comment). */
export async function benchMemoryAtRest(
  childEnv: (extra: Record<string, string>) => Record<string, string>,
  log: (message: string) => void,
): Promise<MemoryAtRest> {
  const { env, cleanup } = await freshEnvironment("sqlite");
  const processes: ServerProcess[] = [];
  try {
    const bareScript = path.join(env.DATA_DIR ?? ROOT, "bare-server.cjs");
    fs.writeFileSync(bareScript, BARE_SERVER);
    const bare = await startServer({ name: "bare-memory", script: bareScript, env: childEnv({}) });
    processes.push(bare);
    await settle();
    const bareMB = residentMB(bare.pid)?.rss ?? Number.NaN;

    log("memory: seeding demo content, then a fresh server");
    const seeded = spawnSync(
      process.execPath,
      [path.join(ROOT, "bin", "cahier.js"), "seed", "--demo-accounts"],
      {
        env: childEnv({ ...env }),
        encoding: "utf8",
      },
    );
    if (seeded.status !== 0) throw new Error(`cahier seed failed:\n${seeded.stderr}`);
    const server = await startCahierServer("sqlite-memory", childEnv(env));
    processes.push(server);
    await settle();
    const started = residentMB(server.pid)?.rss ?? Number.NaN;

    const blog = await get(`${server.url}/blog`, BROWSER_HEADERS);
    const post = /href="(\/post\/[^"]+)"/.exec(blog)?.[1] ?? "/blog";
    const paths = guestPageKinds(post);
    for (const page of paths) await get(server.url + page, BROWSER_HEADERS);
    const cookie = await writerCookie(server.url, seeded.stdout);
    const writer = writerPageKinds(post);
    for (const page of writer) await get(server.url + page, { ...BROWSER_HEADERS, cookie });
    await settle();
    const after = residentMB(server.pid);
    return {
      bare: bareMB,
      started,
      pages: after?.rss ?? Number.NaN,
      peak: after?.peak ?? Number.NaN,
      paths: [...paths, `${writer.join(", ")} (signed in)`],
    };
  } finally {
    for (const child of processes) await child.stop();
    await cleanup();
  }
}

/** The report's lines of {@link benchMemoryAtRest}. */
export function memoryAtRestNotes(result: MemoryAtRest): string[] {
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const verdict = result.pages <= TARGET_AT_REST_MB ? "meets" : "misses";
  return [
    `memory at rest (SQLite, cahier seed, resident from /proc): bare node:http ${mb(result.bare)}; Cahier ${mb(result.started)} after start, ${mb(result.pages)} after one request for each page kind (${result.paths.join(", ")}), peak ${mb(result.peak)}; ${verdict} the ${String(TARGET_AT_REST_MB)} MB target`,
  ];
}

/** The report's line of a benchmarked server's memory: after start, after the load, at peak. */
export function memoryAfterLoad(
  dialect: string,
  started: { rss: number } | undefined,
  after: { rss: number; peak: number } | undefined,
): string {
  const mb = (value: number | undefined) => (value === undefined ? "?" : `${value.toFixed(0)} MB`);
  const verdict = after && after.rss <= TARGET_AFTER_LOAD_MB ? "meets" : "misses";
  return `${dialect} memory (resident): ${mb(started?.rss)} after start, ${mb(after?.rss)} after the load, peak ${mb(after?.peak)}; ${verdict} the ${String(TARGET_AFTER_LOAD_MB)} MB after-load target`;
}
