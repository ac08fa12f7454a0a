/**
 * The bare `node:http` baselines of the HTTP benchmark (`bare-server.ts`): the small JSON
 * body every ratio is taken against, and the very bytes of a measured answer (a list page,
 * the post page as a browser gets it), which price the transfer alone: what any server pays
 * for sending a body that size.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { measure, type LoadSettings, type Measurement } from "./load.ts";
import { startServer } from "./processes.ts";
import type { ScenarioResult } from "./report.ts";

const ROOT = path.dirname(import.meta.dirname);

/** A measurement not yet compared with the baseline. */
export type RawResult = Omit<ScenarioResult, "ratio" | "cpuRatio">;

/** What the baselines need of the run. */
export interface BaselineContext {
  settings: LoadSettings;
  childEnv: (extra: Record<string, string>) => Record<string, string>;
  log: (message: string) => void;
}

/** Measures a bare server answering the small JSON body, or a file's contents. */
export async function benchBare(context: BaselineContext, bodyFile?: string): Promise<Measurement> {
  const server = await startServer({
    name: "bare",
    script: path.join(ROOT, "bench", "bare-server.ts"),
    env: context.childEnv(bodyFile ? { BARE_BODY_FILE: bodyFile } : {}),
  });
  try {
    context.log(`bare node:http${bodyFile ? ` serving ${path.relative(ROOT, bodyFile)}` : ""}`);
    return await measure(
      "bare",
      { url: server.url, path: "/" },
      context.settings,
      server.cpuSeconds,
    );
  } finally {
    await server.stop();
  }
}

/** The bytes of an answer as sent (node:http: fetch would decode a compressed body). */
export function rawBody(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          resolve(Buffer.concat(chunks));
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Measures the bare server answering `body`, as the baseline scenario `scenario`. */
export async function benchBareBody(
  context: BaselineContext,
  scenario: string,
  fileName: string,
  body: Buffer,
): Promise<RawResult> {
  const file = path.join(ROOT, ".bench", fileName);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  const m = await benchBare(context, file);
  return {
    ...m,
    target: "baseline",
    scenario,
    request: "GET /",
    connections: context.settings.connections,
  };
}
