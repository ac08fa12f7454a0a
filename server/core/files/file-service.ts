/**
 * The files API's domain side: file tokens for protected files, and resolving a download
 * (`/api/files/{collection}/{record}/{filename}`) to the bytes to serve: access checks,
 * thumbnails (declared sizes only, bounded work, cached in storage) and the sniffed type.
 */
import { availableParallelism } from "node:os";
import { Readable } from "node:stream";
import {
  baseMime,
  canThumb,
  createThumb,
  parseThumbSize,
  SNIFF_BYTES,
  sniffMime,
  StorageUnavailableError,
  THUMB_PLACEHOLDER,
  WEBP_SOURCES,
  type StoredFile,
  type ThumbFormat,
} from "../../tools/filesystem/index.ts";
import { tokenDeviceActive } from "../auth/devices/devices.ts";
import type { Secrets } from "../auth/secrets.ts";
import { readUnverifiedClaims, signToken, verifyToken } from "../auth/tokens.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import { CoreError, notFound, unauthorized } from "../errors.ts";
import { isAuthCollection, type Collection, type FileField } from "../models/collection.ts";
import { rowToRecord, type RecordService } from "../records/record-service.ts";
import type { AuthInfo, RequestInfo } from "../records/request-info.ts";
import { SUPERUSERS_COLLECTION_ID } from "../../data/registry/collections.ts";
import { fileNames } from "./file-input.ts";
import type { RecordFiles } from "./record-files.ts";
import { TaskLimiter } from "../../tools/routine/task-limiter.ts";

/** The pause before a thumbnail that failed to open or read is tried again. */
const THUMB_RETRY_MS = 150;

/**
 * Suffix of the marker stored beside a thumbnail that could not be made (an undecodable
 * image): its content is `THUMB_PLACEHOLDER`, served for that size from then on, without
 * trying again, on every instance and after restarts. It goes with the file's thumbs.
 */
const FAILED_THUMB_SUFFIX = ".failed";

/** How a thumbnail request ended. */
type ThumbOutcome =
  | { kind: "stored"; key: string }
  | { kind: "placeholder"; key: string | null }
  | { kind: "original" };

/** The placeholder, when it could not be stored (busy or unreachable storage). */
function placeholderFile(): StoredFile {
  const data = THUMB_PLACEHOLDER;
  return {
    size: data.length,
    modified: new Date(0),
    read: (position, length) => Promise.resolve(data.subarray(position, position + length)),
    stream: (range) => Readable.from([range ? data.subarray(range.start, range.end + 1) : data]),
    close: () => Promise.resolve(),
  };
}

/** Seconds a file token lives (PocketBase's default `fileToken` duration). */
export const FILE_TOKEN_DURATION = 180;
/** Thumb sizes every file field allows, declared or not. */
export const DEFAULT_THUMB_SIZES: readonly string[] = ["100x100"];

/** Types served `inline` (unless `download` is asked); everything else is an attachment. */
const INLINE_TYPES = new Set([
  "image/png",
  "image/jpg",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/x-icon",
  "image/bmp",
  "video/webm",
  "video/mp4",
  "video/3gpp",
  "video/quicktime",
  "video/x-ms-wmv",
  "audio/basic",
  "audio/aiff",
  "audio/mpeg",
  "audio/midi",
  "audio/mp3",
  "audio/wave",
  "audio/wav",
  "audio/x-wav",
  "audio/x-mpeg",
  "audio/x-m4a",
  "audio/aac",
  "application/pdf",
  "application/x-pdf",
]);

/** A download request. */
export interface DownloadRequest {
  collection: string;
  recordId: string;
  filename: string;
  /** `?thumb=` */
  thumb?: string | undefined;
  /** `?token=`: a file token, needed for protected fields. */
  token?: string | undefined;
  /** `?download=` asked for an attachment. */
  download?: boolean;
  /**
   * The client takes WebP (`Accept: image/webp`, as every current browser sends for images):
   * a thumbnail of a JPEG, PNG or WebP is made and served as WebP, a third the bytes or less.
   * Without it, thumbnails keep PocketBase's formats (the SDK and other clients see no change).
   */
  acceptsWebp?: boolean;
  /** The request's `@request.*` data (its auth is ignored for protected files). */
  request: RequestInfo;
}

/** What to send for a download. */
export interface FileDownload {
  /** The opened file; stream it or close it. */
  file: StoredFile;
  /** The name it is served as (`<size>_<filename>` for a thumbnail). */
  name: string;
  /** The type sniffed from its content (`image/svg+xml` also forced by a `.svg` name). */
  contentType: string;
  /** `inline` for images, audio, video and PDF; `attachment` otherwise or when asked. */
  disposition: "inline" | "attachment";
}

/** Options of the file service. */
export interface FileServiceOptions {
  /** Thumbnails generated at once (default: the number of CPUs). */
  thumbConcurrency?: number;
  /** Thumbnail requests that may wait for a slot before a placeholder is served instead. */
  thumbQueue?: number;
  /** How long one may wait for a slot (ms). */
  thumbWaitMs?: number;
}

