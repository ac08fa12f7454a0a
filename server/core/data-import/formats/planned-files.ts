/**
 * The archive files one record takes: each archive name once, with the placeholder that
 * stands for its address in the record's text.
 */
import path from "node:path";
import type { Placeholders, PlannedFile } from "../import-plan.ts";

/** Collects the files of one record. */
export class PlannedFiles {
  private readonly byPath = new Map<string, PlannedFile>();
  private readonly placeholders: Placeholders;

  constructor(placeholders: Placeholders) {
    this.placeholders = placeholders;
  }

  /**
   * The placeholder of the archive file `archivePath` (added on first use); `fallback` is
   * what the text keeps if the file cannot be stored. `name`: the name to upload it with.
   */
  placeholder(
    archivePath: string,
    fallback: string,
    name = path.posix.basename(archivePath),
  ): string {
    let file = this.byPath.get(archivePath);
    if (!file) {
      file = { path: archivePath, name, placeholder: this.placeholders.next(), fallback };
      this.byPath.set(archivePath, file);
    }
    return file.placeholder as string;
  }

  /** Adds a file the text does not link to (an attachment listed elsewhere). */
  add(archivePath: string, name = path.posix.basename(archivePath)): void {
    if (!this.byPath.has(archivePath)) this.byPath.set(archivePath, { path: archivePath, name });
  }

  /** Whether the file is already there. */
  has(archivePath: string): boolean {
    return this.byPath.has(archivePath);
  }

  /** The files, in the order they were first met. */
  list(): PlannedFile[] {
    return [...this.byPath.values()];
  }
}

/**
 * The name a Cahier file was uploaded with, near enough: stored names end with `_` and 10
 * random characters before the extension (`photo_a1b2c3d4e5.jpg` → `photo.jpg`), so a round
 * trip does not make names grow.
 */
export function uploadName(stored: string): string {
  return stored.replace(/_[a-z0-9]{10}((?:\.[^.]*){0,2})$/, "$1");
}
