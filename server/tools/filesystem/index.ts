/**
 * Files: the storage contract and its local-folder and S3-bucket implementations, uploaded files and their
 * generated names, content sniffing and image thumbnails. The module's only public entry.
 */
export {
  assertValidKey,
  InvalidKeyError,
  StorageUnavailableError,
  type ByteRange,
  type FileStorage,
  type StoredFile,
} from "./storage.ts";
export { LocalStorage } from "./local-storage.ts";
export { cleanUpload, UnreadableImageError } from "./strip-metadata.ts";
export { S3Storage, type S3Bucket, type S3StorageOptions } from "./s3-storage.ts";
export {
  extractExtension,
  randomName,
  snakecase,
  storedFileName,
  UploadedFile,
} from "./uploaded-file.ts";
export {
  baseMime,
  extensionForMime,
  mimeAllowed,
  OCTET_STREAM,
  SNIFF_BYTES,
  sniffMime,
} from "./mime.ts";
export {
  canThumb,
  createThumb,
  imageDimensions,
  imageSizeAllowed,
  MAX_IMAGE_SIDE,
  MAX_THUMB_INPUT_PIXELS,
  parseThumbSize,
  THUMB_PLACEHOLDER,
  THUMB_SOURCE_TYPES,
  WEBP_SOURCES,
  type ThumbFormat,
  type ThumbSize,
} from "./thumbs.ts";
export { dataFolderId } from "./instance-id.ts";
export { removeTree } from "./remove-tree.ts";
