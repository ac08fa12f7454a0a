/**
 * Uploaded images lose their metadata before they are stored (issue 23 finding 5): EXIF (GPS
 * position, camera, time), XMP and IPTC of a photo would otherwise be served to everyone who
 * may fetch the original. The EXIF orientation is applied to the pixels first, so the image
 * still stands the right way up, and the colour profile is kept. An image that carries no
 * such metadata is stored byte for byte as uploaded (no re-encoding, no loss).
 */
import type { Sharp } from "sharp";
import { baseMime } from "./mime.ts";
import { loadSharp } from "./sharp-module.ts";
import { imageDimensions, imageSizeAllowed, MAX_THUMB_INPUT_PIXELS } from "./thumbs.ts";
import { UploadedFile } from "./uploaded-file.ts";

/** Types whose metadata is removed (sharp reads and writes them). */
export const STRIPPED_TYPES: readonly string[] = [
  "image/jpeg",
  "image/jpg",
  "image/png",
  "image/webp",
  "image/gif",
  "image/tiff",
  "image/avif",
];

/** JPEG and WebP quality of a re-encoded photo: visually the same, metadata gone. */
const QUALITY = 92;
/** Seconds one image may take before sharp gives up (the upload then keeps nothing). */
const TIMEOUT_SECONDS = 30;

/** Re-encodes `image` in the format it came in. */
function sameFormat(image: Sharp, format: string): Sharp {
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality: QUALITY, chromaSubsampling: "4:4:4" });
    case "png":
      return image.png({ compressionLevel: 9 });
    case "webp":
      return image.webp({ quality: QUALITY });
    case "gif":
      return image.gif();
    case "tiff":
      return image.tiff();
    default:
      return image.avif({ quality: QUALITY });
  }
}

/**
 * `data` (of sniffed type `mime`) without EXIF, XMP or IPTC metadata, its orientation
 * applied; `data` itself when it has none, is not an image of {@link STRIPPED_TYPES}, or
 * does not parse as one. Rejects when an image with metadata cannot be re-encoded (it is then
 * refused, never stored with its metadata).
 */
export async function stripImageMetadata(data: Buffer, mime: string): Promise<Buffer> {
  if (!STRIPPED_TYPES.includes(baseMime(mime))) return data;
  const { default: sharp } = await loadSharp();
  const options = { limitInputPixels: MAX_THUMB_INPUT_PIXELS, animated: true } as const;
  let meta: Awaited<ReturnType<Sharp["metadata"]>>;
  try {
    meta = await sharp(data, options).metadata();
  } catch {
    // Not an image sharp can parse (bytes that only start like one): there is no metadata
    // it could remove either, and nothing will display it as an image.
    return data;
  }
  const oriented = meta.orientation !== undefined && meta.orientation !== 1;
  if (!meta.exif && !meta.xmp && !meta.iptc && !oriented) return data;
  const image = sharp(data, options)
    .timeout({ seconds: TIMEOUT_SECONDS })
    .autoOrient()
    .keepIccProfile();
  return sameFormat(image, meta.format).toBuffer();
}

/** An uploaded image that could not be decoded to remove its metadata. */
export class UnreadableImageError extends Error {
  constructor(name: string, cause: unknown) {
    super(`Failed to read the image ${JSON.stringify(name)}.`, { cause });
    this.name = "UnreadableImageError";
  }
}

/**
 * The upload to store: `upload` itself when there was nothing to remove (or it is not whole,
 * or declares more pixels than may be stored: validation refuses it), else the same file
 * without its metadata. Throws {@link UnreadableImageError} when an image cannot be decoded.
 */
export async function cleanUpload(upload: UploadedFile): Promise<UploadedFile> {
  if (!upload.complete || !STRIPPED_TYPES.includes(baseMime(upload.mime))) return upload;
  const size = await imageDimensions(upload.data);
  if (size && !imageSizeAllowed(size.width, size.height)) return upload;
  let data: Buffer;
  try {
    data = await stripImageMetadata(upload.data, upload.mime);
  } catch (error) {
    throw new UnreadableImageError(upload.originalName, error);
  }
  return data === upload.data ? upload : new UploadedFile(upload.originalName, data);
}
