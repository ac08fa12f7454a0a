/**
 * The realtime baseline: a bare `node:http` Server-Sent Events server. `GET` (any path) opens
 * a stream that gets one `PB_CONNECT` event, like Cahier's first message, and is then held;
 * `POST /publish` writes its body as one event to every open stream and answers 204 once
 * written; `GET /api/health` answers a small JSON. What any Node SSE server pays per connection and per delivery, nothing more.
 * Listens on loopback on a free port and prints `listening on <url>` once ready.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { serveOnLoopback } from "./bare-listen.ts";

const streams = new Set<http.ServerResponse>();

const server = http.createServer((request, response) => {
  if (request.method === "POST" && request.url === "/publish") {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const event = `event:entries/*\ndata:${Buffer.concat(chunks).toString()}\n\n`;
      for (const stream of streams) stream.write(event);
      response.writeHead(204).end();
    });
    return;
  }
  if (request.url === "/api/health") {
    response.writeHead(200, { "content-type": "application/json" }).end('{"code":200}');
    return;
  }
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-store",
    connection: "close",
  });
  request.socket.setNoDelay(true);
  const id = randomBytes(20).toString("hex");
  response.write(`id:${id}\nevent:PB_CONNECT\ndata:{"clientId":"${id}"}\n\n`);
  streams.add(response);
  response.once("close", () => streams.delete(response));
});

serveOnLoopback(server);
