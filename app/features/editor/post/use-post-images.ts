/**
 * The images of a post's text while it is edited (issue 25): images added with the toolbar,
 * pasted or dropped into the text wait in the browser, shown in the preview at once from
 * object URLs, and are uploaded with the save (`images+`); their links in the text point at
 * their names until the save answers with the stored names, then at the stored files, whose
 * reading pages serve them at the width of each screen (`srcset`, `shared/markdown/render.ts`).
 * The same machinery as an entry's attachments (`../entry/attachments.ts`), for images only.
 */
import { useState } from "react";
import type { PostRecord } from "../../../api/records/records.ts";
import { updateRecord } from "../../../api/records/record-writes.ts";
import { getBrowserClient } from "../../../api/client/browser-client.ts";
import { useNotify } from "../../../components/notifications/notifications.tsx";
import { files } from "../../../lib/paths.ts";
import type { AppT } from "../../../lib/i18n/i18n.ts";
import {
  addedNames,
  hasPendingLinks,
  newPendingFile,
  previewPendingLinks,
  resolvePendingLinks,
  type PendingFile,
} from "../entry/attachments.ts";
import { usePendingPreviews } from "../entry/use-pending-previews.ts";
import { fileMarkdown } from "../markdown/format-commands.ts";
import { POST_IMAGE_MAX_SIZE } from "#shared/records/file-limits.ts";

/** Most images a post holds (the registry's `maxSelect`). */
export const MAX_POST_IMAGES = 99;
/** Largest image in bytes (the registry's `maxSize`). */
export const MAX_POST_IMAGE_SIZE = POST_IMAGE_MAX_SIZE;
/** The types the `images` field takes. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/** What the post form does with its images. */
export interface PostImages {
  /** Images waiting for the save. */
  pending: readonly PendingFile[];
  /** The preview addresses of waiting images, mapped to their object URLs. */
  previews: ReadonlyMap<string, string>;
  /** A message naming the images that were refused, `""` when none was. */
  error: string;
  /**
   * Takes images (picked, pasted or dropped): those that fit wait for the save, and their
   * Markdown goes in at the caret through `insert`.
   */
  add(picked: File[], insert: (markdown: string) => void): void;
  /** The text for the preview: waiting images shown from their object URLs. */
  preview(text: string): string;
  /** The fields the save uploads. */
  uploads(): Record<string, unknown>;
  /** After a save: the text's links to the uploaded images point at the stored files. */
  resolve(saved: PostRecord, content: string): Promise<PostRecord>;
}

/** The images of the post form; `stored` are the post's images before this edit. */
export function usePostImages(stored: readonly string[], t: AppT): PostImages {
  const notify = useNotify();
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [error, setError] = useState("");
  const previews = usePendingPreviews(pending);
  const size = MAX_POST_IMAGE_SIZE / 1024 / 1024;

  return {
    pending,
    previews,
    error,
    add(picked, insert) {
      const accepted: PendingFile[] = [];
      const refused: string[] = [];
      let room = MAX_POST_IMAGES - stored.length - pending.length;
      for (const file of picked) {
        if (!IMAGE_TYPES.has(file.type))
          refused.push(t("editor:images.notImage", { name: file.name }));
        else if (file.size > MAX_POST_IMAGE_SIZE)
          refused.push(t("editor:images.tooLarge", { name: file.name, size }));
        else if (room <= 0) refused.push(t("editor:images.tooMany", { max: MAX_POST_IMAGES }));
        else {
          room -= 1;
          accepted.push(newPendingFile(file, [...pending, ...accepted]));
        }
      }
      setError([...new Set(refused)].join(" "));
      if (accepted.length === 0) return;
      setPending((current) => [...current, ...accepted]);
      for (const { file, ref } of accepted) insert(fileMarkdown(file.name, ref, true));
    },
    preview: (text) => previewPendingLinks(text, pending),
    uploads: () => (pending.length ? { "images+": pending.map((p) => p.file) } : {}),
    async resolve(saved, content) {
      const uploaded = pending;
      if (uploaded.length === 0) return saved;
      setPending((current) => current.filter((file) => !uploaded.includes(file)));
      if (!hasPendingLinks(content, uploaded)) return saved;
      const names = addedNames(stored, saved.images ?? []);
      const resolved = resolvePendingLinks(content, uploaded, names, (name) =>
        files.stored("posts", saved.id, name),
      );
      if (resolved === content) return saved;
      try {
        return await updateRecord<PostRecord>(getBrowserClient(), "posts", saved.id, {
          content: resolved,
        });
      } catch (failure) {
        notify.requestError(failure);
        return saved;
      }
    },
  };
}
