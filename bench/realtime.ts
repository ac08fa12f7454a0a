/**
 * The realtime benchmarks (`sse idle`, `sse fanout`), each against its bare `node:http`
 * baseline measured in the same run:
 *
 * - **idle**: N idle `/api/realtime` streams on one server process, each past its
 *   `PB_CONNECT`; the server's memory (after a full GC) before and after, hence the memory per
 *   connection, and `/api/health` latency while the streams are held.
 * - **fan-out**: C guest streams subscribed to `entries/*`, then K paced writes of public
 *   entries; for every delivery, the time from just before the write's request was sent to
 *   the event's arrival at that stream. On PostgreSQL the writes go through instance A and
 *   the streams are split between A and B (Redis fan-out).
 *
 * Clients are raw sockets in the bench process (`sse-clients.ts`); servers are child processes.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freshEnvironment, type DialectName } from "#tests/helpers/test-app.ts";
import { signUp } from "./api.ts";
import { startServer, type MemorySample, type ServerProcess } from "./processes.ts";
import { closeStreams, openStreams, type SseSocket } from "./sse-clients.ts";
import { summarize, type LatencySummary } from "./stats.ts";

const ROOT = path.dirname(import.meta.dirname);
/** Streams opened at once while setting up. */
const OPEN_CONCURRENCY = 100;
/** Streams opened and closed before the first memory sample, so lazy code is loaded. */
const WARMUP_STREAMS = 200;
/** Health requests per health measurement (one after the other). */
const HEALTH_REQUESTS = 50;
/** Writes before the measured ones (their deliveries are not counted). */
export const FANOUT_WARMUP_WRITES = 10;
/** How long deliveries may trail the last write. */
const FANOUT_DRAIN_MS = 30_000;
/** Subscription requests in flight at once. */
const SUBSCRIBE_CONCURRENCY = 20;
/** The text every fan-out event carries, followed by its number. */
const MARKER_PREFIX = "fanout-marker-";
const ENTRY_CONTENT = "A short journal entry written by the benchmark. ".repeat(20).trim();

/** Settings of the realtime benchmarks. */
export interface RealtimeSettings {
  /** Idle streams held (`BENCH_SSE_CONNECTIONS`). */
  idleConnections: number;
  /** Subscribed streams of the fan-out (`BENCH_FANOUT_CLIENTS`). */
  fanoutClients: number;
  /** Measured writes (`BENCH_FANOUT_WRITES`). */
  fanoutWrites: number;
  /** Milliseconds between the starts of two writes (`BENCH_FANOUT_INTERVAL_MS`). */
  fanoutIntervalMs: number;
}

/** The result of one idle-streams measurement. */
export interface IdleSseResult {
  target: string;
  /** Streams asked for, and how many were still open when memory was sampled. */
  connections: number;
  held: number;
  /** Seconds it took to open them all. */
  openSeconds: number;
  before: MemorySample;
  after: MemorySample;
  /** Bytes per held stream: RSS and V8 heap. */
  rssPerConnection: number;
  heapPerConnection: number;
  /** `/api/health` latency (ms) before opening the streams and while holding them. */
  healthIdle: LatencySummary;
  healthHeld: LatencySummary;
  /** RSS per connection over the bare baseline's. */
  ratio?: number;
  error?: string;
}

