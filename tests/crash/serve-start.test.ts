/**
 * What `npx cahier serve` says when it starts (issue 25 item 15): the address to open first,
 * `http://localhost:<port>` by default, where passkeys work (WebAuthn refuses IP addresses),
 * then the socket it listens on and the engine. The address it names answers. And it runs
 * the compiled server (ADR 068), which loads no TypeScript.
 */
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type ServerProcess } from "#tests/helpers/server-process.ts";

describe("the start message", () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.cleanup();
  });

  it("names http://localhost:<port> as the address to open, then the socket", async () => {
    // Without Node's type stripper, a `.ts` module would fail to load: the server runs the
    // compiled build, which the global setup made current.
    server = await startServer("sqlite", {
      LOG_LEVEL: "info",
      NODE_OPTIONS: "--no-experimental-strip-types",
    });
    const { port } = server;
    const open = `http://localhost:${String(port)}`;
    expect(server.output()).toContain(
      `Cahier is serving on ${open} (listening on http://127.0.0.1:${String(port)}, sqlite)`,
    );
    const health = await fetch(`${open}/api/health`);
    expect(health.status).toBe(200);
  });
});
