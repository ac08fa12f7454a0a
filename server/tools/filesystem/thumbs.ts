/**
 * Image thumbnails with sharp, in PocketBase's size formats: `WxH` (crop to fill, centred),
 * `WxHt` / `WxHb` (crop from the top / bottom), `WxHf` (fit inside, never enlarged), `0xH` and
 * `Wx0` (resize keeping the aspect ratio). Only the first frame of animated images is used.
 */
import type { Sharp } from "sharp";
import { baseMime } from "./mime.ts";
import { loadSharp } from "./sharp-module.ts";

/** Thumbnails are only made from these (sniffed) types; anything else is served as is. */
export const THUMB_SOURCE_TYPES: readonly string[] = [
  "image/png",
  "image/jpg",
  "image/jpeg",
  "image/gif",
  "image/webp",
];
/**
 * SECURITY: images declaring more pixels than this are refused before decoding (a
 * decompression bomb such as a 65535×65535 PNG is a few kilobytes on disk).
 */
export const MAX_THUMB_INPUT_PIXELS = 40_000_000;
/**
 * SECURITY: the longest side an uploaded image may declare. With `MAX_THUMB_INPUT_PIXELS`,
 * uploads beyond it are refused, so every stored image can be thumbnailed and no page ever
 * has to send a huge original in place of a thumbnail.
 */
export const MAX_IMAGE_SIDE = 16_384;
/**
 * What is served for a thumbnail that cannot be made: a 1×1 light grey PNG (90 bytes), so a
 * page never receives the original instead. Stored as the failure's marker (see file service).
 */
export const THUMB_PLACEHOLDER: Buffer = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQI12N4+vQpAAViArBAnM+zAAAAAElFTkSuQmCC",
  "base64",
);
/** Seconds one thumbnail may take before sharp gives up. */
const THUMB_TIMEOUT_SECONDS = 20;

/** A parsed thumb size; a zero side means "keep the aspect ratio". */
export interface ThumbSize {
  width: number;
  height: number;
  mode: "center" | "top" | "bottom" | "fit";
}

/** Parses `WxH`, `WxHt`, `WxHb`, `WxHf`, `0xH`, `Wx0`; null for anything else (or `0x0`). */
export function parseThumbSize(size: string): ThumbSize | null {
  const m = /^(\d{1,5})x(\d{1,5})([tbf])?$/.exec(size);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (width === 0 && height === 0) return null;
  const mode = m[3] === "t" ? "top" : m[3] === "b" ? "bottom" : m[3] === "f" ? "fit" : "center";
  return { width, height, mode };
}

/** Whether thumbnails can be made from content of this (sniffed) type. */
export function canThumb(mime: string): boolean {
  return THUMB_SOURCE_TYPES.includes(baseMime(mime));
}

/**
 * The pixel size an image declares in its header (read without decoding, EXIF orientation
 * ignored since it only swaps the sides); null when it is not an image sharp can read.
 */
export async function imageDimensions(
  data: Uint8Array,
): Promise<{ width: number; height: number } | null> {
  const { default: sharp } = await loadSharp();
  try {
    const { width, height } = await sharp(data, { limitInputPixels: false, pages: 1 }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Whether an image of this size may be stored (see `MAX_IMAGE_SIDE`). */
export function imageSizeAllowed(width: number, height: number): boolean {
  return (
    width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_THUMB_INPUT_PIXELS
  );
}

/**
 * A thumbnail's format: PocketBase's (`same`: JPEG stays JPEG, GIF stays GIF, the rest PNG),
 * or WebP for a client that takes it.
 */
export type ThumbFormat = "same" | "webp";

/** Types whose thumbnails may be WebP (GIF stays GIF: its frames are its point). */
export const WEBP_SOURCES: ReadonlySet<string> = new Set([
  "image/jpeg",
  "image/jpg",
  "image/png",
  "image/webp",
]);

/**
 * Makes a thumbnail of `input` (whose sniffed type is `sourceMime`). JPEG stays JPEG, GIF
 * stays GIF, everything else (PNG, WebP) becomes PNG, as PocketBase does; `webp` makes WebP
 * instead. Rejects on undecodable, oversized (`MAX_THUMB_INPUT_PIXELS`) or too slow input.
 */
export async function createThumb(
  input: Uint8Array,
  size: ThumbSize,
  sourceMime: string,
  format: ThumbFormat = "same",
): Promise<Buffer> {
  const { default: sharp } = await loadSharp();
  let image: Sharp = sharp(input, {
    limitInputPixels: MAX_THUMB_INPUT_PIXELS,
    sequentialRead: true,
    pages: 1,
  })
    .timeout({ seconds: THUMB_TIMEOUT_SECONDS })
    .autoOrient();
  const { width, height, mode } = size;
  if (width === 0 || height === 0) {
    image = image.resize(width || null, height || null);
  } else if (mode === "fit") {
    image = image.resize(width, height, { fit: "inside", withoutEnlargement: true });
  } else {
    const position = mode === "top" ? "top" : mode === "bottom" ? "bottom" : "centre";
    image = image.resize(width, height, { fit: "cover", position });
  }
  const type = baseMime(sourceMime);
  if (format === "webp" && WEBP_SOURCES.has(type)) return image.webp({ quality: 80 }).toBuffer();
  if (type === "image/jpeg" || type === "image/jpg") return image.jpeg({ quality: 90 }).toBuffer();
  if (type === "image/gif") return image.gif().toBuffer();
  return image.png().toBuffer();
}
