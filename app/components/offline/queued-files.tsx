/**
 * The files waiting in the offline outbox with a change (issue 28, ADR 072): name, size,
 * "waiting to be sent", removable before they are sent; an image is shown from its Blob (an
 * object URL, revoked when it goes). The desk lists them under each waiting change, and the
 * editor under the record it edits.
 */
import { useEffect, useId, useMemo, useState } from "react";
import { X } from "lucide-react";
import { useOfflineTranslation } from "../../lib/offline/messages.ts";
import { offlineStore, onOfflineChange } from "../../lib/offline/offline-db.ts";
import type { OutboxFile } from "../../lib/offline/outbox-files.ts";

const MB = 1024 * 1024;

/** A file's size in KB or MB, as the language writes numbers. */
function useSize(): (bytes: number) => string {
  const { t, i18n } = useOfflineTranslation();
  return (bytes) => {
    const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    return bytes < MB
      ? t("offline:files.sizeKb", { size: format.format(Math.max(1, Math.round(bytes / 1024))) })
      : t("offline:files.sizeMb", { size: format.format(bytes / MB) });
  };
}

/** An image's object URL while it is shown (revoked when it goes). */
function useObjectUrl(blob: Blob, image: boolean): string | null {
  const url = useMemo(
    () => (image && typeof URL.createObjectURL === "function" ? URL.createObjectURL(blob) : null),
    [blob, image],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

function QueuedFile({ file, onRemove }: { file: OutboxFile; onRemove?: () => void }) {
  const { t } = useOfflineTranslation();
  const size = useSize();
  const preview = useObjectUrl(file.blob, file.type.startsWith("image/"));
  return (
    <li className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="queued-file">
      {preview && (
        <img
          src={preview}
          alt={t("offline:files.preview", { name: file.name })}
          className="h-12 w-12 rounded object-cover"
        />
      )}
      <span className="min-w-0 flex-1 break-all text-stone-900">{file.name}</span>
      <span className="text-sm text-stone-700">
        {size(file.size)} · {t("offline:files.waiting")}
      </span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t("offline:files.remove", { name: file.name })}
          className="inline-flex h-9 w-9 items-center justify-center rounded text-red-800 hover:bg-red-50"
        >
          <X aria-hidden size={16} />
        </button>
      )}
    </li>
  );
}

/** Props of {@link QueuedFiles}. */
export interface QueuedFilesProps {
  files: readonly OutboxFile[];
  /** Takes a file out of its change before it is sent. */
  onRemove?: (key: string) => void;
  /** The heading's level where the list stands (the editor's sections are `h2`). */
  heading?: "h2" | "h4";
}

/** The files of a waiting change, under a heading. */
export function QueuedFiles({ files, onRemove, heading: Heading = "h4" }: QueuedFilesProps) {
  const { t } = useOfflineTranslation();
  const headingId = useId();
  if (!files.length) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-1" data-testid="queued-files">
      <Heading id={headingId} className="text-sm font-semibold text-stone-900">
        {t("offline:files.heading")}
      </Heading>
      <ul className="divide-y divide-stone-200 rounded border border-stone-200 text-sm">
        {files.map((file) => (
          <QueuedFile
            key={file.key}
            file={file}
            onRemove={
              onRemove
                ? () => {
                    onRemove(file.key);
                  }
                : undefined
            }
          />
        ))}
      </ul>
    </section>
  );
}

/** Takes a waiting file out of the change `key` (`entries/<id>`) of `account`'s outbox. */
export function removeQueuedFile(account: string, key: string, fileKey: string): void {
  void offlineStore(account)
    .then((store) => store.removeFile(key, fileKey))
    .catch((error: unknown) => {
      console.error("removing the waiting file failed", error);
    });
}

/** The files waiting with the change `key` of `account`'s outbox, kept current. */
export function useQueuedFiles(account: string, key: string | null): OutboxFile[] {
  const [files, setFiles] = useState<OutboxFile[]>([]);
  useEffect(() => {
    if (!key || typeof indexedDB === "undefined") return;
    let cancelled = false;
    const read = async () => {
      const changes = await (await offlineStore(account)).changes();
      const change = changes.find((c) => `${c.collection}/${c.id}` === key);
      if (!cancelled) setFiles(change?.files ?? []);
    };
    const reread = () => {
      read().catch(() => undefined);
    };
    reread();
    const unsubscribe = onOfflineChange(reread);
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [account, key]);
  return files;
}