/** The result of one fan-out measurement. */
export interface FanoutResult {
  target: string;
  instances: number;
  clients: number;
  writes: number;
  /** Deliveries received, of `clients × writes`. */
  delivered: number;
  expected: number;
  /** Request sent → event received at a stream (ms), over every delivery. */
  latency: LatencySummary;
  /** Request sent → response received, for the writes themselves (ms). */
  write: LatencySummary;
  /** Server CPU (all instances) per measured write and its deliveries, in ms. */
  serverCpuMsPerEvent?: number;
  /** The bench process's CPU (the clients receiving, the writer) per measured write, in ms. */
  clientCpuMsPerEvent?: number;
  /** p99 latency over the bare baseline's. */
  p99Ratio?: number;
  /** The baseline's server CPU per event over this one's (as the HTTP `CPU ratio`). */
  cpuRatio?: number;
  error?: string;
}

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Sequential `GET /api/health` latencies (ms). */
async function healthLatency(url: string): Promise<LatencySummary> {
  const samples: number[] = [];
  for (let i = 0; i < HEALTH_REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`health answered ${String(response.status)}`);
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

/** Cahier's server settings for the realtime benchmarks. */
function cahierEnv(
  base: Record<string, string>,
  env: Record<string, string>,
  maxClients: number,
): Record<string, string> {
  return {
    ...base,
    ...env,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    // Every stream comes from loopback: the per-IP caps would stop the bench at 500.
    RATE_LIMITS: "off",
    REALTIME_MAX_CLIENTS: String(maxClients),
    REALTIME_MAX_CLIENTS_PER_IP: String(maxClients),
  };
}

/** Holds `count` idle streams on `server` and measures what they cost. */
async function measureIdle(
  target: string,
  server: ServerProcess,
  count: number,
): Promise<IdleSseResult> {
  closeStreams(await openStreams({ urls: [server.url], count: WARMUP_STREAMS, concurrency: 50 }));
  await delay(500);
  const healthIdle = await healthLatency(server.url);
  const before = await server.memory();
  const started = performance.now();
  const streams = await openStreams({
    urls: [server.url],
    count,
    concurrency: OPEN_CONCURRENCY,
  });
  try {
    const openSeconds = (performance.now() - started) / 1000;
    log(`${target}: ${String(count)} streams open in ${openSeconds.toFixed(1)} s`);
    await delay(1000);
    const after = await server.memory();
    const healthHeld = await healthLatency(server.url);
    const held = streams.filter((s) => s.open()).length;
    return {
      target,
      connections: count,
      held,
      openSeconds,
      before,
      after,
      rssPerConnection: (after.rss - before.rss) / Math.max(held, 1),
      heapPerConnection: (after.heapUsed - before.heapUsed) / Math.max(held, 1),
      healthIdle,
      healthHeld,
    };
  } finally {
    closeStreams(streams);
  }
}

/** The result of an idle measurement that failed (its numbers are then zero). */
function failedIdle(target: string, count: number, error: unknown): IdleSseResult {
  log(`${target}: ${String(error)}`);
  const none: MemorySample = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0 };
  return {
    target,
    connections: count,
    held: 0,
    openSeconds: 0,
    before: none,
    after: none,
    rssPerConnection: 0,
    heapPerConnection: 0,
    healthIdle: summarize([]),
    healthHeld: summarize([]),
    error: String(error),
  };
}

/** Both idle measurements: the bare SSE server, then Cahier on SQLite. */
export async function benchIdleStreams(
  settings: RealtimeSettings,
  base: Record<string, string>,
  nodeArgs: (name: string) => string[],
): Promise<IdleSseResult[]> {
  const count = settings.idleConnections;
  const results: IdleSseResult[] = [];
  const bare = await startServer({
    name: "bare-sse",
    script: path.join(ROOT, "bench", "bare-sse-server.ts"),
    env: base,
    memoryProbe: true,
  });
  try {
    log(`bare SSE: ${String(count)} idle streams`);
    results.push(await measureIdle("baseline", bare, count));
  } catch (error) {
    results.push(failedIdle("baseline", count, error));
  } finally {
    await bare.stop();
  }
  const { env, cleanup } = await freshEnvironment("sqlite");
  let server: ServerProcess | undefined;
  try {
    server = await startServer({
      name: "sqlite-sse",
      script: path.join(ROOT, "bin", "cahier.js"),
      args: ["serve"],
      nodeArgs: nodeArgs("sqlite-sse-idle"),
      env: cahierEnv(base, env, count + WARMUP_STREAMS + 1000),
      memoryProbe: true,
    });
    log(`sqlite: ${String(count)} idle streams on ${server.url}`);
    const result = await measureIdle("sqlite", server, count);
    const baseline = results[0];
    if (baseline && !baseline.error) {
      result.ratio = result.rssPerConnection / baseline.rssPerConnection;
    }
    results.push(result);
  } catch (error) {
    results.push(failedIdle("sqlite", count, error));
  } finally {
    await server?.stop();
    await cleanup();
  }
  return results;
}

/** One fan-out setup: where streams go and how an event is written. */
interface FanoutTarget {
  name: string;
  urls: string[];
  /** Subscribes a stream to `entries/*` (nothing for the bare server). */
  subscribe?: (stream: SseSocket) => Promise<void>;
  /** Writes the event carrying `marker`; resolves on the response. */
  write: (marker: string) => Promise<void>;
  /** CPU seconds the server processes used so far (undefined without `/proc`). */
  cpuSeconds: () => number | undefined;
}

