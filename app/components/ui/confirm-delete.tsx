/**
 * "Delete" on a record's page: a red button, a confirmation dialog naming what goes, the
 * caller's delete (through the browser's API client), a notification, and a way out. Shared
 * by the entry/post pages and the item page so the flow stays one.
 */
import { useState, type ReactNode } from "react";
import { Trash } from "lucide-react";
import { useNotify } from "../notifications/notifications.tsx";
import { useSafeNavigate } from "../../lib/browser/navigation.ts";
import { NOTIFY_ONLY, useFormSubmit } from "../forms/use-form-submit.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/** The visible words of a {@link ConfirmDelete}, already translated. */
export interface ConfirmDeleteLabels {
  button: string;
  title: string;
  confirm: string;
  cancel: string;
  /** The success notification. */
  deleted: string;
}

/** Props of {@link ConfirmDelete}. */
export interface ConfirmDeleteProps {
  labels: ConfirmDeleteLabels;
  /** Deletes the record; a rejection is notified and the dialog stays open. */
  remove: () => Promise<unknown>;
  /** Runs once the delete succeeded, before the notification (e.g. drops a draft). */
  onDeleted?: () => void;
  /** Where to go once deleted (replacing the current history entry). */
  redirectTo: string;
  /** The dialog's body. */
  children: ReactNode;
}

/** The delete button and its confirmation dialog. */
export function ConfirmDelete({
  labels,
  remove,
  onDeleted,
  redirectTo,
  children,
}: ConfirmDeleteProps) {
  const notify = useNotify();
  const navigate = useSafeNavigate();
  const [open, setOpen] = useState(false);
  const { busy, run } = useFormSubmit(NOTIFY_ONLY);

  const confirm = () =>
    run(async () => {
      await remove();
      onDeleted?.();
      setOpen(false);
      notify.success(labels.deleted);
      await navigate(redirectTo, { replace: true });
    });

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
        className="inline-flex items-center justify-center gap-2 rounded border border-red-300 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
      >
        <Trash aria-hidden size={16} />
        {labels.button}
      </button>
      <ConfirmDialog
        open={open}
        busy={busy}
        destructive
        title={labels.title}
        confirmLabel={labels.confirm}
        cancelLabel={labels.cancel}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
