import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { image, multipartBody } from "#tests/helpers/file-fixtures.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { appendVary, isCompressible, negotiateEncoding } from "./compression.ts";

/** Decodes a body by its Content-Encoding. */
function decode(body: Buffer, coding: unknown): Buffer {
  if (coding === "br") return zlib.brotliDecompressSync(body);
  if (coding === "gzip") return zlib.gunzipSync(body);
  return body;
}

describe("negotiateEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["GZIP, BR", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["gzip;q=0.2, identity;q=0.5", "identity"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["*;q=0.1, gzip;q=0.5", "gzip"],
    ["identity", "identity"],
    ["deflate", "identity"],
    ["identity;q=0, gzip", "gzip"],
    ["identity;q=0", null],
    ["*;q=0", null],
    ["br;q=nonsense, gzip;q=0.1", "gzip"],
  ])("Accept-Encoding %j → %j", (header, coding) => {
    expect(negotiateEncoding(header)).toBe(coding);
  });
});

describe("compression helpers", () => {
  it("compresses text, JSON, XML feeds, scripts and SVG, never images, archives or event streams", () => {
    for (const type of [
      "text/html; charset=utf-8",
      "text/plain",
      "text/css",
      "application/json",
      "application/feed+json",
      "application/rss+xml; charset=utf-8",
      "application/atom+xml",
      "application/xml",
      "application/javascript",
      "image/svg+xml",
    ])
      expect(isCompressible(type), type).toBe(true);
    for (const type of [
      "text/event-stream",
      "image/png",
      "image/jpeg",
      "application/zip",
      "application/octet-stream",
      "application/gzip",
      "font/woff2",
      undefined,
    ])
      expect(isCompressible(type), String(type)).toBe(false);
  });

  it("adds to Vary once, whatever the case", () => {
    expect(appendVary(undefined, "Accept-Encoding")).toBe("Accept-Encoding");
    expect(appendVary("accept-encoding", "Accept-Encoding", "Cookie")).toBe(
      "accept-encoding, Cookie",
    );
    expect(appendVary(["Origin", "Cookie"], "cookie")).toBe("Origin, Cookie");
    expect(appendVary("*", "Cookie")).toBe("*");
  });
});

describe.each(DIALECTS)("compressed API responses (%s)", (dialect) => {
  let app: TestApp;
  let writer: Awaited<ReturnType<TestApp["createUser"]>>;
  let entryId = "";
  const listUrl = "/api/collections/entries/records?perPage=50&sort=title";

  beforeAll(async () => {
    app = await createTestApp(dialect);
    writer = await app.createUser({ username: "wren", role: "writer" });
    for (let i = 0; i < 12; i++) {
      await app.seedRecord("entries", {
        author: writer.record.id,
        title: `A public day ${String(i)}`,
        content: "A long walk by the sea, then tea. ".repeat(10),
        visibility: "public",
      });
    }
    const { body, headers } = multipartBody([
      { name: "title", value: "With notes" },
      { name: "author", value: String(writer.record.id) },
      { name: "visibility", value: "private" },
      {
        name: "attachments",
        filename: "notes.txt",
        data: Buffer.from("Notes of the day, line after line.\n".repeat(400)),
        type: "text/plain",
      },
    ]);
    const created = await app.http.inject({
      method: "POST",
      url: "/api/collections/entries/records",
      headers: { ...headers, authorization: writer.token },
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(200);
    entryId = created.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers });

  it("answers Brotli, gzip or identity as Accept-Encoding asks, always with Vary", async () => {
    const plain = await get(listUrl, { "cache-control": "no-cache" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [header, coding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["br;q=0.1, gzip;q=0.9", "gzip"],
      ["identity", undefined],
      ["identity;q=0, gzip", "gzip"],
    ] as const) {
      const res = await get(listUrl, { "accept-encoding": header, "cache-control": "no-cache" });
      expect(res.headers["content-encoding"], header).toBe(coding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      const body = decode(res.rawPayload, res.headers["content-encoding"]);
      expect(JSON.parse(body.toString())).toEqual(JSON.parse(plain.body));
      if (coding) expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
  });

  it("answers guests' repeated reads from the micro-cache in the coding they accept", async () => {
    const first = await get(listUrl, { "accept-encoding": "br" });
    const again = await get(listUrl, { "accept-encoding": "br" });
    const gzip = await get(listUrl, { "accept-encoding": "gzip" });
    const plain = await get(listUrl);
    expect(again.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const res of [again, gzip, plain]) {
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload, res.headers["content-encoding"]).toString()).toBe(
        decode(first.rawPayload, "br").toString(),
      );
    }
  });

  it("leaves small answers as they are", async () => {
    const res = await get("/api/health", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses text files but never a byte range of them, nor images", async () => {
    const token = (
      await app.http.inject({
        method: "POST",
        url: "/api/files/token",
        headers: { authorization: writer.token },
      })
    ).json<{ token: string }>().token;
    const record = (
      await app.http.inject({
        method: "GET",
        url: `/api/collections/entries/records/${entryId}`,
        headers: { authorization: writer.token },
      })
    ).json<{ attachments: string[]; collectionId: string }>();
    const name = record.attachments[0] ?? "";
    const url = `/api/files/${record.collectionId}/${entryId}/${name}?token=${token}`;
    const whole = await get(url, { "accept-encoding": "br" });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-encoding"]).toBe("br");
    expect(decode(whole.rawPayload, "br").toString()).toContain("Notes of the day");
    const range = await get(url, { "accept-encoding": "br", range: "bytes=0-99" });
    expect(range.statusCode).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.rawPayload.length).toBe(100);

    const png = await image("png", 400, 300);
    const { body, headers } = multipartBody([{ name: "avatar", filename: "me.png", data: png }]);
    const updated = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/users/records/${String(writer.record.id)}`,
      headers: { ...headers, authorization: writer.token },
      payload: body,
    });
    const user = updated.json<{ avatar: string; collectionId: string; id: string }>();
    const avatar = await get(`/api/files/${user.collectionId}/${user.id}/${user.avatar}`, {
      "accept-encoding": "br, gzip",
    });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers["content-type"]).toBe("image/png");
    expect(avatar.headers["content-encoding"]).toBeUndefined();
    expect(avatar.rawPayload.equals(png)).toBe(true);
  });

  it("never compresses or holds back the realtime stream", async () => {
    const address = await app.http.listen({ port: 0, host: "127.0.0.1" });
    const { statusCode, headers, first } = await new Promise<{
      statusCode: number | undefined;
      headers: http.IncomingHttpHeaders;
      first: string;
    }>((resolve, reject) => {
      const req = http.get(
        `${address}/api/realtime`,
        { headers: { "accept-encoding": "br, gzip" } },
        (res) => {
          res.once("data", (chunk: Buffer) => {
            resolve({ statusCode: res.statusCode, headers: res.headers, first: chunk.toString() });
            req.destroy();
          });
        },
      );
      req.on("error", reject);
    });
    expect(statusCode).toBe(200);
    expect(headers["content-type"]).toBe("text/event-stream");
    expect(headers["content-encoding"]).toBeUndefined();
    expect(first).toContain("PB_CONNECT");
  });
});
