/**
 * File storage in an S3-compatible bucket (AWS S3, MinIO, Garage, Cloudflare R2, s3rver).
 * Every write is one PutObject: S3 stores an object whole or not at all, so readers never see
 * half of one, and a write that resolved is durable by the service's own guarantee. Reads are
 * ranged GetObjects. The AWS SDK is imported lazily, the first time the storage is used, so
 * the default single-machine setup never loads it. See ADR 030.
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import {
  assertValidKey,
  StorageUnavailableError,
  type ByteRange,
  type FileStorage,
  type StoredFile,
} from "./storage.ts";

/** Where an S3-compatible bucket is and the credentials to reach it (the `S3_*` settings). */
export interface S3Bucket {
  /** Service URL, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secret: string;
  /** `http(s)://endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, Garage, s3rver). */
  forcePathStyle: boolean;
}

/** Connection settings of an S3-compatible bucket: where it is, and the client's limits. */
export interface S3StorageOptions extends S3Bucket {
  /** Most milliseconds to open a connection; default 3 s. */
  connectionTimeoutMs?: number;
  /**
   * Most milliseconds from sending a request (body included) to the answer's headers, and
   * most idle milliseconds while a body streams; default 15 s.
   */
  requestTimeoutMs?: number;
  /** Attempts per operation (first try + retries, with the SDK's backoff); default 2. */
  maxAttempts?: number;
}

/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

type S3Module = typeof import("@aws-sdk/client-s3");

/** The SDK's error shape: a name and the HTTP status of the answer, when there was one. */
function s3Status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function s3Name(error: unknown): string | undefined {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === "string" ? name : undefined;
}

function isNotFound(error: unknown): boolean {
  const name = s3Name(error);
  return name === "NoSuchKey" || name === "NotFound" || s3Status(error) === 404;
}

/**
 * Wraps an SDK failure (network, timeout, 5xx, access denied) in an error that names the
 * operation and key but never the request: signed headers and credentials stay out of logs.
 */
function unavailable(operation: string, key: string, error: unknown): StorageUnavailableError {
  const status = s3Status(error);
  const reason = `${s3Name(error) ?? "Error"}${status ? ` (HTTP ${status})` : ""}`;
  return new StorageUnavailableError(`S3 ${operation} of ${JSON.stringify(key)} failed: ${reason}`);
}

class S3StoredFile implements StoredFile {
  readonly size: number;
  readonly modified: Date;
  private readonly storage: S3Storage;
  private readonly key: string;
  private readonly etag: string | undefined;

  constructor(storage: S3Storage, key: string, size: number, modified: Date, etag?: string) {
    this.storage = storage;
    this.key = key;
    this.size = size;
    this.modified = modified;
    this.etag = etag;
  }

  async read(position: number, length: number): Promise<Buffer> {
    const end = Math.min(position + length, this.size) - 1;
    if (position < 0 || end < position) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const chunk of this.storage.getRange(this.key, { start: position, end }, this.etag))
      chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  stream(range?: ByteRange): Readable {
    const whole = { start: 0, end: this.size - 1 };
    if (this.size === 0) return Readable.from([]);
    return Readable.from(this.storage.getRange(this.key, range ?? whole, this.etag), {
      objectMode: false,
    });
  }

  async close(): Promise<void> {
    // Nothing is held open between requests.
  }
}

/** A `FileStorage` in an S3-compatible bucket. */
export class S3Storage implements FileStorage {
  /** The bucket's name (for messages; credentials are never exposed). */
  readonly bucket: string;
  // True private fields: never enumerated, so logging the storage cannot print the secret.
  readonly #options: S3StorageOptions;
  #loaded: Promise<{ sdk: S3Module; client: S3Client }> | undefined;

  constructor(options: S3StorageOptions) {
    this.#options = options;
    this.bucket = options.bucket;
  }

  /** The SDK and a client, created on first use. */
  private async client(): Promise<{ sdk: S3Module; client: S3Client }> {
    this.#loaded ??= import("@aws-sdk/client-s3").then((sdk) => {
      const o = this.#options;
      const client = new sdk.S3Client({
        endpoint: o.endpoint,
        region: o.region,
        forcePathStyle: o.forcePathStyle,
        credentials: { accessKeyId: o.accessKey, secretAccessKey: o.secret },
        // Bounded: a dead or stalled service fails an operation within about 35 s, never hangs.
        maxAttempts: o.maxAttempts ?? 2,
        requestHandler: {
          connectionTimeout: o.connectionTimeoutMs ?? 3_000,
          requestTimeout: o.requestTimeoutMs ?? 15_000,
          socketTimeout: o.requestTimeoutMs ?? 15_000,
          throwOnRequestTimeout: true,
        },
        // Checksums only where the API requires them: S3-compatible servers vary in support.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
      return { sdk, client };
    });
    return this.#loaded;
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return key;
  }

  private objectPrefix(prefix: string): string {
    assertValidKey(prefix, { prefix: true });
    return prefix;
  }

