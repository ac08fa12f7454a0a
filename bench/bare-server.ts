/**
 * The baselines: a bare `node:http` server answering every request with one fixed JSON body,
 * a small document by default or the contents of `BARE_BODY_FILE` (e.g. a captured list
 * page, to price the transfer of a body that size). Listens on loopback on a free port and
 * prints `listening on <url>` once ready.
 */
import fs from "node:fs";
import http from "node:http";
import { serveOnLoopback } from "./bare-listen.ts";

const file = process.env.BARE_BODY_FILE;
const body = file
  ? fs.readFileSync(file)
  : Buffer.from(JSON.stringify({ message: "Hello, world!" }));

const server = http.createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "application/json", "Content-Length": body.length });
  response.end(body);
});

serveOnLoopback(server);
