import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressChunks, etagMatches, isNotModified } from "./page-send.ts";
import { pageCachePolicy, pageEtag, policyAdjustment } from "./page-entry.ts";

/** Chunks that arrive one by one, the next only once the previous one was taken. */
async function* slowChunks(parts: string[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    yield new TextEncoder().encode(part);
  }
}

describe("streamed compression", () => {
  for (const coding of ["br", "gzip"] as const) {
    it(`hands on each chunk at once, decodable so far (${coding})`, async () => {
      const parts = ["<!DOCTYPE html><html><body>", "<main>first screen</main>", "</body></html>"];
      // What a reader can decode from the bytes received so far.
      const decodeSoFar = (bytes: Buffer) =>
        (coding === "br"
          ? zlib.brotliDecompressSync(bytes, {
              finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
            })
          : zlib.gunzipSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH })
        ).toString();
      const received: Buffer[] = [];
      const seen: string[] = [];
      let index = 0;
      for await (const piece of compressChunks(slowChunks(parts), coding)) {
        received.push(piece);
        seen.push(decodeSoFar(Buffer.concat(received)));
        index += 1;
      }
      // Each piece decodes to everything written so far: nothing was held back.
      expect(seen[0]).toBe(parts[0]);
      expect(seen[1]).toBe(parts.slice(0, 2).join(""));
      expect(seen.at(-1)).toBe(parts.join(""));
      expect(index).toBeGreaterThanOrEqual(parts.length);
    });
  }
});

describe("streamed compression of bursts", () => {
  it("flushes once per burst of chunks written together", async () => {
    // A stream whose 40 chunks are all written before anyone reads (as React writes a burst).
    const burst = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++)
          controller.enqueue(new TextEncoder().encode(`<p>${String(i)}</p>`));
        controller.close();
      },
    });
    const pieces: Buffer[] = [];
    for await (const piece of compressChunks(burst, "br")) pieces.push(piece);
    // One piece for the burst, one for the end of the stream at most.
    expect(pieces.length).toBeLessThanOrEqual(2);
    const text = zlib.brotliDecompressSync(Buffer.concat(pieces)).toString();
    expect(text).toBe(Array.from({ length: 40 }, (_, i) => `<p>${String(i)}</p>`).join(""));
  });
});

describe("validators", () => {
  it("compares ETags weakly, lists and * included", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('"abd"', 'W/"abc"')).toBe(false);
  });

  it("prefers If-None-Match over If-Modified-Since", () => {
    const modified = "Mon, 31 Mar 2025 08:00:00 GMT";
    expect(isNotModified({ "if-modified-since": modified }, 'W/"a"', modified)).toBe(true);
    expect(isNotModified({ "if-modified-since": modified }, 'W/"a"', null)).toBe(false);
    expect(
      isNotModified({ "if-none-match": '"b"', "if-modified-since": modified }, 'W/"a"', modified),
    ).toBe(false);
  });

  it("ignores the CSP nonce in a page's ETag", () => {
    const page = (nonce: string) =>
      Buffer.from(`<script nonce="${nonce}">go()</script><p>Hello</p>`);
    expect(pageEtag(page("n0nce1"), "n0nce1")).toBe(pageEtag(page("n0nce2"), "n0nce2"));
    expect(pageEtag(page("n0nce1"), "n0nce1")).not.toBe(
      pageEtag(Buffer.from('<script nonce="n0nce1">go()</script><p>Bye</p>'), "n0nce1"),
    );
  });
});

describe("the page policy", () => {
  it("lets browsers revalidate, shared caches keep a page briefly, CDNs serve it stale a while", () => {
    expect(pageCachePolicy(10, null)).toEqual({
      cacheControl: "public, max-age=0, must-revalidate, s-maxage=10",
      cdnCacheControl: "public, max-age=10, stale-while-revalidate=30",
    });
    expect(pageCachePolicy(0, null)).toEqual({
      cacheControl: "public, no-cache",
      cdnCacheControl: null,
    });
  });

  it("stops short of the next scheduled publication", () => {
    const now = 1_000_000;
    expect(pageCachePolicy(10, now + 25_000, now)).toEqual({
      cacheControl: "public, max-age=0, must-revalidate, s-maxage=10",
      cdnCacheControl: "public, max-age=10, stale-while-revalidate=15",
    });
    expect(pageCachePolicy(10, now + 4_000, now).cacheControl).toBe(
      "public, max-age=0, must-revalidate, s-maxage=4",
    );
    expect(pageCachePolicy(10, now + 500, now)).toEqual({
      cacheControl: "public, no-cache",
      cdnCacheControl: null,
    });
    expect(policyAdjustment(now + 3_600_000, 10, now)).toBeUndefined();
    const adjust = policyAdjustment(now + 4_000, 10, now);
    expect(
      adjust?.({
        "cache-control": "public, max-age=0, must-revalidate, s-maxage=10",
        "cdn-cache-control": "public, max-age=10, stale-while-revalidate=30",
        etag: 'W/"a"',
      }),
    ).toEqual({
      "cache-control": "public, max-age=0, must-revalidate, s-maxage=4",
      "cdn-cache-control": "public, max-age=4",
      etag: 'W/"a"',
    });
  });
});
