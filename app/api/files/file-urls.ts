/**
 * The addresses of stored files (`GET /api/files/{collection}/{record}/{name}`): a record's
 * file, one of its thumbnails, an avatar, a post's cover. Each path segment is encoded here;
 * a file token, when the file needs one, is added by the page (`lib/records/record-files.ts`).
 */

/** Where the API lives: no crawler reads it (`robots.txt`). */
export const API_PREFIX = "/api/";

/** Where stored files are served: crawlers may read them (covers and avatars of previews). */
export const FILES_PREFIX = "/api/files/";

/**
 * Where the editor's preview points a picked file before it is uploaded (an address the
 * Markdown renderer accepts for images); it lives only inside the preview.
 */
export const PENDING_FILES_PREFIX = "/api/files/_pending/";

/**
 * The address of a stored file of a record (no token: links in the text must not expire).
 * `collection` is the collection's id or name (both are served).
 */
export function storedFileUrl(collection: string, recordId: string, name: string): string {
  return `${FILES_PREFIX}${encodeURIComponent(collection)}/${encodeURIComponent(recordId)}/${encodeURIComponent(name)}`;
}

/** The address of a thumbnail of a stored image (`thumb` one of the sizes the field declares). */
export function thumbUrl(
  collection: string,
  recordId: string,
  name: string,
  thumb: string,
): string {
  return `${storedFileUrl(collection, recordId, name)}?thumb=${encodeURIComponent(thumb)}`;
}

/** The URL of a file of a record, or its thumbnail; `""` without a file name. */
export function fileUrl(
  record: { collectionId: string; id: string },
  filename: string,
  thumb?: string,
): string {
  if (!filename) return "";
  return thumb
    ? thumbUrl(record.collectionId, record.id, filename, thumb)
    : storedFileUrl(record.collectionId, record.id, filename);
}

/** The URL of a user's avatar thumbnail (200x200), or `""` when they have none. */
export function avatarUrl(user: { id: string; collectionId: string; avatar: string }): string {
  if (!user.avatar || !user.collectionId) return "";
  return thumbUrl(user.collectionId, user.id, user.avatar, "200x200");
}

/** The URL of a post's cover thumbnail (one of the `cover` field's sizes). */
export function coverUrl(post: { id: string; cover: string }, thumb: string): string {
  return thumbUrl("posts", post.id, post.cover, thumb);
}
