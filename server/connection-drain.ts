/**
 * Draining the HTTP connections of `cahier serve` when it is told to stop (issue 23 finding
 * 7). Closing a Node server stops it accepting connections and closes the idle ones, but a
 * request in flight at that moment was answered `Connection: keep-alive`, and its connection
 * then stayed open for the whole keep-alive timeout (72 s in Fastify), holding the process.
 * While draining, every response not yet sent says `Connection: close`, connections are
 * closed as soon as they fall idle, and whatever is left at the end of the grace period is
 * closed outright.
 *
 * @example
 * const drain = new ConnectionDrain(app.http.server);
 * // on SIGTERM:
 * drain.start();
 * setTimeout(() => drain.force(), GRACE_MS);
 * await app.close();
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** How often connections that fell idle are closed while draining (ms). */
const IDLE_SWEEP_MS = 100;

/** The connections of one HTTP server, drained on demand. */
export class ConnectionDrain {
  private readonly server: Server;
  private readonly inFlight = new Set<ServerResponse>();
  private sweeper: ReturnType<typeof setInterval> | null = null;

  constructor(server: Server) {
    this.server = server;
    server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
      if (response.writableEnded) return;
      if (this.sweeper) closeAfter(response);
      this.inFlight.add(response);
      response.once("close", () => this.inFlight.delete(response));
    });
  }

  /** Whether {@link start} was called. */
  get draining(): boolean {
    return this.sweeper !== null;
  }

  /**
   * From now on, every response closes its connection once sent, and connections are closed
   * as soon as they are idle. Call it before closing the server.
   */
  start(): void {
    if (this.sweeper) return;
    for (const response of this.inFlight) closeAfter(response);
    this.server.closeIdleConnections();
    this.sweeper = setInterval(() => {
      this.server.closeIdleConnections();
    }, IDLE_SWEEP_MS);
    this.sweeper.unref();
  }

  /** Closes every connection still open, answered or not (the grace period is over). */
  force(): void {
    this.server.closeAllConnections();
  }

  /** Stops closing idle connections. */
  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }
}

/** Asks a response whose head is not sent yet to close its connection once it is. */
function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader("Connection", "close");
}
