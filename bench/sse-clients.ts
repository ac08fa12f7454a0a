/**
 * Thousands of lightweight SSE clients for the realtime benchmarks: raw `net` sockets that
 * write the HTTP request by hand and scan what arrives as text, so the load generator stays
 * far cheaper than the servers it measures (no EventSource, no parser per event).
 *
 * Connections spread over several loopback source addresses (127.0.0.1, 127.0.0.2, …) so that
 * many thousands of them never exhaust one address's ephemeral ports.
 */
import net from "node:net";
import { MarkerScanner } from "./stats.ts";

/** Connections per loopback source address. */
const CONNECTIONS_PER_ADDRESS = 4000;
/** How long one stream may take to deliver its `PB_CONNECT`. */
const CONNECT_TIMEOUT_MS = 60_000;

/** One open stream. */
export interface SseSocket {
  /** The client id from `PB_CONNECT`. */
  clientId: string;
  /** The base URL of the server the stream is on. */
  url: string;
  /** Whether the stream is still open (the server has not ended it). */
  open(): boolean;
  /** Stops the stream. */
  close(): void;
}

/** What to open. */
export interface OpenOptions {
  /** Base URLs of the servers; streams are opened on them in turn (round robin). */
  urls: readonly string[];
  /** Streams to open. */
  count: number;
  /** Streams being opened at once. */
  concurrency: number;
  /** Called with each event marker (see `MarkerScanner`) a stream receives, and its time. */
  onMarker?: (marker: number, receivedAt: number) => void;
  /** The marker prefix scanned for when `onMarker` is set. */
  markerPrefix?: string;
}

/** The loopback source address of the `index`th connection. */
export function sourceAddress(index: number): string {
  return `127.0.0.${String(1 + Math.floor(index / CONNECTIONS_PER_ADDRESS))}`;
}

/** Opens one stream and resolves once its `PB_CONNECT` arrived. */
function openOne(url: string, localAddress: string, options: OpenOptions): Promise<SseSocket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress });
    socket.setEncoding("utf8");
    socket.setNoDelay(true);
    let head = "";
    let connected = false;
    const scanner =
      options.onMarker && options.markerPrefix ? new MarkerScanner(options.markerPrefix) : null;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no PB_CONNECT from ${url} within ${String(CONNECT_TIMEOUT_MS)} ms`));
    }, CONNECT_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      if (!connected) reject(error);
    };
    socket.once("error", fail);
    socket.once("close", () => {
      fail(new Error(`${url} closed the stream before PB_CONNECT: ${head.slice(0, 300)}`));
    });
    socket.on("data", (piece: string) => {
      if (connected) {
        if (scanner && options.onMarker) {
          const receivedAt = performance.now();
          for (const marker of scanner.push(piece)) options.onMarker(marker, receivedAt);
        }
        return;
      }
      head += piece;
      if (!head.startsWith("HTTP/1.1 200")) {
        if (head.includes("\r\n")) {
          socket.destroy();
          fail(new Error(`${url} answered ${head.slice(0, head.indexOf("\r\n"))}`));
        }
        return;
      }
      const match = /event:PB_CONNECT\n(?:retry:\d+\n)?data:\{"clientId":"(\w+)"\}/.exec(head);
      if (!match?.[1]) return;
      connected = true;
      clearTimeout(timer);
      head = "";
      // Errors after the connection (a reset at the end of the run) are not the bench's failure.
      socket.on("error", () => undefined);
      let open = true;
      socket.once("close", () => {
        open = false;
      });
      resolve({ clientId: match[1], url, open: () => open, close: () => socket.destroy() });
    });
    socket.write(
      `GET /api/realtime HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
        "Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n",
    );
  });
}

/**
 * Opens `count` streams, `concurrency` at a time, and resolves once every one has received its
 * `PB_CONNECT`. Rejects (closing what it opened) on the first stream that fails.
 */
export async function openStreams(options: OpenOptions): Promise<SseSocket[]> {
  const streams: SseSocket[] = [];
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < options.count) {
      const index = next++;
      const url = options.urls[index % options.urls.length] ?? "";
      try {
        streams.push(await openOne(url, sourceAddress(index), options));
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency, options.count) }, () => worker()),
  );
  if (failure !== null) {
    closeStreams(streams);
    throw failure instanceof Error ? failure : new Error("a stream failed to open");
  }
  return streams;
}

/** Closes every stream. */
export function closeStreams(streams: readonly SseSocket[]): void {
  for (const stream of streams) stream.close();
}