  /**
   * Whether the bucket exists and these credentials may use it: "ok", "missing" (404) or
   * "denied" (401/403). Throws `StorageUnavailableError` when the service cannot be reached.
   */
  async checkBucket(): Promise<"ok" | "missing" | "denied"> {
    const { sdk, client } = await this.client();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }));
      return "ok";
    } catch (error) {
      if (isNotFound(error)) return "missing";
      const status = s3Status(error);
      if (status === 401 || status === 403) return "denied";
      throw unavailable("HeadBucket", this.bucket, error);
    }
  }

  /** Creates the bucket when it does not exist yet (tests). */
  async ensureBucket(): Promise<void> {
    if ((await this.checkBucket()) !== "missing") return;
    const { sdk, client } = await this.client();
    try {
      await client.send(new sdk.CreateBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const name = s3Name(error);
      if (name === "BucketAlreadyOwnedByYou" || name === "BucketAlreadyExists") return;
      throw unavailable("CreateBucket", this.bucket, error);
    }
  }

  async write(key: string, data: Uint8Array): Promise<void> {
    await this.put(key, this.objectKey(key), data, data.byteLength);
  }

  /**
   * One PutObject whose body streams from the local file (its size is known, so nothing is
   * buffered). S3 takes up to 5 GiB in one PUT; backup archives stay under 4 GiB (no zip64).
   * A failed attempt is not retried: a stream cannot be sent twice.
   */
  async writeFile(key: string, source: string): Promise<void> {
    const Key = this.objectKey(key);
    const { size } = await fs.promises.stat(source);
    const body = fs.createReadStream(source);
    try {
      await this.put(key, Key, body, size);
    } finally {
      body.destroy();
    }
  }

  /** One PutObject of `size` bytes under the object key `Key` (of the storage key `key`). */
  private async put(
    key: string,
    Key: string,
    body: Uint8Array | fs.ReadStream,
    size: number,
  ): Promise<void> {
    const { sdk, client } = await this.client();
    try {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.bucket,
          Key,
          Body: body,
          ContentLength: size,
          ContentType: "application/octet-stream",
        }),
      );
    } catch (error) {
      throw unavailable("PutObject", key, error);
    }
  }

  async open(key: string): Promise<StoredFile | null> {
    const found = await this.head(key);
    if (!found) return null;
    const { Key, head } = found;
    return new S3StoredFile(
      this,
      Key,
      head.ContentLength ?? 0,
      head.LastModified ?? new Date(0),
      head.ETag,
    );
  }

  /** The object key of `key` and its HeadObject answer, or null when there is no such object. */
  private async head(key: string) {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.client();
    try {
      return {
        Key,
        head: await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key })),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable("HeadObject", key, error);
    }
  }

  /**
   * The bytes of one range of an object, as they arrive. With `etag`, the object must still
   * be the one that was opened (a replaced object fails instead of mixing two versions).
   * @internal used by the stored files this storage opens.
   */
  async *getRange(Key: string, range: ByteRange, etag?: string): AsyncGenerator<Buffer> {
    const { sdk, client } = await this.client();
    let body: AsyncIterable<Uint8Array>;
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key,
          Range: `bytes=${range.start}-${range.end}`,
          ...(etag ? { IfMatch: etag } : {}),
        }),
      );
      body = answer.Body as AsyncIterable<Uint8Array>;
    } catch (error) {
      throw unavailable("GetObject", Key, error);
    }
    try {
      for await (const chunk of body)
        yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    } catch (error) {
      // The connection broke or stalled while the body streamed.
      throw unavailable("GetObject", Key, error);
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    const { sdk, client } = await this.client();
    try {
      // S3 answers 204 for a missing key too.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      if (isNotFound(error)) return;
      throw unavailable("DeleteObject", key, error);
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    // "" (the whole storage) fails here: a prefix names a folder.
    if (!prefix.endsWith("/")) throw new Error(`a storage prefix ends with "/": ${prefix}`);
    const full = this.objectPrefix(prefix);
    const { sdk, client } = await this.client();
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const keys = batch;
      batch = [];
      let answer;
      try {
        answer = await client.send(
          new sdk.DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      } catch (error) {
        throw unavailable("DeleteObjects", prefix, error);
      }
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
      if (failed.length) {
        throw new StorageUnavailableError(
          `S3 DeleteObjects under ${JSON.stringify(prefix)} failed for ${failed.length} keys: ${failed[0]?.Code ?? "Error"}`,
        );
      }
    };
    for await (const key of this.listKeys(full)) {
      batch.push(key);
      if (batch.length >= DELETE_BATCH) await flush();
    }
    await flush();
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modified: Date }> {
    const full = this.objectPrefix(prefix);
    for await (const object of this.listObjects(full)) {
      yield object;
    }
  }

  private async *listKeys(fullPrefix: string): AsyncGenerator<string> {
    for await (const object of this.listObjects(fullPrefix)) yield object.key;
  }

  /** Every object under a (full) prefix, one ListObjectsV2 page (≤1000 keys) at a time. */
  private async *listObjects(fullPrefix: string): AsyncGenerator<{ key: string; modified: Date }> {
    const { sdk, client } = await this.client();
    let token: string | undefined;
    do {
      let page;
      try {
        page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: fullPrefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
      } catch (error) {
        throw unavailable("ListObjectsV2", fullPrefix, error);
      }
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined || !object.Key.startsWith(fullPrefix)) continue;
        yield { key: object.Key, modified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    if (!this.#loaded) return;
    const { client } = await this.#loaded;
    client.destroy();
  }
}
