/**
 * The site's icon and social image (ADR 069): one uploaded image becomes the favicon, the
 * Apple touch icon and the manifest's icons (plain and maskable); another (or none) the
 * social image of pages without a cover. Rendered once with sharp (loaded on first need) and
 * kept in the file storage under `_site/`, by version (a hash of the upload), so an address
 * carrying the version never changes content. Without an upload the icons are drawn from
 * Cahier's own icon (`public/favicon.svg`), once per process.
 */
import { loadSharp } from "../../tools/filesystem/sharp-module.ts";
import type { FileStorage } from "../../tools/filesystem/storage.ts";
import { badRequest, fieldError } from "../errors.ts";
import {
  SITE_ICON_FILES,
  SOCIAL_IMAGE_SIZE,
  type SiteIconName,
} from "../../../shared/site/site-files.ts";
import { contentVersion } from "./site-identity.ts";

/** Largest upload (bytes). */
export const MAX_SITE_IMAGE_BYTES = 5 * 1024 * 1024;
/** Smallest side of an icon upload (pixels): the manifest asks for 512. */
export const MIN_ICON_SIDE = 192;
/** Largest image sharp is asked to decode (pixels). */
const MAX_INPUT_PIXELS = 50_000_000;
/** The social image's size. */
export const SOCIAL_IMAGE = SOCIAL_IMAGE_SIZE;

/** Cahier's icon: the drawing of `public/favicon.svg` (a test keeps them the same). */
export const DEFAULT_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#92400e"/><path d="M9 7h11a3 3 0 0 1 3 3v15H12a3 3 0 0 1-3-3z" fill="#fef3c7"/><path d="M13 12h6M13 16h6M13 20h4" stroke="#92400e" stroke-width="1.6" stroke-linecap="round"/></svg>';

/** Formats accepted as uploads (sharp's names). */
const ACCEPTED = new Set(["png", "jpeg", "webp", "gif", "svg", "avif"]);

const ICON_ROOT = "_site/icon/";
const SOCIAL_ROOT = "_site/social/";

function invalid(field: string, code: string, message: string): Error {
  return badRequest("An error occurred while validating the submitted data.", {
    [field]: fieldError(code, message),
  });
}

/** The upload read by sharp; a 400 on `field` when it is no image or too small. */
async function openUpload(field: string, data: Buffer, minSide: number) {
  const { default: sharp } = await loadSharp();
  let meta: import("sharp").Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw invalid(field, "validation_invalid_image", "The file is not an image sharp can read.");
  }
  if (!ACCEPTED.has(meta.format))
    throw invalid(
      field,
      "validation_invalid_mime_type",
      "Upload a PNG, JPEG, WebP, AVIF, GIF or SVG image.",
    );
  const side = Math.min(meta.width, meta.height);
  if (meta.format !== "svg" && side < minSide)
    throw invalid(
      field,
      "validation_image_too_small",
      `The image is ${meta.width}×${meta.height} pixels; it must be at least ${minSide}×${minSide}.`,
    );
  return (input: Buffer) =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, density: meta.format === "svg" ? 600 : 72 });
}

/** Every icon file drawn from `data` (an image of any accepted format). */
export async function renderIcons(
  data: Buffer,
  field = "icon",
): Promise<Map<SiteIconName, Buffer>> {
  const open = await openUpload(field, data, MIN_ICON_SIDE);
  const out = new Map<SiteIconName, Buffer>();
  for (const [name, spec] of Object.entries(SITE_ICON_FILES) as [
    SiteIconName,
    (typeof SITE_ICON_FILES)[SiteIconName],
  ][]) {
    const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
    const white = { r: 255, g: 255, b: 255, alpha: 1 };
    if (spec.purpose === "maskable") {
      // A maskable icon's safe zone is the centre circle of 80 %: the image sits within it.
      const inner = Math.round(spec.size * 0.7);
      const image = await open(data)
        .resize(inner, inner, { fit: "contain", background: transparent })
        .png()
        .toBuffer();
      const { default: sharp } = await loadSharp();
      const ground = {
        width: spec.size,
        height: spec.size,
        channels: 4 as const,
        background: white,
      };
      out.set(
        name,
        await sharp({ create: ground })
          .composite([{ input: image, gravity: "centre" }])
          .png({ compressionLevel: 9 })
          .toBuffer(),
      );
      continue;
    }
    let pipeline = open(data).resize(spec.size, spec.size, {
      fit: "contain",
      background: spec.opaque ? white : transparent,
    });
    // iOS paints a transparent touch icon black: it gets a white ground.
    if (spec.opaque) pipeline = pipeline.flatten({ background: white });
    out.set(name, await pipeline.png({ compressionLevel: 9 }).toBuffer());
  }
  return out;
}

/** The social image drawn from `data`: 1200×630 JPEG, cropped to fill. */
export async function renderSocialImage(data: Buffer, field = "socialImage"): Promise<Buffer> {
  const open = await openUpload(field, data, 200);
  return open(data)
    .rotate()
    .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: "cover" })
    .flatten({ background: { r: 255, g: 255, b: 255 } })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/** The site's images in the file storage. */
export class SiteImages {
  private readonly storage: FileStorage;
  private defaults: Promise<Map<SiteIconName, Buffer>> | undefined;

  constructor(storage: FileStorage) {
    this.storage = storage;
  }

  /** Renders and stores the icons of an upload; answers their version. */
  async saveIcon(data: Buffer): Promise<string> {
    const icons = await renderIcons(data);
    const version = contentVersion(data);
    for (const [name, bytes] of icons) await this.storage.write(iconKey(version, name), bytes);
    return version;
  }

  /** Renders and stores a social image; answers its version. */
  async saveSocialImage(data: Buffer): Promise<string> {
    const image = await renderSocialImage(data);
    const version = contentVersion(data);
    await this.storage.write(`${SOCIAL_ROOT}${version}/social.jpg`, image);
    return version;
  }

  /** Removes every stored version of `kind` but `keep`. */
  async prune(kind: "icon" | "socialImage", keep: string): Promise<void> {
    const root = kind === "icon" ? ICON_ROOT : SOCIAL_ROOT;
    const versions = new Set<string>();
    for await (const { key } of this.storage.list(root)) {
      const version = key.slice(root.length).split("/")[0];
      if (version && version !== keep) versions.add(version);
    }
    for (const version of versions) await this.storage.deletePrefix(`${root}${version}/`);
  }

  /** An icon's bytes: the stored upload's (`version`), or Cahier's own drawn at that size. */
  async icon(version: string, name: SiteIconName): Promise<Buffer | null> {
    if (version) {
      const file = await this.storage.open(iconKey(version, name));
      if (file) {
        try {
          return await file.read(0, file.size);
        } finally {
          await file.close();
        }
      }
    }
    this.defaults ??= renderIcons(Buffer.from(DEFAULT_ICON_SVG));
    this.defaults.catch(() => {
      this.defaults = undefined;
    });
    return (await this.defaults).get(name) ?? null;
  }

  /** The stored social image of `version`, or null. */
  async socialImage(version: string): Promise<Buffer | null> {
    if (!version) return null;
    const file = await this.storage.open(`${SOCIAL_ROOT}${version}/social.jpg`);
    if (!file) return null;
    try {
      return await file.read(0, file.size);
    } finally {
      await file.close();
    }
  }
}

function iconKey(version: string, name: SiteIconName): string {
  return `${ICON_ROOT}${version}/${name}.png`;
}
