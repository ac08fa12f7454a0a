import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterEach, describe, expect, it } from "vitest";
import { readerLeft } from "./reader-left.ts";

let server: http.Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

/** Serves one request with `answer`, and resolves with how writing the answer ended. */
async function serveOnce(
  answer: (res: http.ServerResponse) => Promise<void>,
  client: (url: string) => void,
): Promise<{ error: unknown; res: http.ServerResponse }> {
  return new Promise((resolve) => {
    server = http.createServer((_req, res) => {
      answer(res).then(
        () => {
          resolve({ error: undefined, res });
        },
        (error: unknown) => {
          resolve({ error, res });
        },
      );
    });
    server.listen(0, "127.0.0.1", () => {
      client(`http://127.0.0.1:${String((server?.address() as AddressInfo).port)}/`);
    });
  });
}

describe("a reader who left", () => {
  it("is recognised when the socket closes while the page streams", async () => {
    const { error, res } = await serveOnce(
      async (res) => {
        const body = new PassThrough();
        body.write("<!doctype html><p>first screen");
        res.writeHead(200, { "content-type": "text/html" });
        const sending = pipeline(body, res);
        // The page's end never comes: the reader closes the connection first.
        await sending;
      },
      (url) => {
        const request = http.get(url, (response) => {
          response.once("data", () => request.destroy());
        });
        request.on("error", () => undefined);
      },
    );
    expect(error).toBeDefined();
    expect(readerLeft(error, res)).toBe(true);
  });

  it("is recognised when the socket closed before the page was ready", async () => {
    const { error, res } = await serveOnce(
      async (res) => {
        await new Promise((resolve) => res.once("close", resolve));
        await pipeline(Readable.from(["<!doctype html>"]), res);
      },
      (url) => {
        const request = http.get(url);
        request.on("error", () => undefined);
        setTimeout(() => request.destroy(), 20);
      },
    );
    expect(error).toBeDefined();
    expect(readerLeft(error, res)).toBe(true);
  });

  it("is not a render that failed on its own, though that also destroys the answer", async () => {
    const { error, res } = await serveOnce(
      async (res) => {
        async function* page() {
          yield "<!doctype html>";
          await Promise.resolve();
          throw new Error("a component threw");
        }
        res.writeHead(200, { "content-type": "text/html" });
        await pipeline(Readable.from(page()), res);
      },
      (url) => {
        http.get(url, (response) => response.resume()).on("error", () => undefined);
      },
    );
    expect(res.destroyed).toBe(true);
    expect((error as Error).message).toBe("a component threw");
    expect(readerLeft(error, res)).toBe(false);
  });

  it("needs the answer closed: the same code on an open answer is an error of ours", () => {
    const error = Object.assign(new Error("Premature close"), {
      code: "ERR_STREAM_PREMATURE_CLOSE",
    });
    expect(readerLeft(error, { destroyed: false })).toBe(false);
    expect(readerLeft(error, { destroyed: true })).toBe(true);
    expect(readerLeft("Premature close", { destroyed: true })).toBe(false);
  });
});
