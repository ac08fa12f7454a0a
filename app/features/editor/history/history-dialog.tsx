/**
 * The editor's version history in a modal dialog (the native `<dialog>`: the browser keeps
 * focus inside, Escape closes it and focus returns to the History button): the versions on
 * one side, the selected one compared with the text in the editor on the other (stacked on
 * narrow screens), and its restore, confirmed first when the editor holds unsaved changes.
 * Loaded as a chunk of its own with the `diff` package, on the first opening.
 */
import { useEffect, useId, useRef, useState } from "react";
import { X } from "lucide-react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { HistoryCompare, type CurrentText } from "./history-compare.tsx";
import { HistoryVersions } from "./history-versions.tsx";
import type { HistoryCollection, RevisionRecord } from "../../../api/records/revisions.ts";
import type { Revisions } from "./use-revisions.ts";

/** Props of {@link HistoryDialog}. */
export interface HistoryDialogProps {
  open: boolean;
  onClose: () => void;
  collection: HistoryCollection;
  history: Revisions;
  current: CurrentText;
  /** Whether the editor holds changes a restore would replace. */
  unsaved: boolean;
  restoring: boolean;
  restoreError: string | null;
  onRestore: (revision: RevisionRecord) => void;
}

/** The history dialog. */
export function HistoryDialog(props: HistoryDialogProps) {
  const { t } = useAppTranslation();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const { open, history, onClose } = props;
  const [picked, setPicked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The newest version is selected until the writer picks another.
  const selected =
    history.versions.find((revision) => revision.id === picked) ?? history.versions[0] ?? null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function restore() {
    if (!selected) return;
    if (props.unsaved) setConfirming(true);
    else props.onRestore(selected);
  }

  const compareId = `${id}-compare`;
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      aria-busy={history.status === "loading" || undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!props.restoring) onClose();
      }}
      data-testid="history-dialog"
      className="m-auto max-h-[calc(100dvh-1rem)] w-[min(72rem,calc(100vw-1rem))] overflow-auto rounded-lg border border-stone-300 bg-stone-50 p-4 text-stone-900 shadow-xl backdrop:bg-stone-900/50 sm:p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 id={`${id}-title`} className="font-serif text-xl font-bold">
            {t("editor:history.title")}
          </h2>
          <p id={`${id}-intro`} className="text-sm text-stone-700">
            {t("editor:history.intro")}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          disabled={props.restoring}
          aria-label={t("editor:history.close")}
          title={t("editor:history.close")}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-amber-800"
        >
          <X aria-hidden size={20} />
        </button>
      </div>

      <div className="mt-4">
        {history.status === "loading" || history.status === "idle" ? (
          <p role="status" className="text-stone-700">
            {t("editor:history.loading")}
          </p>
        ) : history.status === "error" ? (
          <div role="alert" className="grid justify-items-start gap-3">
            <p className="font-medium text-red-800">{t("editor:history.failed")}</p>
            <button type="button" onClick={history.reload} className={buttonClass.secondary}>
              {t("editor:history.retry")}
            </button>
          </div>
        ) : history.versions.length === 0 || !selected ? (
          <p className="text-stone-700">{t("editor:history.empty")}</p>
        ) : (
          <div className="grid gap-6 md:grid-cols-[minmax(14rem,18rem)_1fr]">
            <HistoryVersions
              controls={compareId}
              versions={history.versions}
              older={history.older}
              total={history.total}
              selected={selected.id}
              onSelect={setPicked}
              more={history.more}
              loadingMore={history.loadingMore}
              moreFailed={history.moreFailed}
              onLoadMore={history.loadMore}
            />
            <HistoryCompare
              id={compareId}
              collection={props.collection}
              revision={selected}
              current={props.current}
              restoring={props.restoring}
              error={props.restoreError}
              onRestore={restore}
            />
          </div>
        )}
      </div>

      <ConfirmDialog
        open={confirming && selected !== null}
        title={t("editor:history.confirmTitle")}
        confirmLabel={t("editor:history.confirmRestore")}
        cancelLabel={t("editor:history.confirmCancel")}
        destructive
        onConfirm={() => {
          setConfirming(false);
          if (selected) props.onRestore(selected);
        }}
        onCancel={() => {
          setConfirming(false);
        }}
      >
        <p>{t("editor:history.confirmText", { version: selected?.version ?? "" })}</p>
      </ConfirmDialog>
    </dialog>
  );
}
