/**
 * A zip archive as a stream of bytes, built while it is read: entries are added one by one
 * from async sources and the archive's bytes come out as the consumer pulls them, so an
 * archive of any size never sits in memory (at most one source chunk and what fflate makes of
 * it). Used to stream downloads straight to the response (`Readable.from(zipStream(…))`).
 */
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { ZipSource } from "./zip.ts";

/** The zip format without zip64 (fflate writes no zip64): at most this many entries… */
export const MAX_ZIP_ENTRIES = 0xffff;
/** …and this many bytes in all. */
export const MAX_ZIP_BYTES = 0xffffffff;

/** An entry to stream: a {@link ZipSource} with an optional modification time. */
export interface ZipStreamSource extends ZipSource {
  /** The entry's modification time (now when absent). */
  modified?: Date;
}

/**
 * The bytes of a zip archive holding `entries`, in order. Pulled lazily: the next source
 * chunk is read only once the bytes made so far were consumed. A failing source ends the
 * iteration with its error (the consumer gets a truncated archive and the error), and so does
 * an archive that would need zip64 (more than {@link MAX_ZIP_ENTRIES} entries or
 * {@link MAX_ZIP_BYTES} bytes): a failed download rather than a corrupt one.
 *
 * @example
 * reply.send(Readable.from(zipStream(entries())));
 */
export async function* zipStream(
  entries: AsyncIterable<ZipStreamSource>,
): AsyncGenerator<Uint8Array> {
  const queue: Uint8Array[] = [];
  // Written by fflate's callback, read after each push.
  const state = { failure: null as Error | null, finished: false };
  const zip = new Zip((error, data, final) => {
    if (error) {
      state.failure ??= error;
      return;
    }
    if (data.length > 0) queue.push(data);
    if (final) state.finished = true;
  });
  let bytes = 0;
  let count = 0;
  const drain = function* (): Generator<Uint8Array> {
    if (state.failure) throw state.failure;
    while (queue.length > 0) {
      const chunk = queue.shift() as Uint8Array;
      bytes += chunk.length;
      if (bytes > MAX_ZIP_BYTES) throw new Error("the archive would need zip64 (over 4 GiB)");
      yield chunk;
    }
  };
  try {
    for await (const entry of entries) {
      count += 1;
      if (count > MAX_ZIP_ENTRIES)
        throw new Error(`the archive would need zip64 (over ${MAX_ZIP_ENTRIES} entries)`);
      const member = entry.compress
        ? new ZipDeflate(entry.name, { level: 6 })
        : new ZipPassThrough(entry.name);
      if (entry.modified) member.mtime = entry.modified;
      zip.add(member);
      if (entry.content instanceof Uint8Array) {
        member.push(entry.content, true);
        yield* drain();
        continue;
      }
      // One chunk is held back so the last one can be pushed as final.
      let pending: Uint8Array | null = null;
      for await (const chunk of entry.content) {
        if (pending) {
          member.push(pending);
          yield* drain();
        }
        pending = chunk;
      }
      member.push(pending ?? new Uint8Array(0), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
    if (!state.finished) throw new Error("the zip archive was not completed");
  } finally {
    if (!state.finished) zip.terminate();
  }
}
