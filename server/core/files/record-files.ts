/**
 * Where a record's files live in the storage (`<collectionId>/<recordId>/<filename>`, thumbs
 * in `thumbs_<filename>/<size>_<filename>` beside it), and the writes and deletes that go with
 * record creates, updates and deletes.
 *
 * Ordering (ADR 013): new files are written durably before the record row commits and deleted
 * again if the write fails, so an acknowledged record never points at a missing file; replaced
 * and deleted files are removed only after the commit, so a failed write never loses one.
 */
import type { FileStorage, UploadedFile } from "../../tools/filesystem/index.ts";
import type { Collection } from "../models/collection.ts";

/** Receives failures of clean-up work that must not fail a committed write. */
export type FileErrorReporter = (error: unknown, message: string) => void;

/** Record-scoped file operations over a `FileStorage`. */
export class RecordFiles {
  /** The underlying storage. */
  readonly storage: FileStorage;
  /** Where failures of clean-up and background work go (the server log). */
  readonly report: FileErrorReporter;

  constructor(storage: FileStorage, report: FileErrorReporter = () => undefined) {
    this.storage = storage;
    this.report = report;
  }

  /** Folder (key prefix, ending with `/`) of a record's files. */
  recordPrefix(collection: Collection, recordId: string): string {
    return `${collection.id}/${recordId}/`;
  }

  /** Key of a record's file. */
  fileKey(collection: Collection, recordId: string, filename: string): string {
    return `${this.recordPrefix(collection, recordId)}${filename}`;
  }

  /** Key of a thumbnail of a record's file. */
  thumbKey(collection: Collection, recordId: string, filename: string, size: string): string {
    return `${this.recordPrefix(collection, recordId)}thumbs_${filename}/${size}_${filename}`;
  }

  /**
   * Stores new uploads. All or nothing: when one write fails, the ones already written are
   * deleted and the error is thrown.
   */
  async writeUploads(
    collection: Collection,
    recordId: string,
    uploads: readonly UploadedFile[],
  ): Promise<void> {
    const written: string[] = [];
    try {
      for (const upload of uploads) {
        await this.storage.write(this.fileKey(collection, recordId, upload.name), upload.data);
        written.push(upload.name);
      }
    } catch (error) {
      await this.deleteFiles(collection, recordId, written);
      throw error;
    }
  }

  /**
   * Deletes files (and their thumbnails) by name. Never throws: failures are reported, since
   * this runs after a commit or while undoing a failed write.
   */
  async deleteFiles(
    collection: Collection,
    recordId: string,
    filenames: readonly string[],
  ): Promise<void> {
    for (const filename of filenames) {
      // Names come from stored values; anything path-like is not ours to delete.
      if (filename === "" || /[/\\]/.test(filename)) continue;
      try {
        await this.storage.delete(this.fileKey(collection, recordId, filename));
        await this.storage.deletePrefix(
          `${this.recordPrefix(collection, recordId)}thumbs_${filename}/`,
        );
      } catch (error) {
        this.report(error, `Failed to delete the file ${collection.id}/${recordId}/${filename}`);
      }
    }
  }

  /** Deletes every file of a deleted record. Never throws (failures are reported). */
  async deleteRecordFiles(collection: Collection, recordId: string): Promise<void> {
    if (!collection.fields.some((f) => f.type === "file")) return;
    try {
      await this.storage.deletePrefix(this.recordPrefix(collection, recordId));
    } catch (error) {
      this.report(error, `Failed to delete the files of ${collection.id}/${recordId}`);
    }
  }
}
