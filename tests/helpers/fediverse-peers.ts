/**
 * Fediverse tests' processes and waits (ADR 071): the peer server (`fediverse-peer.ts`, a
 * Fedify server that is not Cahier's code) as a child process, and Cahier in process
 * listening on a real port, its addresses on `http://127.0.0.1:PORT`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, killOnExit, waitForExit } from "./child-process.ts";
import { createTestApp, type DialectName, type TestApp } from "./test-app.ts";

const PEER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), "fediverse-peer.ts");

/** A running peer. */
export interface Peer {
  url: string;
  control<T>(name: string, body?: object): Promise<T>;
  stop(): Promise<void>;
}

/** Starts the peer process on a free port. */
export async function startPeer(): Promise<Peer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [PEER_SCRIPT, String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  killOnExit(child);
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the peer did not start:\n${output}`));
    }, 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes(`listening ${String(port)}`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.on("exit", () => {
      clearTimeout(timer);
      reject(new Error(`the peer exited:\n${output}`));
    });
  });
  const url = `http://127.0.0.1:${String(port)}`;
  return {
    url,
    async control<T>(name: string, body?: object): Promise<T> {
      const res = await fetch(`${url}/_control/${name}`, {
        method: body ? "POST" : "GET",
        ...(body
          ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } }
          : {}),
      });
      const json = (await res.json()) as T;
      if (!res.ok) throw new Error(`peer ${name}: ${JSON.stringify(json)}`);
      return json;
    },
    async stop() {
      child.kill("SIGTERM");
      await waitForExit(child);
    },
  };
}

/** Cahier in process on a real port, federating with private addresses allowed. */
export async function startFederatingApp(
  dialect: DialectName,
  extraEnv: Record<string, string> = {},
): Promise<{ app: TestApp; url: string; host: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const app = await createTestApp(dialect, {
    APP_URL: url,
    FEDERATION_ALLOW_PRIVATE: "true",
    ...extraEnv,
  });
  await app.http.listen({ port, host: "127.0.0.1" });
  return { app, url, host: `127.0.0.1:${String(port)}` };
}

/** Waits until `check` answers a value (not undefined), or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  ms = 30_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