/** Total CPU seconds of some servers, or undefined when one cannot be read. */
function totalCpu(servers: readonly ServerProcess[]): () => number | undefined {
  return () => {
    let total = 0;
    for (const server of servers) {
      const seconds = server.cpuSeconds();
      if (seconds === undefined) return undefined;
      total += seconds;
    }
    return total;
  };
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map(run));
  }
}

/** Opens the streams, writes, and collects every delivery's latency. */
async function measureFanout(
  target: FanoutTarget,
  settings: RealtimeSettings,
): Promise<FanoutResult> {
  const total = FANOUT_WARMUP_WRITES + settings.fanoutWrites;
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const writes: number[] = [];
  let received = 0;
  const streams = await openStreams({
    urls: target.urls,
    count: settings.fanoutClients,
    concurrency: OPEN_CONCURRENCY,
    markerPrefix: MARKER_PREFIX,
    onMarker(marker, receivedAt) {
      received += 1;
      const sent = sentAt.get(marker);
      if (marker > FANOUT_WARMUP_WRITES && sent !== undefined) latencies.push(receivedAt - sent);
    },
  });
  try {
    if (target.subscribe) await inBatches(streams, SUBSCRIBE_CONCURRENCY, target.subscribe);
    const started = performance.now();
    let serverCpu: number | undefined;
    let clientCpu = process.cpuUsage();
    for (let marker = 1; marker <= total; marker++) {
      const slot = started + (marker - 1) * settings.fanoutIntervalMs;
      const wait = slot - performance.now();
      if (wait > 0) await delay(wait);
      if (marker === FANOUT_WARMUP_WRITES + 1) {
        serverCpu = target.cpuSeconds();
        clientCpu = process.cpuUsage();
      }
      const sent = performance.now();
      sentAt.set(marker, sent);
      await target.write(`${MARKER_PREFIX}${String(marker)}`);
      if (marker > FANOUT_WARMUP_WRITES) writes.push(performance.now() - sent);
    }
    const expected = settings.fanoutClients * total;
    const deadline = performance.now() + FANOUT_DRAIN_MS;
    while (received < expected && performance.now() < deadline) await delay(50);
    const serverCpuAfter = target.cpuSeconds();
    const clientCpuUsed = process.cpuUsage(clientCpu);
    const measured = settings.fanoutClients * settings.fanoutWrites;
    const result: FanoutResult = {
      target: target.name,
      instances: target.urls.length,
      clients: settings.fanoutClients,
      writes: settings.fanoutWrites,
      delivered: latencies.length,
      expected: measured,
      latency: summarize(latencies),
      write: summarize(writes),
    };
    if (serverCpu !== undefined && serverCpuAfter !== undefined) {
      result.serverCpuMsPerEvent = ((serverCpuAfter - serverCpu) * 1000) / settings.fanoutWrites;
    }
    result.clientCpuMsPerEvent =
      (clientCpuUsed.user + clientCpuUsed.system) / 1000 / settings.fanoutWrites;
    if (latencies.length < measured) {
      result.error = `${String(measured - latencies.length)} of ${String(measured)} deliveries missing`;
    }
    return result;
  } finally {
    closeStreams(streams);
  }
}

/** A record shaped like Cahier's event for the bare broadcaster. */
function bareEvent(marker: string): string {
  const now = new Date().toISOString().replace("T", " ");
  return JSON.stringify({
    action: "create",
    record: {
      author: "benchwriter0001",
      collectionId: "pbc_entries00001",
      collectionName: "entries",
      content: ENTRY_CONTENT,
      created: now,
      id: randomBytes(8).toString("hex").slice(0, 15),
      tags: ["notes", "bench"],
      title: marker,
      updated: now,
      visibility: "public",
    },
  });
}

