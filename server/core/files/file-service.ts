/**
 * The files API's domain side: file tokens for protected files, and resolving a download
 * (`/api/files/{collection}/{record}/{filename}`) to the bytes to serve: access checks,
 * thumbnails (declared sizes only, bounded work, cached in storage) and the sniffed type.
 */
import { availableParallelism } from "node:os";
import {
  baseMime,
  canThumb,
  createThumb,
  parseThumbSize,
  SNIFF_BYTES,
  sniffMime,
  StorageUnavailableError,
  type StoredFile,
} from "../../tools/filesystem/index.ts";
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
  /** Thumbnail requests that may wait for a slot before the original is served instead. */
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
  private readonly pending = new Map<string, Promise<boolean>>();

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

  /** `POST /api/files/token`: a 180 s file token for the request's auth record; 401 for guests. */
  async fileToken(request: RequestInfo): Promise<string> {
    const auth = request.auth;
    if (!auth) throw unauthorized();
    return signToken(
      { id: String(auth.record.id), type: "file", collectionId: auth.collection.id },
      `${String(auth.record.tokenKey)}${this.secret(auth.collection)}`,
      FILE_TOKEN_DURATION,
    );
  }

  /** The auth record of a file token; null for a missing, invalid, expired or foreign one. */
  async authFromFileToken(token: string | undefined): Promise<AuthInfo | null> {
    const claims = token ? readUnverifiedClaims(token.trim()) : null;
    if (!token || !claims || claims.type !== "file") return null;
    const collection = findCollection(claims.collectionId);
    if (!collection || collection.id !== claims.collectionId || !isAuthCollection(collection))
      return null;
    const row = await this.records.findById(collection, claims.id);
    if (!row) return null;
    const key = `${String(row.tokenKey)}${this.secret(collection)}`;
    if (!(await verifyToken(token.trim(), key))) return null;
    return {
      collection,
      record: rowToRecord(collection, row),
      isSuperuser: collection.id === SUPERUSERS_COLLECTION_ID,
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
    const thumb = req.thumb ?? "";
    if (thumb && (DEFAULT_THUMB_SIZES.includes(thumb) || field.thumbs.includes(thumb))) {
      const thumbKey = await this.thumbKeyFor(collection, recordId, req.filename, thumb);
      if (thumbKey) {
        servedKey = thumbKey;
        servedName = `${thumb}_${req.filename}`;
      }
    }
    const opened = await this.openServed(servedKey, servedKey !== originalKey);
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
   * The storage key of a thumbnail, generated first when needed; null when the original is
   * not a thumbnailable image or generation failed (the original is served instead).
   */
  private async thumbKeyFor(
    collection: Collection,
    recordId: string,
    filename: string,
    thumb: string,
  ): Promise<string | null> {
    const size = parseThumbSize(thumb);
    if (!size) return null;
    const storage = this.files.storage;
    const originalKey = this.files.fileKey(collection, recordId, filename);
    const thumbKey = this.files.thumbKey(collection, recordId, filename, thumb);
    const original = await storage.open(originalKey);
    if (!original) return null;
    let mime: string;
    try {
      mime = sniffMime(await original.read(0, SNIFF_BYTES));
      if (!canThumb(mime)) return null;
      if (await storage.exists(thumbKey)) return thumbKey;
    } finally {
      await original.close();
    }
    let generation = this.pending.get(thumbKey);
    if (!generation) {
      generation = this.limiter
        .run(async () => {
          const source = await storage.open(originalKey);
          if (!source) return false;
          let input: Buffer;
          try {
            input = await source.read(0, source.size);
          } finally {
            await source.close();
          }
          const thumbnail = await createThumb(input, size, mime);
          // Another instance may have stored it while this one made it: never write it twice.
          if (!(await storage.exists(thumbKey))) await storage.write(thumbKey, thumbnail);
          // The original may have been replaced meanwhile: never keep an orphan thumb.
          if (!(await storage.exists(originalKey))) {
            await storage.delete(thumbKey);
            return false;
          }
          return true;
        })
        .catch((error: unknown) => {
          this.files.report(error, `Fallback to original - failed to create thumb ${thumbKey}`);
          return false;
        })
        .finally(() => this.pending.delete(thumbKey));
      this.pending.set(thumbKey, generation);
    }
    return (await generation) ? thumbKey : null;
  }
}
