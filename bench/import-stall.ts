/**
 * The worst stall of other requests while an import runs (issue 23 finding 2): a server on a
 * fresh database, a health check asked one request at a time, first idle (the baseline of the
 * same run), then while the server imports a 10,000-entry Markdown zip and a 5,000-post Ghost
 * export. Reports each import's time, the health check's p50 and worst latency during it, and
 * the worst as a ratio to the idle p50. Target: no stall over 100 ms.
 *
 * Settings (env): `BENCH_IMPORT_ENTRIES` (10000), `BENCH_IMPORT_POSTS` (5000).
 */
import { strToU8, zipSync, type Zippable } from "fflate";
import type { DialectName } from "#tests/helpers/test-app.ts";
import { freshEnvironment } from "#tests/helpers/test-app.ts";
import { startCahierServer } from "./processes.ts";

/** The longest a request may wait on an import (issue 23). */
export const TARGET_IMPORT_STALL_MS = 100;
const IDLE_MS = 2_000;

/** One import's measurement. */
export interface ImportStallResult {
  target: string;
  upload: string;
  importSeconds: number;
  status: number;
  idleP50Ms: number;
  p50Ms: number;
  worstMs: number;
  /** `worstMs / idleP50Ms`. */
  ratio: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** Health-check latencies, one request at a time, until `done()` says stop. */
async function probe(url: string, done: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  while (!done()) {
    const started = performance.now();
    const res = await fetch(`${url}/api/health`);
    await res.arrayBuffer();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

function markdownZip(entries: number): Uint8Array {
  const files: Zippable = {};
  for (let n = 0; n < entries; n++) {
    files[`journal/${String(n).padStart(5, "0")}.md`] = strToU8(
      `---\ndate: 2024-01-${String((n % 28) + 1).padStart(2, "0")}\n---\n# Day ${n}\n\n${"Some words of the day. ".repeat(20)}\n`,
    );
  }
  return zipSync(files, { level: 6 });
}

function ghostJson(posts: number): Uint8Array {
  const data = {
    posts: Array.from({ length: posts }, (_, n) => ({
      id: `65a${String(n).padStart(21, "0")}`,
      uuid: `1b7b1b0a-0000-4000-8000-${String(n).padStart(12, "0")}`,
      title: `Post ${n}`,
      slug: `post-${n}`,
      html: `<h2>Part ${n}</h2>${"<p>Some <em>words</em> of the post.</p>".repeat(10)}`,
      status: "published",
      published_at: "2024-02-01T10:00:00.000Z",
      type: "post",
    })),
    tags: [],
    posts_tags: [],
  };
  return strToU8(JSON.stringify({ db: [{ meta: { version: "5.82.0" }, data }] }));
}

async function signUp(url: string, name: string): Promise<string> {
  const email = `${name}@bench.example`;
  const password = "bench-password-123";
  const created = await fetch(`${url}/api/collections/users/records`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, passwordConfirm: password, username: name }),
  });
  if (!created.ok) throw new Error(`sign-up answered ${String(created.status)}`);
  const auth = await fetch(`${url}/api/collections/users/auth-with-password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identity: email, password }),
  });
  const body = (await auth.json()) as { token?: string };
  if (!body.token) throw new Error(`sign-in answered ${String(auth.status)}`);
  return body.token;
}

/** Measures the stall of each import on `dialect`. */
export async function benchImportStall(
  dialect: DialectName,
  childEnv: (extra: Record<string, string>) => Record<string, string>,
  log: (message: string) => void,
): Promise<ImportStallResult[]> {
  const entries = Number(process.env.BENCH_IMPORT_ENTRIES ?? 10_000);
  const posts = Number(process.env.BENCH_IMPORT_POSTS ?? 5_000);
  const { env, cleanup } = await freshEnvironment(dialect);
  const server = await startCahierServer(`${dialect}-import`, childEnv(env));
  const results: ImportStallResult[] = [];
  try {
    const token = await signUp(server.url, "importer");
    const idleUntil = performance.now() + IDLE_MS;
    const idle = await probe(server.url, () => performance.now() > idleUntil);
    const idleP50Ms = percentile(idle, 0.5);
    const uploads: [string, string, string, Uint8Array][] = [
      [`markdown zip, ${String(entries)} entries`, "markdown", "journal.zip", markdownZip(entries)],
      [`ghost json, ${String(posts)} posts`, "ghost", "ghost.json", ghostJson(posts)],
    ];
    for (const [upload, format, filename, bytes] of uploads) {
      log(`${dialect}: importing a ${upload}`);
      const form = new FormData();
      form.set("format", format);
      form.set("file", new Blob([bytes]), filename);
      let finished = false;
      const started = performance.now();
      const importing = fetch(`${server.url}/api/import`, {
        method: "POST",
        headers: { authorization: token },
        body: form,
      }).then(async (res) => {
        await res.arrayBuffer();
        finished = true;
        return res.status;
      });
      const during = await probe(server.url, () => finished);
      const status = await importing;
      const worstMs = during.at(-1) ?? Number.NaN;
      results.push({
        target: dialect,
        upload,
        importSeconds: (performance.now() - started) / 1000,
        status,
        idleP50Ms,
        p50Ms: percentile(during, 0.5),
        worstMs,
        ratio: worstMs / idleP50Ms,
      });
    }
  } finally {
    await server.stop();
    await cleanup();
  }
  return results;
}

/** One line per import: its stall, and whether it meets the target. */
export function importStallVerdicts(results: readonly ImportStallResult[]): string[] {
  return results.map((r) => {
    const verdict = r.status === 200 && r.worstMs <= TARGET_IMPORT_STALL_MS ? "meets" : "misses";
    return `${r.target}: ${r.upload} imported in ${r.importSeconds.toFixed(1)} s (status ${String(r.status)}); health p50 ${r.p50Ms.toFixed(1)} ms, worst ${r.worstMs.toFixed(1)} ms = ${r.ratio.toFixed(1)}× the idle p50 (${r.idleP50Ms.toFixed(2)} ms); ${verdict} the ${String(TARGET_IMPORT_STALL_MS)} ms stall target`;
  });
}