/** A writer of public entries through `url`, and the subscription of guest streams. */
async function cahierTarget(name: string, servers: ServerProcess[]): Promise<FanoutTarget> {
  const urls = servers.map((s) => s.url);
  const writeUrl = urls[0] ?? "";
  const writer = await signUp(writeUrl);
  return {
    name,
    urls,
    cpuSeconds: totalCpu(servers),
    async subscribe(stream) {
      const response = await fetch(`${stream.url}/api/realtime`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ clientId: stream.clientId, subscriptions: ["entries/*"] }),
      });
      if (response.status !== 204) {
        throw new Error(
          `subscription answered ${String(response.status)}: ${await response.text()}`,
        );
      }
    },
    async write(marker) {
      const response = await fetch(`${writeUrl}/api/collections/entries/records`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: writer.token },
        body: JSON.stringify({
          author: writer.id,
          title: marker,
          content: ENTRY_CONTENT,
          visibility: "public",
          tags: ["notes", "bench"],
        }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`write answered ${String(response.status)}`);
    },
  };
}

/** A key prefix no other run uses on the shared Redis. */
function uniqueRedisPrefix(): string {
  return `cahier-bench-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}:`;
}

/**
 * The fan-out measurements: the bare broadcaster, Cahier on SQLite, and on PostgreSQL with
 * two instances and Redis when `postgres` is among `dialects`.
 */
export async function benchFanout(
  settings: RealtimeSettings,
  dialects: readonly DialectName[],
  base: Record<string, string>,
  nodeArgs: (name: string) => string[],
  redisUrl: string,
): Promise<FanoutResult[]> {
  const results: FanoutResult[] = [];
  const bare = await startServer({
    name: "bare-sse",
    script: path.join(ROOT, "bench", "bare-sse-server.ts"),
    env: base,
  });
  try {
    log(`bare SSE: fan-out to ${String(settings.fanoutClients)} streams`);
    results.push(
      await measureFanout(
        {
          name: "baseline",
          urls: [bare.url],
          cpuSeconds: bare.cpuSeconds,
          async write(marker) {
            const response = await fetch(`${bare.url}/publish`, {
              method: "POST",
              body: bareEvent(marker),
            });
            await response.arrayBuffer();
          },
        },
        settings,
      ),
    );
  } finally {
    await bare.stop();
  }
  const maxClients = settings.fanoutClients + 1000;
  for (const dialect of dialects) {
    const { env, cleanup } = await freshEnvironment(dialect);
    const servers: ServerProcess[] = [];
    const extraDirs: string[] = [];
    try {
      const shared: Record<string, string> =
        dialect === "postgres" ? { REDIS_URL: redisUrl, REDIS_PREFIX: uniqueRedisPrefix() } : {};
      servers.push(
        await startServer({
          name: `${dialect}-a`,
          script: path.join(ROOT, "bin", "cahier.js"),
          args: ["serve"],
          nodeArgs: nodeArgs(`${dialect}-fanout-a`),
          env: cahierEnv(base, { ...env, ...shared }, maxClients),
        }),
      );
      if (dialect === "postgres") {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-bench-b-"));
        extraDirs.push(dataDir);
        servers.push(
          await startServer({
            name: `${dialect}-b`,
            script: path.join(ROOT, "bin", "cahier.js"),
            args: ["serve"],
            nodeArgs: nodeArgs(`${dialect}-fanout-b`),
            env: cahierEnv(base, { ...env, ...shared, DATA_DIR: dataDir }, maxClients),
          }),
        );
      }
      const urls = servers.map((s) => s.url);
      const name = dialect === "postgres" ? "postgres+redis" : dialect;
      log(`${name}: fan-out to ${String(settings.fanoutClients)} streams on ${urls.join(", ")}`);
      const result = await measureFanout(await cahierTarget(name, servers), settings);
      const baseline = results[0];
      if (baseline && baseline.latency.p99 > 0) {
        result.p99Ratio = result.latency.p99 / baseline.latency.p99;
      }
      if (baseline?.serverCpuMsPerEvent && result.serverCpuMsPerEvent) {
        result.cpuRatio = baseline.serverCpuMsPerEvent / result.serverCpuMsPerEvent;
      }
      results.push(result);
    } catch (error) {
      log(String(error));
      const none = summarize([]);
      results.push({
        target: dialect === "postgres" ? "postgres+redis" : dialect,
        instances: servers.length,
        clients: settings.fanoutClients,
        writes: settings.fanoutWrites,
        delivered: 0,
        expected: settings.fanoutClients * settings.fanoutWrites,
        latency: none,
        write: none,
        error: String(error),
      });
    } finally {
      for (const server of servers.reverse()) await server.stop();
      await cleanup();
      for (const dir of extraDirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return results;
}
