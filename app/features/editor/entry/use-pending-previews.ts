/**
 * Object URLs of the files picked in the editor, so the preview shows a picked image at once,
 * before anything is uploaded. Each file gets one URL for as long as it stays picked; the URL
 * is revoked when the file is dropped or the editor closes.
 */
import { useEffect, useMemo, useState } from "react";
import { pendingPreviewUrl, type PendingFile } from "./attachments.ts";

/**
 * The preview address of each picked file (`/api/files/_pending/{key}`, see
 * `previewPendingLinks`) mapped to its object URL; empty on the server.
 */
export function usePendingPreviews(pending: readonly PendingFile[]): ReadonlyMap<string, string> {
  // One URL per file, made on first use; the cache outlives renders (never state to render).
  const [cache] = useState(() => new Map<File, string>());

  const urls = useMemo(() => {
    const map = new Map<string, string>();
    if (typeof URL.createObjectURL !== "function") return map;
    for (const { key, file } of pending) {
      let url = cache.get(file);
      if (!url) {
        url = URL.createObjectURL(file);
        cache.set(file, url);
      }
      map.set(pendingPreviewUrl(key), url);
    }
    return map;
  }, [pending, cache]);

  // A dropped file's URL goes at once; the rest when the editor closes.
  useEffect(() => {
    const picked = new Set(pending.map(({ file }) => file));
    for (const [file, url] of cache) {
      if (picked.has(file)) continue;
      URL.revokeObjectURL(url);
      cache.delete(file);
    }
  }, [pending, cache]);
  useEffect(
    () => () => {
      for (const url of cache.values()) URL.revokeObjectURL(url);
      cache.clear();
    },
    [cache],
  );

  return urls;
}
