/**
 * How the bare baseline servers (`bare-server.ts`, `bare-sse-server.ts`) run: on loopback on
 * a free port, printing `listening on <url>` once ready (the line the bench waits for), and
 * closing every connection on SIGTERM.
 */
import type http from "node:http";

/** Listens with `server` as described above. */
export function serveOnLoopback(server: http.Server): void {
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    if (address === null || typeof address === "string") {
      throw new Error("unexpected server address");
    }
    console.log(`listening on http://127.0.0.1:${String(address.port)}`);
  });

  process.on("SIGTERM", () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
