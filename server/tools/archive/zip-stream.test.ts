import { strFromU8, strToU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MAX_ZIP_ENTRIES, zipStream, type ZipStreamSource } from "./zip-stream.ts";

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* chunks(parts: string[], onRead?: (index: number) => void) {
  for (const [index, part] of parts.entries()) {
    onRead?.(index);
    await Promise.resolve();
    yield strToU8(part);
  }
}

describe("zipStream", () => {
  it("streams entries from buffers and async sources into a valid archive", async () => {
    const modified = new Date(2024, 4, 6, 7, 8, 10);
    async function* entries(): AsyncGenerator<ZipStreamSource> {
      await Promise.resolve();
      yield { name: "cahier.json", content: strToU8('{"a":1}'), compress: true, modified };
      yield { name: "files/é photo.bin", content: chunks(["ab", "cd", "ef"]), compress: false };
      yield { name: "empty.txt", content: chunks([]), compress: true };
    }
    const archive = unzipSync(await collect(zipStream(entries())));
    expect(Object.keys(archive)).toEqual(["cahier.json", "files/é photo.bin", "empty.txt"]);
    expect(strFromU8(archive["cahier.json"] as Uint8Array)).toBe('{"a":1}');
    expect(strFromU8(archive["files/é photo.bin"] as Uint8Array)).toBe("abcdef");
    expect((archive["empty.txt"] as Uint8Array).length).toBe(0);
  });

  it("reads a source only as fast as the archive is consumed", async () => {
    const read: number[] = [];
    const big = Array.from({ length: 50 }, (_, i) => `${i}`.repeat(10_000));
    async function* entries(): AsyncGenerator<ZipStreamSource> {
      await Promise.resolve();
      yield { name: "big.txt", content: chunks(big, (i) => read.push(i)), compress: false };
    }
    const iterator = zipStream(entries())[Symbol.asyncIterator]();
    await iterator.next();
    // A pass-through entry makes output for each chunk: the first bytes need two reads.
    expect(read.length).toBeLessThanOrEqual(3);
    await iterator.return(undefined);
  });

  it("ends with the error of a failing source", async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield strToU8("partial");
      await Promise.resolve();
      throw new Error("storage went away");
    }
    async function* entries(): AsyncGenerator<ZipStreamSource> {
      await Promise.resolve();
      yield { name: "a.txt", content: failing(), compress: true };
    }
    await expect(collect(zipStream(entries()))).rejects.toThrow("storage went away");
  });

  it("fails instead of writing an archive that would need zip64", async () => {
    async function* entries(): AsyncGenerator<ZipStreamSource> {
      await Promise.resolve();
      for (let i = 0; i <= MAX_ZIP_ENTRIES; i += 1)
        yield { name: `${i}.txt`, content: new Uint8Array(0), compress: false };
    }
    await expect(collect(zipStream(entries()))).rejects.toThrow("zip64");
  });
});
