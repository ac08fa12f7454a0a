/**
 * The files of an imported post: its cover (`cover`), and the images its text shows, kept in
 * its `images` field (99 images of 10 MB, ADR 044). A file of the text that is not an image
 * (a PDF) stays out, with the reason: a post keeps images only.
 */
import { requireCollection } from "../collections/collection-lookup.ts";
import { oversizedImageError } from "../files/file-input.ts";
import type { FileField } from "../models/collection.ts";
import type { UploadedFile } from "../../tools/filesystem/index.ts";
import { fileItem, type ImportFiles, RefusedFile } from "./import-files.ts";
import { skipped, type PlannedPost, type PlannedFile, type SkippedItem } from "./import-plan.ts";

const posts = requireCollection("posts");

function fileField(name: string): FileField {
  const field = posts.fields.find((f) => f.name === name);
  if (field?.type !== "file") throw new Error(`posts.${name} is not a file field`);
  return field;
}

const COVER = fileField("cover");
const IMAGES = fileField("images");

/** A post's stored files: its cover, its images, and every upload by planned file. */
export interface PostFiles {
  cover: UploadedFile | null;
  images: UploadedFile[];
  uploads: Map<PlannedFile, UploadedFile>;
}

/**
 * Uploads a post's cover and the images of its text; the report lines of what stays out go to
 * `skip`. The text's reference to the cover itself links the stored cover.
 */
export async function importPostFiles(
  files: ImportFiles,
  post: PlannedPost,
  skip: (line: SkippedItem) => void,
): Promise<PostFiles> {
  const uploads = new Map<PlannedFile, UploadedFile>();
  let cover: UploadedFile | null = null;
  if (post.cover) {
    const upload = await files.upload(post.label, post.cover, COVER);
    if (upload instanceof RefusedFile) skip(upload.line);
    else uploads.set(post.cover, (cover = upload));
  }
  const images: UploadedFile[] = [];
  for (const file of post.inline) {
    if (file.path === post.cover?.path) {
      if (cover) uploads.set(file, cover);
      continue;
    }
    const item = fileItem(file, post.label);
    if (images.length >= IMAGES.maxSelect) {
      skip(skipped(item, "too_many_files", { max: IMAGES.maxSelect }));
      continue;
    }
    const upload = await files.upload(post.label, file, IMAGES);
    if (upload instanceof RefusedFile) {
      skip(upload.wrongType ? skipped(item, "post_file_not_kept") : upload.line);
      continue;
    }
    // An image that could never be thumbnailed would have the records service refuse the
    // post: it stays out instead.
    const tooLarge = await oversizedImageError([upload]);
    if (tooLarge) {
      const { width, height } = tooLarge.params ?? {};
      skip(skipped(item, "image_too_large", { size: `${String(width)}×${String(height)}` }));
      continue;
    }
    uploads.set(file, upload);
    images.push(upload);
  }
  return { cover, images, uploads };
}
