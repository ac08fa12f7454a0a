/**
 * Mailing one post to 10,000 confirmed subscribers (issue 26): a Cahier server process on a
 * fresh database holding the subscribers, an SMTP server in its own process
 * (`smtp-sink.ts`), a post published over the API; reports the time until the last message
 * arrived, the server's peak RSS (sampled from `/proc` every 100 ms) and whether each
 * subscriber got exactly one. The baseline of the same run: the same number of messages of
 * the same size sent by nodemailer's pool straight to the same SMTP server (no queue, no
 * database); the ratio is the server's time over it.
 *
 * Settings (env): `BENCH_SUBSCRIBERS` (10000). The pace is lifted (`ratePerMinute` 1,000,000).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import nodemailer from "nodemailer";
import { createApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import { operatorRequest } from "#server/core/records/request-info.ts";
import type { DialectName } from "#tests/helpers/test-app.ts";
import { freshEnvironment } from "#tests/helpers/test-app.ts";
import { startCahierServer } from "./processes.ts";

const PASSWORD = "bench-password-123";

/** What the bench reports. */
export interface SubscriptionsBenchResult {
  target: string;
  subscribers: number;
  seconds: number;
  messagesPerSecond: number;
  peakRssMb: number;
  received: number;
  recipients: number;
  mostToOne: number;
  exactlyOnce: boolean;
  baselineSeconds: number;
  /** `seconds / baselineSeconds`. */
  ratio: number;
}

/** The SMTP sink process and its latest count. */
interface Sink {
  port: number;
  counts: { messages: number; recipients: number; most: number };
  waitFor(messages: number, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

async function startSink(): Promise<Sink> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(import.meta.dirname, "smtp-sink.ts")],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  if (!child.stdout) throw new Error("smtp sink: no output");
  const lines = readline.createInterface({ input: child.stdout });
  const counts = { messages: 0, recipients: 0, most: 0 };
  const waiters = new Set<() => void>();
  const port = await new Promise<number>((resolve) => {
    lines.on("line", (line) => {
      const [word, a, b, c] = line.split(" ");
      if (word === "listening") resolve(Number(a));
      if (word === "received") {
        Object.assign(counts, { messages: Number(a), recipients: Number(b), most: Number(c) });
        for (const wake of waiters) wake();
      }
    });
  });
  return {
    port,
    counts,
    waitFor: (messages, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (counts.messages < messages) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`only ${String(counts.messages)} of ${String(messages)} messages arrived`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => {
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** RSS of a process in bytes, from `/proc/<pid>/status`. */
function rssOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${String(pid)}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The fresh database: a writer and `count` confirmed subscribers of the blog. */
async function seed(env: Record<string, string>, count: number): Promise<void> {
  const app = await createApp(loadConfig({ ...env, LOG_LEVEL: "silent" }));
  try {
    await app.records.create(requireCollection("users"), operatorRequest(), {
      username: "writer",
      email: "writer@bench.example",
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      role: "writer",
    });
    await app.settings.update({ subscriptions: { ratePerMinute: 1_000_000, batchSize: 100 } });
    const now = new Date().toISOString().replace("T", " ");
    for (let start = 0; start < count; start += 500) {
      const rows = [];
      for (let n = start; n < Math.min(count, start + 500); n++) {
        rows.push({
          id: `s${String(n).padStart(14, "0")}`,
          email: `reader${String(n)}@bench.example`,
          target: "blog",
          owner: "",
          locale: n % 2 === 0 ? "en" : "fr",
          status: "confirmed",
          frequency: "each",
          user: "",
          confirmationSent: "",
          created: now,
          updated: now,
        });
      }
      await app.db.kysely.insertInto("subscriptions").values(rows).execute();
    }
  } finally {
    await app.close();
  }
}

/** nodemailer's pool sending `count` messages of `size` characters straight to the sink. */
async function baseline(port: number, count: number, size: number): Promise<number> {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    pool: true,
    maxConnections: 2,
  });
  const body = "x".repeat(size);
  const started = performance.now();
  const sends: Promise<unknown>[] = [];
  for (let n = 0; n < count; n++)
    sends.push(
      transport.sendMail({
        from: "bench@bench.example",
        to: `baseline${String(n)}@bench.example`,
        subject: "Baseline",
        text: body,
        html: `<p>${body}</p>`,
      }),
    );
  await Promise.all(sends);
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return seconds;
}

/** Runs the bench on `dialect`. */
export async function benchSubscriptions(
  dialect: DialectName,
  childEnv: (extra: Record<string, string>) => Record<string, string>,
  log: (message: string) => void,
): Promise<SubscriptionsBenchResult> {
  const count = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
  const { env, cleanup } = await freshEnvironment(dialect);
  const sink = await startSink();
  try {
    log(`subscriptions (${dialect}): seeding ${String(count)} subscribers`);
    const smtp = { SMTP_URL: `smtp://127.0.0.1:${String(sink.port)}` };
    await seed({ ...env, ...smtp }, count);
    const server = await startCahierServer(
      `${dialect}-subscriptions`,
      childEnv({ ...env, ...smtp }),
    );
    let peak = 0;
    try {
      const auth = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ identity: "writer@bench.example", password: PASSWORD }),
      });
      const { token, record } = (await auth.json()) as { token: string; record: { id: string } };
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(server.pid));
      }, 100);
      log(`subscriptions (${dialect}): publishing one post`);
      const started = performance.now();
      const published = await fetch(`${server.url}/api/collections/posts/records`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: token },
        body: JSON.stringify({
          author: record.id,
          title: "A post for everyone",
          slug: "for-everyone",
          content: `# Hello\n\n${"Some words of the post, with **emphasis**. ".repeat(60)}`,
          status: "published",
        }),
      });
      if (!published.ok) throw new Error(`publishing answered ${String(published.status)}`);
      await sink.waitFor(count, 30 * 60_000);
      const seconds = (performance.now() - started) / 1000;
      // Late duplicates would show within a second.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      clearInterval(sampler);
      const { messages: received, recipients, most } = { ...sink.counts };
      log(
        `subscriptions (${dialect}): baseline, ${String(count)} messages straight to the SMTP server`,
      );
      const baselineSeconds = await baseline(sink.port, count, 3_000);
      return {
        target: dialect,
        subscribers: count,
        seconds,
        messagesPerSecond: count / seconds,
        peakRssMb: peak / 1024 / 1024,
        received,
        recipients,
        mostToOne: most,
        exactlyOnce: received === count && recipients === count && most === 1,
        baselineSeconds,
        ratio: seconds / baselineSeconds,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await sink.stop();
    await cleanup();
  }
}

/** One line per result, for the bench's summary. */
export function subscriptionsVerdicts(results: readonly SubscriptionsBenchResult[]): string[] {
  return results.map(
    (r) =>
      `${r.target}: mailed one post to ${String(r.subscribers)} subscribers in ${r.seconds.toFixed(1)} s (${r.messagesPerSecond.toFixed(0)} msg/s; baseline nodemailer straight to SMTP ${r.baselineSeconds.toFixed(1)} s, ratio ${r.ratio.toFixed(2)}), server peak RSS ${r.peakRssMb.toFixed(0)} MB, ${r.exactlyOnce ? "each got exactly one" : `NOT exactly one each (${String(r.received)} messages, ${String(r.recipients)} recipients, at most ${String(r.mostToOne)} to one)`}`,
  );
}