/** File tokens and downloads. */
export class FileService {
  private readonly records: RecordService;
  private readonly files: RecordFiles;
  private readonly secrets: Secrets;
  private readonly limiter: TaskLimiter;
  /** Thumbnails being generated, by storage key: concurrent requests share one generation. */
  private readonly pending = new Map<string, Promise<ThumbOutcome>>();

  constructor(
    records: RecordService,
    files: RecordFiles,
    secrets: Secrets,
    options: FileServiceOptions = {},
  ) {
    this.records = records;
    this.files = files;
    this.secrets = secrets;
    this.limiter = new TaskLimiter({
      concurrency: options.thumbConcurrency ?? availableParallelism(),
      maxQueue: options.thumbQueue ?? 64,
      maxWaitMs: options.thumbWaitMs ?? 30_000,
    });
  }

  private secret(collection: Collection): string {
    const secret = this.secrets[collection.id]?.file;
    if (!secret) throw new Error(`Missing file secret for ${collection.name}`);
    return secret;
  }

  /**
   * `POST /api/files/token`: a 180 s file token for the request's auth record; 401 for guests.
   * It names the device of the request's session (ADR 053), and dies with it.
   */
  async fileToken(request: RequestInfo): Promise<string> {
    const auth = request.auth;
    if (!auth) throw unauthorized();
    return signToken(
      {
        id: String(auth.record.id),
        type: "file",
        collectionId: auth.collection.id,
        ...(auth.device === undefined ? {} : { device: auth.device }),
      },
      `${String(auth.record.tokenKey)}${this.secret(auth.collection)}`,
      FILE_TOKEN_DURATION,
    );
  }

  /**
   * The auth record of a file token; null for a missing, invalid, expired or foreign one, and
   * for one whose device was signed out since it was minted (issue 23 finding 7: it still
   * downloaded the whole export for its 180 s life).
   */
  async authFromFileToken(token: string | undefined): Promise<AuthInfo | null> {
    const claims = token ? readUnverifiedClaims(token.trim()) : null;
    if (!token || !claims || claims.type !== "file") return null;
    const collection = findCollection(claims.collectionId);
    if (!collection || collection.id !== claims.collectionId || !isAuthCollection(collection))
      return null;
    const row = await this.records.findById(collection, claims.id);
    if (!row) return null;
    const key = `${String(row.tokenKey)}${this.secret(collection)}`;
    const verified = await verifyToken(token.trim(), key);
    if (!verified || !(await tokenDeviceActive(this.records.db, collection, verified))) return null;
    return {
      collection,
      record: rowToRecord(collection, row),
      isSuperuser: collection.id === SUPERUSERS_COLLECTION_ID,
      device: typeof verified.device === "string" ? verified.device : undefined,
    };
  }

