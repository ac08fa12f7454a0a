import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeStreams, openStreams, sourceAddress } from "./sse-clients.ts";

const servers: http.Server[] = [];

/** A loopback server; `handler` answers every request. */
async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("sourceAddress", () => {
  it("moves to the next loopback address every 4,000 connections", () => {
    expect(sourceAddress(0)).toBe("127.0.0.1");
    expect(sourceAddress(3999)).toBe("127.0.0.1");
    expect(sourceAddress(4000)).toBe("127.0.0.2");
    expect(sourceAddress(9999)).toBe("127.0.0.3");
  });
});

describe("openStreams", () => {
  it("resolves with every stream's client id once PB_CONNECT arrived, and reports markers", async () => {
    let n = 0;
    const writers: http.ServerResponse[] = [];
    const url = await serve((request, response) => {
      expect(request.url).toBe("/api/realtime");
      n += 1;
      response.writeHead(200, { "content-type": "text/event-stream", connection: "close" });
      response.write(
        `id:c${String(n)}\nevent:PB_CONNECT\nretry:1500\ndata:{"clientId":"c${String(n)}"}\n\n`,
      );
      writers.push(response);
    });
    const markers: number[] = [];
    const streams = await openStreams({
      urls: [url],
      count: 5,
      concurrency: 2,
      markerPrefix: "m-",
      onMarker: (marker) => markers.push(marker),
    });
    expect(streams.map((s) => s.clientId).sort()).toEqual(["c1", "c2", "c3", "c4", "c5"]);
    expect(streams.every((s) => s.open() && s.url === url)).toBe(true);
    for (const writer of writers) writer.write('event:x\ndata:{"title":"m-7"}\n\n');
    await expect.poll(() => markers.length, { timeout: 10_000 }).toBe(5);
    expect(new Set(markers)).toEqual(new Set([7]));
    writers[0]?.end();
    await expect.poll(() => streams.filter((s) => s.open()).length, { timeout: 10_000 }).toBe(4);
    closeStreams(streams);
  });

  it("rejects when the server refuses a stream", async () => {
    const url = await serve((_request, response) => {
      response.writeHead(503, { "retry-after": "5" }).end();
    });
    await expect(openStreams({ urls: [url], count: 3, concurrency: 3 })).rejects.toThrow(
      /answered HTTP\/1\.1 503/,
    );
  });
});
