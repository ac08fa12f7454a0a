/**
 * Zip archives for backups, streamed through fflate with bounded memory: writing entries one
 * by one to a file, checking an archive's central directory before trusting it (entry names,
 * symlinks, counts, declared sizes), and extracting it while counting the bytes actually
 * inflated, so a zip bomb stops at the limit whatever its headers claim.
 */
import fs from "node:fs";
import path from "node:path";
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { Pacer } from "../routine/pacer.ts";

/** One entry to write: its name in the archive and its content. */
export interface ZipSource {
  name: string;
  content: AsyncIterable<Uint8Array> | Uint8Array;
  /** Deflate it (text) or store it as is (already compressed images). */
  compress: boolean;
}

/** Writes `entries` into a new zip file at `file` (fsynced before it resolves). */
export async function writeZip(file: string, entries: AsyncIterable<ZipSource>): Promise<void> {
  const fd = fs.openSync(file, "w");
  // Written by fflate's callbacks.
  const state = { failure: null as Error | null, finished: false };
  try {
    const zip = new Zip((error, data, final) => {
      if (error) {
        state.failure = error;
        return;
      }
      if (state.failure) return;
      try {
        fs.writeSync(fd, data);
      } catch (writeError) {
        state.failure = writeError as Error;
      }
      if (final) state.finished = true;
    });
    for await (const entry of entries) {
      const member = entry.compress
        ? new ZipDeflate(entry.name, { level: 6 })
        : new ZipPassThrough(entry.name);
      zip.add(member);
      if (entry.content instanceof Uint8Array) {
        member.push(entry.content, true);
      } else {
        let pending: Uint8Array | null = null;
        for await (const chunk of entry.content) {
          if (pending) member.push(pending);
          pending = chunk;
          if (state.failure) throw state.failure;
        }
        member.push(pending ?? new Uint8Array(0), true);
      }
      if (state.failure) throw state.failure;
    }
    zip.end();
    if (state.failure) throw state.failure;
    if (!state.finished) throw new Error("the zip archive was not completed");
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Why an archive was refused. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
}

/** Limits an archive must respect. */
export interface ArchiveLimits {
  /** Most entries. */
  maxEntries: number;
  /** Most bytes once extracted (declared and actual). */
  maxUnpackedBytes: number;
  /** Accepts or refuses an entry name (already checked for traversal). */
  allowName(name: string): boolean;
}

/** An entry of the central directory. */
export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  size: number;
  isDirectory: boolean;
  /**
   * When the file was last modified, as the archive says (its Unix time field when present,
   * else its DOS date and time read as UTC); null when it holds none.
   */
  modified: Date | null;
}

const EOCD_SIGNATURE = 0x06054b50;
const CDFH_SIGNATURE = 0x02014b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const EXTENDED_TIMESTAMP = 0x5455;

/**
 * An entry's modification time from its central directory header at `at`: the extended
 * timestamp field's Unix time when it carries one, else the DOS date and time (local time of
 * the zipping machine, with no zone: read as UTC). DOS's zero date (1980-01-01 00:00) and an
 * impossible date mean "unknown".
 */
function entryModified(directory: Buffer, at: number, nameLength: number, extraLength: number) {
  let extra = at + 46 + nameLength;
  const extraEnd = Math.min(extra + extraLength, directory.length);
  while (extra + 4 <= extraEnd) {
    const id = directory.readUInt16LE(extra);
    const length = directory.readUInt16LE(extra + 2);
    if (id === EXTENDED_TIMESTAMP && length >= 5 && extra + 9 <= extraEnd) {
      const flags = directory.readUInt8(extra + 4);
      if (flags & 1) return new Date(directory.readUInt32LE(extra + 5) * 1000);
    }
    extra += 4 + length;
  }
  const time = directory.readUInt16LE(at + 12);
  const date = directory.readUInt16LE(at + 14);
  if (date === 0 || (date === 0x21 && time === 0)) return null;
  const [year, month, day] = [1980 + (date >> 9), (date >> 5) & 0xf, date & 0x1f];
  const [hours, minutes, seconds] = [time >> 11, (time >> 5) & 0x3f, (time & 0x1f) * 2];
  const value = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  return value.getUTCMonth() === month - 1 && value.getUTCDate() === day && hours < 24
    ? value
    : null;
}

/** A safe relative name: no absolute path, drive, backslash, NUL, `.` or `..` segment. */
export function isSafeEntryName(name: string): boolean {
  if (name === "" || name.length > 1024) return false;
  if (/[\\\0]/.test(name) || name.startsWith("/") || /^[a-zA-Z]:/.test(name)) return false;
  const segments = name.replace(/\/$/, "").split("/");
  return segments.every((s) => s !== "" && s !== "." && s !== "..");
}

