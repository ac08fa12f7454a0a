/**
 * The uploaded file of an import, opened safely: a zip archive is checked (entry names,
 * symbolic links, entry count, declared and actual unpacked size) and unpacked into a private
 * work folder; a bare JSON file (Ghost's and WriteFreely's exports) is kept as it is. Format
 * readers then read files by their `/`-separated names, never by paths they built.
 */
import fs from "node:fs";
import path from "node:path";
import { ArchiveError, extractZip } from "../../tools/archive/zip.ts";
import { importFileError } from "./import-errors.ts";

/** Limits of an import. */
export interface ImportLimits {
  /** Largest upload, in bytes (a bigger request body is refused with 413). */
  maxUploadBytes: number;
  /** Most entries in an archive. */
  maxEntries: number;
  /** Most bytes once unpacked (declared in the archive, and counted while unpacking). */
  maxUnpackedBytes: number;
  /** Largest JSON file read (a manifest, `Journal.json`, a Ghost or WriteFreely export). */
  maxJsonBytes: number;
  /** Most items (collections, entries, posts) in one import. */
  maxItems: number;
}

/** Default limits: a large journal with photos fits, a zip bomb does not. */
export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxUploadBytes: 1024 * 1024 * 1024,
  maxEntries: 50_000,
  maxUnpackedBytes: 2 * 1024 * 1024 * 1024,
  maxJsonBytes: 128 * 1024 * 1024,
  maxItems: 50_000,
};

/** Names of files that are never content (macOS and Windows leave them in archives). */
function isJunk(name: string): boolean {
  return name
    .split("/")
    .some(
      (segment) =>
        segment === "__MACOSX" ||
        segment === ".DS_Store" ||
        segment === "Thumbs.db" ||
        segment.startsWith("._"),
    );
}

/** What the zip checks refused, as a stable code. */
function archiveRefusal(error: ArchiveError) {
  const message = error.message;
  if (/symbolic link|unsafe entry|outside the central directory/.test(message))
    return importFileError("validation_import_unsafe_archive", message);
  if (/too many entries|too large/.test(message))
    return importFileError("validation_import_too_large", message);
  // It starts like a zip archive (that is checked first) but has no readable end.
  if (/^not a zip archive/.test(message))
    return importFileError("validation_import_invalid", "corrupt or truncated zip archive");
  return importFileError("validation_import_invalid", message);
}

/** The files of an upload, by name. */
export class ImportSource {
  /** Whether the upload was a zip archive (false: one JSON file, named `export.json`). */
  readonly isArchive: boolean;
  private readonly root: string;
  private readonly limits: ImportLimits;
  private readonly sizes: Map<string, number>;
  private readonly times = new Map<string, Date>();

  private constructor(root: string, isArchive: boolean, limits: ImportLimits) {
    this.root = root;
    this.isArchive = isArchive;
    this.limits = limits;
    this.sizes = new Map();
  }

  /**
   * Opens the upload at `upload`, unpacking a zip archive into `folder/files` (in a private
   * folder the caller deletes; the upload is left as it is). `allowJson`: a bare JSON file
   * is accepted too.
   */
  static async open(
    upload: string,
    folder: string,
    limits: ImportLimits,
    allowJson: boolean,
  ): Promise<ImportSource> {
    const head = Buffer.alloc(4);
    const fd = fs.openSync(upload, "r");
    let read: number;
    try {
      read = fs.readSync(fd, head, 0, 4, 0);
    } finally {
      fs.closeSync(fd);
    }
    const zip =
      read === 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
    const root = path.join(folder, "files");
    // What an earlier attempt unpacked goes: the upload itself stays, so opening it again
    // (an import run again after a restart) starts from the same files.
    await fs.promises.rm(root, { recursive: true, force: true });
    fs.mkdirSync(root, { recursive: true });
    if (!zip) {
      const firstChar = head
        .subarray(0, read)
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .trimStart();
      if (!allowJson || !(firstChar.startsWith("{") || firstChar === ""))
        throw importFileError(
          "validation_import_not_archive",
          allowJson ? "not a zip archive nor a JSON file" : "not a zip archive",
        );
      fs.linkSync(upload, path.join(root, "export.json"));
      const source = new ImportSource(root, false, limits);
      source.sizes.set("export.json", fs.statSync(path.join(root, "export.json")).size);
      return source;
    }
    try {
      const entries = await extractZip(upload, root, {
        maxEntries: limits.maxEntries,
        maxUnpackedBytes: limits.maxUnpackedBytes,
        allowName: () => true,
      });
      const source = new ImportSource(root, true, limits);
      // The sizes written (no stat of thousands of files: issue 23 finding 2).
      for (const entry of entries)
        if (!entry.isDirectory && !isJunk(entry.name)) {
          source.sizes.set(entry.name, entry.size);
          if (entry.modified) source.times.set(entry.name, entry.modified);
        }
      return source;
    } catch (error) {
      if (error instanceof ArchiveError) throw archiveRefusal(error);
      throw error;
    }
  }

  /** The names of the regular files, in archive order. */
  names(): string[] {
    return [...this.sizes.keys()];
  }

  /** Whether a file exists. */
  has(name: string): boolean {
    return this.sizes.has(name);
  }

  /** A file's size in bytes (0 when missing). */
  size(name: string): number {
    return this.sizes.get(name) ?? 0;
  }

  /** When a file of the archive was last modified, as the archive says (null: unknown). */
  modified(name: string): Date | null {
    return this.times.get(name) ?? null;
  }

  /** Finds a name case-insensitively (archives made on macOS or Windows vary the case). */
  find(name: string): string | undefined {
    if (this.sizes.has(name)) return name;
    const lower = name.toLowerCase();
    return this.names().find((candidate) => candidate.toLowerCase() === lower);
  }

  private file(name: string): string {
    if (!this.sizes.has(name)) throw new Error(`no file ${name} in the import`);
    return path.join(this.root, ...name.split("/"));
  }

  /** A file's bytes. */
  async readBytes(name: string): Promise<Buffer> {
    return fs.promises.readFile(this.file(name));
  }

  /** A text file (UTF-8, without its byte order mark), up to the JSON size limit. */
  async readText(name: string): Promise<string> {
    if (this.size(name) > this.limits.maxJsonBytes)
      throw importFileError(
        "validation_import_too_large",
        `${name} is larger than ${this.limits.maxJsonBytes} bytes`,
      );
    return (await fs.promises.readFile(this.file(name), "utf8")).replace(/^\uFEFF/, "");
  }

  /** The first `bytes` bytes of a file, as text (to recognise a format without reading it all). */
  async readHead(name: string, bytes: number): Promise<string> {
    const handle = await fs.promises.open(this.file(name), "r");
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead).toString("utf8");
    } finally {
      await handle.close();
    }
  }

  /** A JSON file, parsed (400 when it is too large or not JSON). */
  async readJson(name: string): Promise<unknown> {
    const text = await this.readText(name);
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw importFileError(
        "validation_import_invalid",
        `${name} is not valid JSON (${(error as Error).message})`,
      );
    }
  }
}
