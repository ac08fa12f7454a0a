/**
 * The archive files an import stores (ADR 044): each one checked against the file field it
 * goes to (in the archive, size, sniffed type), and the placeholders of a record's text
 * replaced by the stored files' addresses.
 */
import type { Collection, FileField } from "../models/collection.ts";
import {
  cleanUpload,
  mimeAllowed,
  UnreadableImageError,
  UploadedFile,
} from "../../tools/filesystem/index.ts";
import { skipped, type PlannedFile, type SkippedItem } from "./import-plan.ts";
import type { ImportSource } from "./import-source.ts";

/** Megabytes, for the report. */
const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The report's name of a file of a record. */
export const fileItem = (file: PlannedFile, label: string) => `${file.path} (${label})`;

/** A file the import cannot store, and why. */
export class RefusedFile {
  readonly line: SkippedItem;
  /** Whether the field refuses its type (any other field might take it). */
  readonly wrongType: boolean;

  constructor(line: SkippedItem, wrongType = false) {
    this.line = line;
    this.wrongType = wrongType;
  }
}

/** Reads planned files out of the upload, for the file fields they go to. */
export class ImportFiles {
  private readonly source: ImportSource;

  constructor(source: ImportSource) {
    this.source = source;
  }

  /** A planned file as an upload to `field` (its count aside), or why it cannot be one. */
  async upload(
    label: string,
    file: PlannedFile,
    field: FileField,
  ): Promise<UploadedFile | RefusedFile> {
    const item = fileItem(file, label);
    if (!this.source.has(file.path)) return new RefusedFile(skipped(item, "not_in_archive"));
    if (this.source.size(file.path) > field.maxSize)
      return new RefusedFile(skipped(item, "file_too_large", { size: mb(field.maxSize) }));
    const upload = new UploadedFile(file.name, await this.source.readBytes(file.path));
    if (field.mimeTypes.length > 0 && !mimeAllowed(upload.mime, field.mimeTypes))
      return new RefusedFile(
        skipped(item, "file_type_refused", { types: field.mimeTypes.join(", ") }),
        true,
      );
    try {
      // Stored without its metadata, as every upload (issue 23 finding 5).
      return await cleanUpload(upload);
    } catch (error) {
      if (!(error instanceof UnreadableImageError)) throw error;
      return new RefusedFile(skipped(item, "refused", { fields: field.name }));
    }
  }

  /**
   * The uploads of planned files within `field`'s limits (count included); the report lines
   * of those that do not fit go to `skip`. Answers the uploads by planned file.
   */
  async uploads(
    label: string,
    files: readonly PlannedFile[],
    field: FileField,
    skip: (line: SkippedItem) => void,
  ): Promise<Map<PlannedFile, UploadedFile>> {
    const out = new Map<PlannedFile, UploadedFile>();
    const max = Math.max(1, field.maxSelect);
    for (const file of files) {
      if (this.source.has(file.path) && out.size >= max) {
        skip(skipped(fileItem(file, label), "too_many_files", { max }));
        continue;
      }
      const upload = await this.upload(label, file, field);
      if (upload instanceof RefusedFile) skip(upload.line);
      else out.set(file, upload);
    }
    return out;
  }
}

/**
 * The text with each file placeholder replaced by the stored file's address (or by its
 * fallback, the source's own reference, when the file is not stored).
 */
export function linkFiles(
  text: string,
  collection: Collection,
  id: string,
  files: readonly PlannedFile[],
  uploads: ReadonlyMap<PlannedFile, UploadedFile>,
): string {
  let out = text;
  for (const file of files) {
    if (!file.placeholder) continue;
    const upload = uploads.get(file);
    const address = upload
      ? `/api/files/${collection.name}/${id}/${encodeURIComponent(upload.name)}`
      : (file.fallback ?? "");
    out = out.replaceAll(file.placeholder, address);
  }
  return out;
}
