/**
 * Load generation with wrk (C, Debian's `wrk` package), the bench's default when it is
 * installed (`load.ts`). autocannon parses every answer in JavaScript: on these 2-core
 * machines, for bodies of a few kilobytes it saturates before the server does (a bare server
 * sending a 13 KB page sat idle 45% of the time), so it measured the client. wrk costs a
 * fraction of that per answer, so the server under test is the bottleneck, as it should be.
 *
 * One wrk thread (the other core is the server's). The request is written by a Lua script:
 * static when it can be (wrk formats it once), else built per request to put a fresh id in
 * the body. Answers are counted per status code only when asked (a Lua callback per answer
 * slows wrk down). The script's `done` prints one JSON line this module reads.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The `wrk` executable, when one is on the PATH. */
export function findWrk(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, "wrk");
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** One wrk request shape (see `LoadTarget`). */
export interface WrkTarget {
  url: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** `[<id>]` in it is replaced by a fresh random id per request. */
  body?: string | undefined;
}

/** What one wrk run counted. */
export interface WrkResult {
  requests: number;
  durationSeconds: number;
  bytes: number;
  /** Latency percentiles, milliseconds. */
  p50: number;
  p99: number;
  /** Socket errors (connect, read, write) and timeouts. */
  errors: number;
  timeouts: number;
  /** Answers with a status of 400 or more. */
  errorStatuses: number;
  /** Answers per status code, when counted. */
  statusCodes?: Record<string, number>;
}

/** A Lua string literal. */
const lua = (text: string) => JSON.stringify(text).replace(/\\u([0-9a-f]{4})/gi, "\\u{$1}");

/** The Lua script of a target (exported for its test). */
export function wrkScript(target: WrkTarget, countStatuses: boolean): string {
  const headers = Object.entries(target.headers)
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(", ");
  const perRequest = target.body?.includes("[<id>]") ?? false;
  const lines = [
    `wrk.method = ${lua(target.method)}`,
    `wrk.headers = { ${headers} }`,
    target.body === undefined ? "" : `wrk.body = ${lua(target.body)}`,
    "local threads = {}",
    "function setup(thread) table.insert(threads, thread) end",
  ];
  if (perRequest) {
    lines.push(
      'local alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"',
      "local function id()",
      "  local out = {}",
      "  for i = 1, 15 do local n = math.random(1, 36); out[i] = alphabet:sub(n, n) end",
      "  return table.concat(out)",
      "end",
      "function request()",
      '  local body = wrk.body:gsub("%[<id>%]", function() return id() end)',
      "  return wrk.format(nil, nil, nil, body)",
      "end",
    );
  }
  if (countStatuses) {
    lines.push(
      "counts = {}",
      "function response(status) counts[status] = (counts[status] or 0) + 1 end",
    );
  }
  lines.push(
    "function done(summary, latency, requests)",
    "  local codes = {}",
    "  local merged = {}",
    "  for _, thread in ipairs(threads) do",
    '    local counted = thread:get("counts")',
    "    if counted then for status, n in pairs(counted) do merged[status] = (merged[status] or 0) + n end end",
    "  end",
    "  for status, n in pairs(merged) do table.insert(codes, string.format('\"%d\":%d', status, n)) end",
    "  local e = summary.errors",
    '  io.write(string.format(\'WRK_JSON {"requests":%d,"duration":%d,"bytes":%d,"p50":%d,"p99":%d,' +
      '"errors":%d,"timeouts":%d,"status":%d,"codes":{%s}}\\n\', summary.requests, ' +
      "summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99), " +
      'e.connect + e.read + e.write, e.timeout, e.status, table.concat(codes, ",")))',
    "end",
  );
  return lines.filter(Boolean).join("\n") + "\n";
}

interface WrkJson {
  requests: number;
  duration: number;
  bytes: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  status: number;
  codes: Record<string, number>;
}

/** Reads the script's JSON line from wrk's output. */
export function parseWrkOutput(stdout: string, countStatuses: boolean): WrkResult {
  const line = stdout.split("\n").find((l) => l.startsWith("WRK_JSON "));
  if (!line) throw new Error(`wrk printed no result: ${stdout.slice(0, 500)}`);
  const json = JSON.parse(line.slice("WRK_JSON ".length)) as WrkJson;
  const result: WrkResult = {
    requests: json.requests,
    durationSeconds: json.duration / 1e6,
    bytes: json.bytes,
    p50: json.p50 / 1000,
    p99: json.p99 / 1000,
    errors: json.errors,
    timeouts: json.timeouts,
    errorStatuses: json.status,
  };
  if (countStatuses) result.statusCodes = json.codes;
  return result;
}

/** Runs wrk against `target` for `seconds`. */
export async function runWrk(
  wrk: string,
  target: WrkTarget,
  options: { connections: number; seconds: number; timeoutSeconds: number },
  countStatuses: boolean,
): Promise<WrkResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-wrk-"));
  const script = path.join(dir, "request.lua");
  fs.writeFileSync(script, wrkScript(target, countStatuses));
  try {
    const { stdout } = await run(
      wrk,
      [
        "--threads",
        "1",
        "--connections",
        String(options.connections),
        "--duration",
        `${String(options.seconds)}s`,
        "--timeout",
        `${String(options.timeoutSeconds)}s`,
        "--script",
        script,
        target.url + target.path,
      ],
      { maxBuffer: 1 << 20 },
    );
    return parseWrkOutput(stdout, countStatuses);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