  /**
   * Resolves a download. 404 when the collection, the record or the filename (which must be
   * in one of the record's file fields) does not match, or when a protected file's record is
   * not viewable with the file token's auth record.
   */
  async download(req: DownloadRequest): Promise<FileDownload> {
    const collection = findCollection(req.collection);
    if (!collection || !req.recordId) throw notFound();
    const row = await this.records.findById(collection, req.recordId);
    if (!row) throw notFound();
    const record = rowToRecord(collection, row);
    const field = collection.fields.find(
      (f): f is FileField => f.type === "file" && fileNames(record[f.name]).includes(req.filename),
    );
    if (!field) throw notFound();
    if (field.protected) {
      // SECURITY: only the file token counts here, never the Authorization header, so a file
      // URL embedded in a page works exactly for those who may view the record.
      const auth = await this.authFromFileToken(req.token);
      if (!(await this.canView(collection, req.recordId, { ...req.request, auth }))) {
        throw notFound();
      }
    }

    const recordId = String(record.id);
    const originalKey = this.files.fileKey(collection, recordId, req.filename);
    let servedKey = originalKey;
    let servedName = req.filename;
    let placeholder = false;
    const thumb = req.thumb ?? "";
    if (thumb && (DEFAULT_THUMB_SIZES.includes(thumb) || field.thumbs.includes(thumb))) {
      const outcome = await this.thumbFor(
        collection,
        recordId,
        req.filename,
        thumb,
        req.acceptsWebp === true,
      );
      if (outcome.kind !== "original") {
        servedName = `${thumb}_${req.filename}`;
        // SECURITY: never the original in place of a thumbnail that cannot be made.
        if (outcome.key) servedKey = outcome.key;
        else placeholder = true;
      }
    }
    const opened = placeholder
      ? { file: placeholderFile(), head: THUMB_PLACEHOLDER }
      : await this.openServed(servedKey, servedKey !== originalKey);
    if (!opened) throw notFound();
    const { file, head } = opened;
    try {
      let contentType = sniffMime(head);
      // PocketBase forces SVG by extension (whatwg/mimesniff#7). Unlike PocketBase, `.js` and
      // `.css` are NOT forced: served as text, `nosniff` keeps them from running as script or
      // style on our origin (ADR 013).
      if (/\.svg$/i.test(servedName)) contentType = "image/svg+xml";
      const inline = !req.download && INLINE_TYPES.has(baseMime(contentType));
      return { file, name: servedName, contentType, disposition: inline ? "inline" : "attachment" };
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /**
   * Opens the served file and reads its first bytes (for its type). Two instances can make
   * one thumbnail at the same moment, and an S3-compatible store that does not replace an
   * object atomically (s3rver) can then fail a read of it: with `retry`, one failed attempt
   * is tried again after a short pause.
   */
  private async openServed(
    key: string,
    retry: boolean,
  ): Promise<{ file: StoredFile; head: Buffer } | null> {
    try {
      const file = await this.files.storage.open(key);
      if (!file) return null;
      try {
        return { file, head: await file.read(0, SNIFF_BYTES) };
      } catch (error) {
        await file.close();
        throw error;
      }
    } catch (error) {
      if (!retry || !(error instanceof StorageUnavailableError)) throw error;
      await new Promise((resolve) => setTimeout(resolve, THUMB_RETRY_MS));
      return this.openServed(key, false);
    }
  }

  /** Whether the record passes the collection's view rule for this request. */
  private async canView(
    collection: Collection,
    id: string,
    request: RequestInfo,
  ): Promise<boolean> {
    try {
      await this.records.view(collection, { ...request, context: "protectedFile" }, id);
      return true;
    } catch (error) {
      if (error instanceof CoreError && (error.status === 403 || error.status === 404))
        return false;
      throw error;
    }
  }

  /**
   * A thumbnail, generated first when needed: its storage key; the placeholder (stored as
   * the failure's marker, or in memory when the storage or the thumb slots were unavailable)
   * when it cannot be made; the original when the file is not a thumbnailable image.
   */
  private async thumbFor(
    collection: Collection,
    recordId: string,
    filename: string,
    thumb: string,
    acceptsWebp: boolean,
  ): Promise<ThumbOutcome> {
    const size = parseThumbSize(thumb);
    if (!size) return { kind: "original" };
    const storage = this.files.storage;
    const originalKey = this.files.fileKey(collection, recordId, filename);
    const original = await storage.open(originalKey);
    if (!original) return { kind: "original" };
    let mime: string;
    let thumbKey: string;
    let failedKey: string;
    let format: ThumbFormat;
    try {
      mime = sniffMime(await original.read(0, SNIFF_BYTES));
      if (!canThumb(mime)) return { kind: "original" };
      // The WebP variant sits beside PocketBase's in the file's thumbs folder (deleted with it).
      format = acceptsWebp && WEBP_SOURCES.has(baseMime(mime)) ? "webp" : "same";
      thumbKey = `${this.files.thumbKey(collection, recordId, filename, thumb)}${format === "webp" ? ".webp" : ""}`;
      failedKey = `${thumbKey}${FAILED_THUMB_SUFFIX}`;
      if (await storage.exists(thumbKey)) return { kind: "stored", key: thumbKey };
      if (await storage.exists(failedKey)) return { kind: "placeholder", key: failedKey };
    } finally {
      await original.close();
    }
    let generation = this.pending.get(thumbKey);
    if (!generation) {
      generation = this.limiter
        .run(async (): Promise<ThumbOutcome> => {
          const source = await storage.open(originalKey);
          if (!source) return { kind: "original" };
          let input: Buffer;
          try {
            input = await source.read(0, source.size);
          } finally {
            await source.close();
          }
          let thumbnail: Buffer;
          try {
            thumbnail = await createThumb(input, size, mime, format);
          } catch (error) {
            // Undecodable or too large: remembered, so it is never tried again.
            this.files.report(
              error,
              `Placeholder from now on - failed to create thumb ${thumbKey}`,
            );
            await storage.write(failedKey, THUMB_PLACEHOLDER);
            return (await this.keepIfOriginal(originalKey, failedKey))
              ? { kind: "placeholder", key: failedKey }
              : { kind: "original" };
          }
          // Another instance may have stored it while this one made it: never write it twice.
          if (!(await storage.exists(thumbKey))) await storage.write(thumbKey, thumbnail);
          return (await this.keepIfOriginal(originalKey, thumbKey))
            ? { kind: "stored", key: thumbKey }
            : { kind: "original" };
        })
        .catch((error: unknown): ThumbOutcome => {
          this.files.report(error, `Placeholder - could not create thumb ${thumbKey} now`);
          return { kind: "placeholder", key: null };
        })
        .finally(() => this.pending.delete(thumbKey));
      this.pending.set(thumbKey, generation);
    }
    return generation;
  }

  /**
   * Whether the original still exists; when it was replaced meanwhile, `key` (a thumb or a
   * marker made from it) is deleted: never an orphan.
   */
  private async keepIfOriginal(originalKey: string, key: string): Promise<boolean> {
    if (await this.files.storage.exists(originalKey)) return true;
    await this.files.storage.delete(key);
    return false;
  }
}