/**
 * Reads and checks the central directory of `file`: every name safe and allowed, no
 * symlinks, at most `maxEntries` entries and `maxUnpackedBytes` declared. Throws
 * {@link ArchiveError} otherwise.
 */
export function inspectZip(file: string, limits: ArchiveLimits): ZipEntryInfo[] {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    const tailLength = Math.min(size, 22 + 0xffff);
    if (tailLength < 22) throw new ArchiveError("not a zip archive");
    const tail = Buffer.alloc(tailLength);
    fs.readSync(fd, tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i -= 1) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ArchiveError("not a zip archive");
    const count = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || directoryOffset === 0xffffffff)
      throw new ArchiveError("zip64 archives are not supported");
    if (count > limits.maxEntries) throw new ArchiveError("too many entries");
    if (directoryOffset + directorySize > size) throw new ArchiveError("corrupt zip archive");
    const directory = Buffer.alloc(directorySize);
    fs.readSync(fd, directory, 0, directorySize, directoryOffset);
    const entries: ZipEntryInfo[] = [];
    let declared = 0;
    let at = 0;
    for (let i = 0; i < count; i += 1) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CDFH_SIGNATURE)
        throw new ArchiveError("corrupt zip archive");
      const madeBy = directory.readUInt16LE(at + 4) >> 8;
      const compressedSize = directory.readUInt32LE(at + 20);
      const entrySize = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const external = directory.readUInt32LE(at + 38);
      const name = directory.toString("utf8", at + 46, at + 46 + nameLength);
      const modified = entryModified(directory, at, nameLength, extraLength);
      at += 46 + nameLength + extraLength + commentLength;
      // Unix hosts (3) keep the file mode in the high half of the external attributes.
      if (madeBy === 3 && ((external >>> 16) & S_IFMT) === S_IFLNK)
        throw new ArchiveError(`symbolic link in the archive: ${name}`);
      if (!isSafeEntryName(name)) throw new ArchiveError(`unsafe entry name: ${name}`);
      const isDirectory = name.endsWith("/");
      if (!isDirectory && !limits.allowName(name))
        throw new ArchiveError(`unexpected entry: ${name}`);
      declared += entrySize;
      if (declared > limits.maxUnpackedBytes) throw new ArchiveError("archive too large");
      entries.push({ name, compressedSize, size: entrySize, isDirectory, modified });
    }
    return entries;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Bytes handed to the inflater at once. fflate finishes every entry a chunk completes in one
 * synchronous call, recursively: a 256 KiB chunk of a zip of thousands of small notes
 * overflowed the stack ("Maximum call stack size exceeded", refused as corrupt) and held the
 * event loop for seconds (issue 23 finding 2). Small chunks keep both short; the stream gives
 * other work a turn between them.
 */
const UNZIP_CHUNK_BYTES = 16 * 1024;
/** What one call of the inflater is given: about 40 tiny notes at most (issue 23 finding 2). */
const UNZIP_SLICE_BYTES = 4 * 1024;

/**
 * Entries up to this size are inflated into memory and written asynchronously between two
 * chunks of the archive: opening, writing and closing thousands of small files synchronously
 * held the event loop about 90 ms per chunk of a zip of notes (issue 23 finding 2). Larger
 * entries are written as they inflate, a chunk at a time.
 */
const BUFFERED_ENTRY_BYTES = 256 * 1024;
/** Small files written at once. */
const PARALLEL_WRITES = 4;

/** An extracted file and its size, as written. */
interface Extracted {
  name: string;
  size: number;
}

/**
 * Extracts `file` into the empty folder `dest` after {@link inspectZip}, counting the bytes
 * really inflated against each entry's declared size and against `maxUnpackedBytes`.
 * Directories are created as needed; nothing is written outside `dest`. Answers the entries
 * of the central directory, each file's `size` the bytes actually written; an entry the
 * archive's body never held is left out.
 */
