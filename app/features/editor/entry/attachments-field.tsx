/**
 * The attachments of an entry in its form: stored files (download, insert into the text,
 * remove on save, keep again) and picked files waiting for the save (insert, drop). "Add
 * files" opens the form's file input (which the toolbar's attach button opens too).
 */
import { useId } from "react";
import type { LinkClick } from "../../../lib/records/file-token.ts";
import { FileText, ImageIcon, Paperclip, Undo2, X } from "lucide-react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { fileMarkdown, isImageName } from "../markdown/format-commands.ts";
import { displayFileName } from "../../../lib/records/record-files.ts";
import { MAX_ATTACHMENT_SIZE, MAX_ATTACHMENTS, type PendingFile } from "./attachments.ts";

/** Props of {@link AttachmentsField}. */
export interface AttachmentsFieldProps {
  /** Names of the stored files. */
  stored: string[];
  /** Stored files to remove on save. */
  removed: string[];
  pending: PendingFile[];
  /** Opens the file picker. */
  onAdd: () => void;
  onToggleRemove: (name: string) => void;
  onDropPending: (key: string) => void;
  /** Inserts Markdown into the text at the caret. */
  onInsert: (markdown: string) => void;
  /** The address a stored file's link points at in the text. */
  linkUrl: (name: string) => string;
  /** The download address of a stored file (with a file token when it needs one). */
  downloadUrl: (name: string) => string;
  /** Clicks on download links: renews an expired file token before the link is followed. */
  onDownloadClick?: (event: LinkClick) => void;
  /** A message for the field (API validation or a local limit). */
  error?: string;
}

/** The attachments section of the entry form. */
export function AttachmentsField(props: AttachmentsFieldProps) {
  const { t } = useAppTranslation();
  const id = useId();
  const headingId = `${id}-heading`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const kept = props.stored.filter((name) => !props.removed.includes(name)).length;
  const count = kept + props.pending.length;
  const insertButton = (name: string, url: string) => (
    <button
      type="button"
      onClick={() => {
        props.onInsert(fileMarkdown(name, url, isImageName(name)));
      }}
      className="rounded px-2 py-1 text-sm font-semibold text-amber-900 underline underline-offset-4 hover:bg-amber-50"
      aria-label={t("editor:attachments.insert", { name })}
    >
      {t("editor:attachments.insertShort")}
    </button>
  );

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-sm font-semibold text-stone-900">
        {t("editor:attachments.label")}
      </h2>
      <p id={hintId} className="text-sm text-stone-600">
        {t("editor:attachments.hint", {
          max: MAX_ATTACHMENTS,
          size: MAX_ATTACHMENT_SIZE / 1024 / 1024,
        })}
      </p>
      {props.stored.length + props.pending.length === 0 ? (
        <p className="text-sm text-stone-700">{t("editor:attachments.none")}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded border border-stone-200 bg-white">
          {props.stored.map((stored) => {
            const name = displayFileName(stored);
            const removing = props.removed.includes(stored);
            return (
              <li key={stored} className="flex flex-wrap items-center gap-2 px-3 py-2">
                {isImageName(stored) ? (
                  <ImageIcon aria-hidden size={18} className="text-stone-600" />
                ) : (
                  <FileText aria-hidden size={18} className="text-stone-600" />
                )}
                <a
                  href={props.downloadUrl(stored)}
                  onClick={props.onDownloadClick}
                  className={`min-w-0 flex-1 break-all underline underline-offset-4 ${removing ? "text-stone-500 line-through" : "text-stone-900"}`}
                  aria-label={t("editor:attachments.download", { name })}
                >
                  {name}
                </a>
                {removing ? (
                  <>
                    <span className="text-sm text-stone-700">
                      {t("editor:attachments.removing")}
                    </span>
                    <button
                      type="button"
                      onClick={() => {
                        props.onToggleRemove(stored);
                      }}
                      aria-label={t("editor:attachments.undoRemove", { name })}
                      className="inline-flex h-9 w-9 items-center justify-center rounded hover:bg-stone-100"
                    >
                      <Undo2 aria-hidden size={16} />
                    </button>
                  </>
                ) : (
                  <>
                    {insertButton(name, props.linkUrl(stored))}
                    <button
                      type="button"
                      onClick={() => {
                        props.onToggleRemove(stored);
                      }}
                      aria-label={t("editor:attachments.remove", { name })}
                      className="inline-flex h-9 w-9 items-center justify-center rounded text-red-800 hover:bg-red-50"
                    >
                      <X aria-hidden size={16} />
                    </button>
                  </>
                )}
              </li>
            );
          })}
          {props.pending.map(({ key, file, ref }) => (
            <li key={key} className="flex flex-wrap items-center gap-2 px-3 py-2">
              <Paperclip aria-hidden size={18} className="text-stone-600" />
              <span className="min-w-0 flex-1 break-all text-stone-900">{file.name}</span>
              <span className="text-sm text-stone-700">{t("editor:attachments.pending")}</span>
              {insertButton(file.name, ref)}
              <button
                type="button"
                onClick={() => {
                  props.onDropPending(key);
                }}
                aria-label={t("editor:attachments.remove", { name: file.name })}
                className="inline-flex h-9 w-9 items-center justify-center rounded text-red-800 hover:bg-red-50"
              >
                <X aria-hidden size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          disabled={count >= MAX_ATTACHMENTS}
          aria-describedby={[hintId, props.error ? errorId : ""].filter(Boolean).join(" ")}
          onClick={props.onAdd}
          className={buttonClass.secondary}
        >
          <Paperclip aria-hidden size={16} />
          {t("editor:attachments.add")}
        </button>
      </div>
      {props.error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {props.error}
        </p>
      )}
    </section>
  );
}
