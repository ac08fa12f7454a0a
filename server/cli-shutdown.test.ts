/**
 * `cahier serve` stopping on SIGTERM (issue 23 finding 7), on a real server process with real
 * connections: a keep-alive connection left idle, a realtime stream and a request in flight
 * (its head received, its body still coming). The request in flight gets its answer, which
 * closes its connection; the idle connection and the stream are closed cleanly; the process
 * exits by itself, well before the 72 s a kept-alive connection used to hold it.
 */
import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForExit, type ExitStatus } from "#tests/helpers/child-process.ts";
import {
  startServer,
  upsertSuperuserCli,
  type ServerProcess,
} from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

/** A generous bound for the exit (the server's own deadline is 10 s). */
const EXIT_BOUND_MS = 30_000;

/** A response's status, headers and body. */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function readAnswer(response: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let body = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => (body += chunk));
    response.on("end", () => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
    });
    response.on("error", reject);
  });
}

describe.each(DIALECTS)("cahier serve on SIGTERM (%s)", (dialect) => {
  let server: ServerProcess;
  let token = "";

  beforeAll(async () => {
    server = await startServer(dialect);
    await upsertSuperuserCli(server, "root@example.com", "password123");
    const res = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identity: "root@example.com", password: "password123" }),
    });
    expect(res.status).toBe(200);
    token = ((await res.json()) as { token: string }).token;
  });
  afterAll(async () => {
    await server.cleanup();
  });

  it("answers the request in flight, closes idle connections and streams, and exits by itself", async () => {
    const child = server.child;
    if (!child) throw new Error("the server is not running");
    const port = server.port;

    // A keep-alive connection, idle after one request.
    const agent = new http.Agent({ keepAlive: true });
    let idleSocket: Socket | undefined;
    const first = await new Promise<Answer>((resolve, reject) => {
      http
        .get({ port, host: "127.0.0.1", path: "/api/health", agent }, (response) => {
          idleSocket = response.socket;
          resolve(readAnswer(response));
        })
        .on("error", reject);
    });
    expect(first.status).toBe(200);
    expect(first.headers.connection).toBe("keep-alive");
    const idleClosed = new Promise<void>((resolve) => idleSocket?.once("close", resolve));

    // A realtime stream, connected.
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ port, host: "127.0.0.1", path: "/api/realtime", agent: false }, resolve)
        .on("error", reject);
    });
    let streamed = "";
    stream.setEncoding("utf8");
    const streamEnded = new Promise<void>((resolve, reject) => {
      stream.on("data", (chunk: string) => (streamed += chunk));
      stream.on("end", resolve);
      stream.on("error", reject);
    });
    await expect.poll(() => streamed, { timeout: 30_000 }).toContain("PB_CONNECT");

    // A request in flight: the server has its head (it said "100 Continue"), not its body.
    const body = JSON.stringify({
      email: "in-flight@example.com",
      username: "inflight",
      password: "password123",
      passwordConfirm: "password123",
    });
    const inFlight = http.request({
      port,
      host: "127.0.0.1",
      method: "POST",
      path: "/api/collections/users/records",
      agent: new http.Agent({ keepAlive: true }),
      headers: {
        authorization: token,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        expect: "100-continue",
      },
    });
    const answered = new Promise<Answer>((resolve, reject) => {
      inFlight.on("response", (response) => {
        resolve(readAnswer(response));
      });
      inFlight.on("error", reject);
    });
    await new Promise<void>((resolve) => inFlight.once("continue", resolve));

    const exited = waitForExit(child);
    child.kill("SIGTERM");
    inFlight.end(body);

    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ email: "in-flight@example.com" });
    // Its connection closes once answered, instead of holding the process for 72 s.
    expect(answer.headers.connection).toBe("close");
    await idleClosed;
    await streamEnded;

    let timer: ReturnType<typeof setTimeout> | undefined;
    const status = await Promise.race([
      exited,
      new Promise<ExitStatus | "still running">((resolve) => {
        timer = setTimeout(() => {
          resolve("still running");
        }, EXIT_BOUND_MS);
      }),
    ]);
    clearTimeout(timer);
    expect(status).toEqual({ code: 0, signal: null });
    agent.destroy();
  });
});