export async function extractZip(
  file: string,
  dest: string,
  limits: ArchiveLimits,
): Promise<ZipEntryInfo[]> {
  const entries = inspectZip(file, limits);
  const expected = new Set(entries.map((e) => e.name));
  // What each entry declares in the central directory: an entry that inflates past it lies
  // about its size (a zip bomb's way past the declared total) and stops the extraction at once.
  const declaredSize = new Map(entries.map((e) => [e.name, e.size]));
  const root = path.resolve(dest);
  fs.mkdirSync(root, { recursive: true });
  const folders = new Set<string>([root]);
  /** Makes a folder once (the archive names the same folders again and again). */
  const folder = (dir: string) => {
    if (folders.has(dir)) return;
    fs.mkdirSync(dir, { recursive: true });
    folders.add(dir);
  };
  let written = 0;
  const done = new Map<string, Extracted>();
  // Small files inflated by the last chunk, to write before the next one.
  let buffered: { target: string; parts: Uint8Array[] }[] = [];
  // Files begun and not yet complete: any left at the end means a truncated archive.
  const started = new Set<string>();
  // Set by fflate's callbacks.
  const state = { failure: null as Error | null };
  const fail = (error: Error) => {
    state.failure ??= error;
  };
  const open = new Set<number>();
  const unzip = new Unzip((entry) => {
    if (state.failure) return;
    const name = entry.name;
    if (!expected.has(name) || !isSafeEntryName(name)) {
      fail(new ArchiveError(`entry outside the central directory: ${name}`));
      return;
    }
    if (started.has(name) || done.has(name)) {
      fail(new ArchiveError(`entry stored twice: ${name}`));
      return;
    }
    const target = path.resolve(root, name);
    if (!target.startsWith(root + path.sep)) {
      fail(new ArchiveError(`unsafe entry name: ${name}`));
      return;
    }
    if (name.endsWith("/")) {
      folder(target);
      return;
    }
    const declared = declaredSize.get(name) ?? 0;
    const small = declared <= BUFFERED_ENTRY_BYTES;
    started.add(name);
    const parts: Uint8Array[] = [];
    let fd: number | null = null;
    let entryWritten = 0;
    entry.ondata = (error, data, final) => {
      if (state.failure) return;
      if (error) {
        fail(new ArchiveError(`corrupt entry ${name}: ${error.message}`));
        return;
      }
      written += data.length;
      entryWritten += data.length;
      if (entryWritten > declared || written > limits.maxUnpackedBytes) {
        fail(new ArchiveError("archive too large once extracted"));
        entry.terminate();
        return;
      }
      if (small) {
        parts.push(data);
        if (final) {
          buffered.push({ target, parts });
          started.delete(name);
          done.set(name, { name, size: entryWritten });
        }
        return;
      }
      if (fd === null) {
        folder(path.dirname(target));
        fd = fs.openSync(target, "wx");
        open.add(fd);
      }
      fs.writeSync(fd, data);
      if (final) {
        fs.closeSync(fd);
        open.delete(fd);
        started.delete(name);
        done.set(name, { name, size: entryWritten });
      }
    };
    try {
      entry.start();
    } catch (error) {
      fail(new ArchiveError(`unsupported entry ${name}: ${(error as Error).message}`));
    }
  });
  unzip.register(UnzipInflate);
  /** Writes the small files the last chunk completed, off the event loop. */
  const flush = async () => {
    const batch = buffered;
    buffered = [];
    for (const { target } of batch) folder(path.dirname(target));
    // A few at a time: libuv's four threads serve every request's file work too (a health
    // check's probe waited behind forty writes).
    for (let at = 0; at < batch.length; at += PARALLEL_WRITES)
      await Promise.all(
        batch
          .slice(at, at + PARALLEL_WRITES)
          .map(({ target, parts }) =>
            fs.promises.writeFile(
              target,
              parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts),
              { flag: "wx" },
            ),
          ),
      );
  };
  try {
    const stream = fs.createReadStream(file, { highWaterMark: UNZIP_CHUNK_BYTES });
    const pacer = new Pacer();
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // In slices: a slice of a zip of tiny notes completes dozens of entries at once.
      for (let at = 0; at < chunk.length && !state.failure; at += UNZIP_SLICE_BYTES) {
        unzip.push(chunk.subarray(at, at + UNZIP_SLICE_BYTES));
        if (buffered.length > 0) await flush();
        await pacer.pace();
      }
      if (state.failure) {
        stream.destroy();
        throw state.failure;
      }
    }
    unzip.push(new Uint8Array(0), true);
    if (state.failure) throw state.failure;
    await flush();
    if (started.size > 0) throw new ArchiveError("truncated zip archive");
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`corrupt zip archive: ${(error as Error).message}`);
  } finally {
    for (const fd of open) fs.closeSync(fd);
  }
  return entries.flatMap((entry) => {
    if (entry.isDirectory) return [entry];
    const extracted = done.get(entry.name);
    return extracted ? [{ ...entry, size: extracted.size }] : [];
  });
}
