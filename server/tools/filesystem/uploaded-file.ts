/**
 * Uploaded files and their stored names. A stored name never comes from the client as is:
 * `snake_case(base) + "_" + 10 random [a-z0-9] + cleaned extension`, as PocketBase does, so
 * names cannot traverse paths, collide or carry markup.
 */
import { randomInt } from "node:crypto";
import { extensionForMime, SNIFF_BYTES, sniffMime } from "./mime.ts";

const RANDOM_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** Longest kept base name (characters, after snake-casing). */
const MAX_BASE_LENGTH = 100;
/** Longest kept extension (characters, without the leading dot). */
const MAX_EXTENSION_LENGTH = 20;

/** `length` random characters from `[a-z0-9]`. */
export function randomName(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += RANDOM_ALPHABET.charAt(randomInt(RANDOM_ALPHABET.length));
  return out;
}

/**
 * PocketBase's `inflector.Snakecase`: splits at anything but ASCII letters and digits, breaks
 * camelCase words, joins with `_`, lower-cases. `My Photo` → `my_photo`, `myPhoto` → `my_photo`.
 */
export function snakecase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((word) => {
      let out = "";
      for (let i = 0; i < word.length; i++) {
        const c = word.charAt(i);
        const upper = c >= "A" && c <= "Z";
        const prev = word.charAt(i - 1);
        if (upper && i > 0 && !(prev >= "A" && prev <= "Z")) out += "_";
        out += c;
      }
      return out;
    })
    .join("_")
    .toLowerCase();
}

/**
 * The extension of a name with its dot, double extensions included (`a.tar.gz` → `.tar.gz`,
 * `a.txt` → `.txt`); `""` without a dot.
 */
export function extractExtension(name: string): string {
  const primary = name.lastIndexOf(".");
  if (primary === -1) return "";
  const secondary = name.lastIndexOf(".", primary - 1);
  return secondary >= 0 && primary > 0 ? name.slice(secondary) : name.slice(primary);
}

/**
 * The stored name of an upload: snake-cased base (at most 100 characters; padded with 10
 * random characters when shorter than 3), `_`, 10 random characters, and the cleaned original
 * extension (case kept; at most 20 characters) or, without one, the extension of the sniffed
 * content type.
 *
 * @example storedFileName("My Photo.PNG", "image/png") // "my_photo_k3j9x0a1bq.PNG"
 */
export function storedFileName(originalName: string, sniffedMime: string): string {
  const originalExt = extractExtension(originalName);
  let ext = originalExt.replace(/[^\w.*\-+=#]+/g, "");
  if (ext === "") ext = extensionForMime(sniffedMime);
  if (ext.length > MAX_EXTENSION_LENGTH) ext = `.${ext.slice(ext.length - MAX_EXTENSION_LENGTH)}`;
  let base = snakecase(originalName.slice(0, originalName.length - originalExt.length));
  if (base.length < 3) base += randomName(10);
  else if (base.length > MAX_BASE_LENGTH) base = base.slice(0, MAX_BASE_LENGTH);
  return `${base}_${randomName(10)}${ext}`;
}

/**
 * A file received in a request, before it is stored. When the content was larger than the
 * receiver was willing to keep, `data` holds only its first bytes and `complete` is false
 * (`size` is always the full size), so validation can still name the file and its size.
 */
export class UploadedFile {
  /** The name the client sent (never used as a path). */
  readonly originalName: string;
  /** The generated name the file is stored under. */
  readonly name: string;
  /** Size in bytes of the whole upload. */
  readonly size: number;
  /** The content (or its first bytes when `complete` is false). */
  readonly data: Buffer;
  /** Whether `data` is the whole content. */
  readonly complete: boolean;
  /** MIME type sniffed from the content. */
  readonly mime: string;

  constructor(originalName: string, data: Buffer, size = data.length) {
    this.originalName = originalName;
    this.data = data;
    this.size = size;
    this.complete = data.length === size;
    this.mime = sniffMime(data.subarray(0, SNIFF_BYTES));
    this.name = storedFileName(originalName, this.mime);
  }
}
