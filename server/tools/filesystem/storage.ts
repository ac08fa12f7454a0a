/**
 * The file storage contract. Keys are `/`-separated relative paths (`<collectionId>/<recordId>/
 * <filename>`); callers never see where bytes live, so a local folder and an S3-compatible
 * bucket are interchangeable behind this interface.
 */
import type { Readable } from "node:stream";

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

/** An opened stored file. Call `close()` unless `stream()` was called (it closes by itself). */
export interface StoredFile {
  /** Size in bytes. */
  readonly size: number;
  /** Last modification time. */
  readonly modified: Date;
  /** Reads up to `length` bytes from `position` (fewer at the end of the file). */
  read(position: number, length: number): Promise<Buffer>;
  /** Streams the whole file or one range of it; the file is closed when the stream ends. */
  stream(range?: ByteRange): Readable;
  /** Releases the file without streaming it. */
  close(): Promise<void>;
}

/** Where uploaded files and their thumbnails are kept. */
export interface FileStorage {
  /**
   * Stores `data` under `key`, replacing any previous content. Durable when it resolves
   * (a crash afterwards never leaves a partial or missing file), and readers never see a
   * partially written file.
   */
  write(key: string, data: Uint8Array): Promise<void>;
  /**
   * Stores the content of the local file `source` under `key`, streaming it (large files
   * such as backup archives are never held in memory), with the guarantees of `write`.
   */
  writeFile(key: string, source: string): Promise<void>;
  /** Opens a file for reading; null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Whether a file exists. */
  exists(key: string): Promise<boolean>;
  /** Deletes a file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every file whose key starts with `prefix` (which must end with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Keys of the files directly or indirectly under `prefix` (which must end with `/` or be ""). */
  list(prefix: string): AsyncIterable<{ key: string; modified: Date }>;
}

/** Thrown for keys that could address something outside the storage (`..`, absolute, NUL). */
export class InvalidKeyError extends Error {
  override name = "InvalidKeyError";
}

/** Checks a key: relative, `/`-separated, no empty, `.` or `..` segments, no NUL or `\`. */
export function assertValidKey(key: string, { prefix = false } = {}): void {
  const body = prefix && key.endsWith("/") ? key.slice(0, -1) : key;
  if (prefix && key === "") return;
  const segments = body.split("/");
  if (
    body === "" ||
    /[\0\\]/.test(body) ||
    segments.some((s) => s === "" || s === "." || s === "..")
  ) {
    throw new InvalidKeyError(`invalid storage key ${JSON.stringify(key)}`);
  }
}

/**
 * The storage could not be reached or refused the operation (network failure, timeout,
 * server error, denied access). Callers answer 503 instead of hanging or leaking details.
 */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
}
